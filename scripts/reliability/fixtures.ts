// What the scenarios create over HTTP, as a user would: binders, P&Ps whose every role is the
// admin's (so one person can walk a draft through the whole workflow), files and user sheets.
import { randomBytes } from 'node:crypto';
import { type Answer, type Browser, ok } from './http';

export const today = (): string => new Date().toISOString().slice(0, 10);

/** A unique word for names in this run (P&P, binder and user names are unique in places). */
export const tag = (): string => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** A small text document with content of its own (P&P files are accepted by content; TXT is one type). */
export function textFile(label: string): Buffer {
  return Buffer.from(`Reliability document ${label}\n${randomBytes(96).toString('base64')}\nEnd of ${label}.\n`);
}

export async function createBinder(b: Browser, orgId: number, name: string): Promise<number> {
  const res = await b.post<{ item: { id: number } }>(`/api/o/${orgId}/containers`, {
    json: { item: { item_type: 1, name } },
  });
  if (res.status !== 201 || !res.body) {
    throw new Error(`creating binder '${name}' failed: ${res.status} ${res.bytes.toString()}`);
  }
  return res.body.item.id;
}

export interface WorkflowPnp {
  pnpId: number;
  docId: number;
  /** The next action of the cycle (an index into WORKFLOW_CYCLE). */
  next: number;
}

/** Owner, Author, Reviewer and step-1 Approver all the admin: every stage is the admin's to act on. */
export async function createWorkflowPnp(
  b: Browser,
  orgId: number,
  userId: number,
  binderId: number,
  name: string,
  file: Buffer = textFile(name),
): Promise<WorkflowPnp & { answer: Answer }> {
  const form = new FormData();
  form.set(
    'pnp',
    JSON.stringify({
      name,
      container_id: binderId,
      participants: [
        { user_id: userId, role: 1 },
        { user_id: userId, role: 2 },
        { user_id: userId, role: 3 },
        { user_id: userId, role: 4, approval_step: 1 },
      ],
    }),
  );
  form.set('document', JSON.stringify({ effective_dt: today(), review_cycle_years: 1, reminder_days: 30 }));
  form.set('file', new Blob([new Uint8Array(file)], { type: 'text/plain' }), `${name}.txt`);
  const answer = await b.post<{ pnp: { id: number }; pnp_document: { id: number } }>(`/api/o/${orgId}/pnps`, { form });
  if (answer.status !== 201 || !answer.body) return { pnpId: 0, docId: 0, next: 0, answer };
  return { pnpId: answer.body.pnp.id, docId: answer.body.pnp_document.id, next: 0, answer };
}

/** One full turn of a P&P: through every stage of a draft to Active, then a new revision draft. */
export const WORKFLOW_CYCLE = ['submit', 'accept_review', 'approve', 'publish', 'start_revision'] as const;
export type CycleAction = (typeof WORKFLOW_CYCLE)[number];
/** The name each action has in the workflow history (and the change log). */
export const HISTORY_NAMES: Record<CycleAction, string> = {
  submit: 'Submit',
  accept_review: 'Accept',
  approve: 'Approve',
  publish: 'Publish',
  start_revision: 'Start Revision',
};

/** Takes the P&P's next step; on success moves `p` on (a revision names its new draft). */
export async function workflowStep(
  b: Browser,
  orgId: number,
  p: WorkflowPnp,
): Promise<{ action: CycleAction; answer: Answer }> {
  const action = WORKFLOW_CYCLE[p.next % WORKFLOW_CYCLE.length]!;
  const query = `?pnp_id=${p.pnpId}`;
  const answer =
    action === 'start_revision'
      ? await b.post<{ pnp_document: { id: number } }>(
          `/api/o/${orgId}/pnp_documents/${p.docId}/start_revision${query}`,
          { json: {} },
        )
      : await b.post<{ pnp_document: { id: number } }>(`/api/o/${orgId}/pnp_documents/${p.docId}/workflow${query}`, {
          json:
            action === 'publish'
              ? { action, effective_dt: today(), review_cycle_years: 1, reminder_days: 30 }
              : { action },
        });
  if (ok(answer)) {
    if (action === 'start_revision' && answer.body) p.docId = answer.body.pnp_document.id;
    p.next += 1;
  }
  return { action, answer };
}

/** A user sheet (CSV) of `count` new users whose usernames start with `prefix` (full name 'Rel <username>'). */
export function usersCsv(prefix: string, count: number): { bytes: Buffer; usernames: string[] } {
  const usernames = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  const lines = ['First Name,Last Name,Email,Username', ...usernames.map((u) => `Rel,${u},${u}@example.com,${u}`)];
  return { bytes: Buffer.from(`${lines.join('\n')}\n`), usernames };
}
