import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_CHANGED_MESSAGE } from '../../../shared/api/pnp-documents';
import { DraftStage } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createUser, grant, type TestUser } from '../../test/factories';
import type { Agent, TestApp } from '../../test/harness';
import { createTestApp } from '../../test/harness';
import {
  createPnpFromDocx,
  createWorkflowOrg,
  docxOf,
  postForm,
  signInAll,
  type WorkflowOrg,
} from '../../test/pnp-factories';

/**
 * A workflow action carries what the document screen showed (`expected`: stage, approval step,
 * file, and how many times the draft had moved). One taken on a draft that changed since is refused
 * (409) and changes nothing, also when the draft went back to Authoring and came round to the same
 * stage, step and file; a fellow approver's sign-off is not such a change.
 */

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
let secondApprover: TestUser;
let second: Agent;

beforeAll(async () => {
  t = await createTestApp();
  // Reviewer Rae; approval step 1 held by Al and a second approver, so one step has two sign-offs.
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  secondApprover = await createUser(t.deps, w.org.id, { firstName: 'Ada', lastName: 'Also' });
  await grant(t.deps, w.org.id, { containerId: w.binder.id }, { userId: secondApprover.id }, 4, 1);
  a = await signInAll(t, w);
  second = await t.signIn(secondApprover.username, secondApprover.password);
});
afterAll(async () => t.close());

type Ref = { pnpId: number; docId: number };
interface Seen {
  draft_stage: number | null;
  approval_step: number | null;
  file_id: number | null;
  draft_moves: number | null;
}

const url = (d: Ref, tail = '') => `/api/o/${w.org.id}/pnp_documents/${d.docId}${tail}?pnp_id=${d.pnpId}`;
const act = (agent: Agent, d: Ref, body: Record<string, unknown>) => agent.post(url(d, '/workflow'), body);

/** What the document screen shows this person: what it sends back with an action. */
async function open(agent: Agent, d: Ref): Promise<Seen> {
  const res = await agent.get(url(d));
  expect(res.statusCode).toBe(200);
  const doc = res.json().pnp_document;
  return {
    draft_stage: doc.draft_stage,
    approval_step: doc.approval_step,
    file_id: doc.file?.id ?? null,
    draft_moves: doc.draft_moves,
  };
}

/** The approvals recorded on the draft (the reviewer's acceptance stays beside them). */
const approvalsOf = (d: Ref) =>
  withSystem(t.deps.database.db, (tx) =>
    queryRows<{ user_id: number; decision: string }>(
      tx,
      sql`select user_id, decision from document_signoffs
          where document_id = ${d.docId} and decision = 'approved' order by id`,
    ),
  );
const historyOf = async (d: Ref) =>
  (await a.admin.get(`/api/o/${w.org.id}/pnp_documents/workflow_history?pnp_id=${d.pnpId}`)).json()
    .workflow_history as Array<{ action: string }>;

/** A new draft taken through Reviewing to Approving step 1. */
async function inApproving(name: string): Promise<Ref> {
  const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, `${name} ${Date.now()}`);
  const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
  expect((await act(a.author, d, { action: 'submit' })).statusCode).toBe(200);
  expect((await act(a.reviewer, d, { action: 'accept_review' })).statusCode).toBe(200);
  expect(await open(a.admin, d)).toMatchObject({ draft_stage: DraftStage.Approving, approval_step: 1 });
  return d;
}

/** The author replaces the file (back to Authoring) and the draft comes round to Approving step 1 again. */
async function replacedAndBack(d: Ref): Promise<void> {
  const replaced = await postForm(
    a.author,
    `/api/o/${w.org.id}/pnp_documents/replace_file`,
    { pnp_id: String(d.pnpId), id: String(d.docId) },
    [{ name: 'changed.docx', bytes: await docxOf('Changed', ['A new rule nobody approved.']) }],
  );
  expect(replaced.statusCode).toBe(200);
  expect(replaced.json().pnp_document.draft_stage).toBe(DraftStage.Authoring);
  expect((await act(a.author, d, { action: 'submit' })).statusCode).toBe(200);
  expect((await act(a.reviewer, d, { action: 'accept_review' })).statusCode).toBe(200);
  expect(await open(a.admin, d)).toMatchObject({ draft_stage: DraftStage.Approving, approval_step: 1 });
}

/** Submitted again with the file it has, the draft comes round through Reviewing to Approving step 1. */
async function resubmittedUnchanged(d: Ref): Promise<void> {
  expect((await act(a.author, d, { action: 'submit' })).statusCode).toBe(200);
  expect((await act(a.reviewer, d, { action: 'accept_review' })).statusCode).toBe(200);
}

describe('a workflow action on a draft that changed since it was opened', () => {
  it('refuses an approval given on a page opened before the file was replaced, and records none', async () => {
    const d = await inApproving('Stale Approval');
    const seen = await open(a.approver1, d);
    await replacedAndBack(d);
    const historyBefore = (await historyOf(d)).length;

    const res = await act(a.approver1, d, { action: 'approve', expected: seen });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([DRAFT_CHANGED_MESSAGE]);
    // Same stage and step as the page showed: only the file tells them apart.
    expect((await open(a.approver1, d)).file_id).not.toBe(seen.file_id);
    expect(await approvalsOf(d)).toEqual([]);
    expect(await open(a.admin, d)).toMatchObject({ draft_stage: DraftStage.Approving, approval_step: 1 });
    expect((await historyOf(d)).length).toBe(historyBefore);
  });

  it('accepts the action once the approver acts on the draft as it is now', async () => {
    const d = await inApproving('Current Approval');
    const stale = await open(a.approver1, d);
    await replacedAndBack(d);
    expect((await act(a.approver1, d, { action: 'approve', expected: stale })).statusCode).toBe(409);

    // Reload, then act again: what the page shows now is what the draft is.
    const res = await act(a.approver1, d, { action: 'approve', expected: await open(a.approver1, d) });
    expect(res.statusCode).toBe(200);
    expect(await approvalsOf(d)).toEqual([{ user_id: w.approver1.id, decision: 'approved' }]);
  });

  it("lets two approvers of one step act one after the other: a fellow approver's sign-off is no change", async () => {
    const d = await inApproving('Two Approvers');
    const seenByFirst = await open(a.approver1, d);
    const seenBySecond = await open(second, d);
    const seenByOwner = await open(a.policyOwner, d);

    expect((await act(a.approver1, d, { action: 'approve', expected: seenByFirst })).statusCode).toBe(200);
    expect(await open(a.admin, d)).toMatchObject({ draft_stage: DraftStage.Approving, approval_step: 1 });
    expect((await act(second, d, { action: 'approve', expected: seenBySecond })).statusCode).toBe(200);
    expect(await approvalsOf(d)).toEqual([
      { user_id: w.approver1.id, decision: 'approved' },
      { user_id: secondApprover.id, decision: 'approved' },
    ]);
    expect((await open(a.admin, d)).draft_stage).toBe(DraftStage.Publishing);

    // The last approval did move the draft on: a page still showing Approving cannot publish it.
    const publish = { action: 'publish', effective_dt: '2030-01-01', review_cycle_years: 1, reminder_days: 30 };
    const stalePublish = await act(a.policyOwner, d, { ...publish, expected: seenByOwner });
    expect(stalePublish.statusCode).toBe(409);
    expect(stalePublish.json().errors).toEqual([DRAFT_CHANGED_MESSAGE]);
    expect((await open(a.admin, d)).draft_stage).toBe(DraftStage.Publishing);
  });

  it('refuses a stale Send to Authors through the ad hoc call too', async () => {
    const d = await inApproving('Stale Send Back');
    const seen = await open(a.admin, d);
    await replacedAndBack(d);
    await act(a.approver1, d, { action: 'approve' });
    const res = await a.admin.post(url(d, '/adhoc_send_to_authors'), { comment: 'Rework it.', expected: seen });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([DRAFT_CHANGED_MESSAGE]);
    expect(await approvalsOf(d)).toHaveLength(1);
    const fresh = await a.admin.post(url(d, '/adhoc_send_to_authors'), { expected: await open(a.admin, d) });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().pnp_document.draft_stage).toBe(DraftStage.Authoring);
  });

  // Back to Authoring and round again with the same file: the same stage, step and file as the page
  // showed, but a round the approver never saw (a decline comment, the history in between).
  const sentBack: Array<[string, (d: Ref) => Promise<void>]> = [
    [
      'a fellow approver declined it',
      async (d) => {
        const declined = await act(second, d, { action: 'decline_approval', comment: 'Section 2 is wrong.' });
        expect(declined.statusCode).toBe(200);
      },
    ],
    [
      'it was sent to its authors',
      async (d) => {
        expect((await act(a.admin, d, { action: 'send_to_authors', comment: 'Rework it.' })).statusCode).toBe(200);
      },
    ],
  ];
  it.each(sentBack)(
    'refuses an approval given on a page opened before %s and it came back with the same file',
    async (_how, sendBack) => {
      const d = await inApproving('Same File Round');
      const stale = await open(a.approver1, d);
      await sendBack(d);
      expect((await open(a.admin, d)).draft_stage).toBe(DraftStage.Authoring);
      await resubmittedUnchanged(d);
      const now = await open(a.approver1, d);
      expect(now).toMatchObject({ draft_stage: stale.draft_stage, approval_step: 1, file_id: stale.file_id });
      const historyBefore = (await historyOf(d)).length;

      const res = await act(a.approver1, d, { action: 'approve', expected: stale });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual([DRAFT_CHANGED_MESSAGE]);
      expect(await approvalsOf(d)).toEqual([]);
      expect((await historyOf(d)).length).toBe(historyBefore);

      // Reloaded, the page shows this round: approving it is what the approver means.
      expect((await act(a.approver1, d, { action: 'approve', expected: now })).statusCode).toBe(200);
      expect(await approvalsOf(d)).toEqual([{ user_id: w.approver1.id, decision: 'approved' }]);
    },
  );

  it('refuses an acceptance given on a page opened in an earlier round of Reviewing with the same file', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, `Review Round ${Date.now()}`);
    const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
    expect((await act(a.author, d, { action: 'submit' })).statusCode).toBe(200);
    const stale = await open(a.reviewer, d);
    expect(stale.draft_stage).toBe(DraftStage.Reviewing);
    expect((await act(a.admin, d, { action: 'send_to_authors', comment: 'Not yet.' })).statusCode).toBe(200);
    expect((await act(a.author, d, { action: 'submit' })).statusCode).toBe(200);
    expect(await open(a.reviewer, d)).toMatchObject({ draft_stage: DraftStage.Reviewing, file_id: stale.file_id });

    const res = await act(a.reviewer, d, { action: 'accept_review', expected: stale });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([DRAFT_CHANGED_MESSAGE]);
    expect((await open(a.admin, d)).draft_stage).toBe(DraftStage.Reviewing);
    const fresh = await act(a.reviewer, d, { action: 'accept_review', expected: await open(a.reviewer, d) });
    expect(fresh.statusCode).toBe(200);
    expect((await open(a.admin, d)).draft_stage).toBe(DraftStage.Approving);
  });

  it('shows no moves for a version that is no longer a draft', async () => {
    const d = await inApproving('Published Moves');
    expect((await act(a.approver1, d, { action: 'approve' })).statusCode).toBe(200);
    expect((await act(second, d, { action: 'approve' })).statusCode).toBe(200);
    const publish = { action: 'publish', effective_dt: '2030-01-01', review_cycle_years: 1, reminder_days: 30 };
    expect((await act(a.binderOwner, d, publish)).statusCode).toBe(200);
    expect((await open(a.admin, d)).draft_moves).toBeNull();
  });

  it('refuses a malformed expected field (422), and a well-formed stale one (409)', async () => {
    const d = await inApproving('Malformed Expected');
    const seen = await open(a.approver1, d);
    const whole = 'expected must give the draft_stage, approval_step, file_id and draft_moves you saw.';
    const movesMessage = 'expected.draft_moves must be a whole number or null.';
    const { draft_moves: _moves, ...withoutMoves } = seen;
    const malformed: Array<[unknown, string]> = [
      ['Approving', whole],
      [
        { draft_stage: seen.draft_stage, approval_step: seen.approval_step, draft_moves: seen.draft_moves },
        'expected.file_id must be a positive whole number or null.',
      ],
      // What a page built before draft_moves existed sends: it cannot tell one round from another.
      [withoutMoves, movesMessage],
      [{ ...seen, draft_moves: -1 }, movesMessage],
      [{ ...seen, draft_moves: '3' }, movesMessage],
      [{ ...seen, draft_stage: 'Approving' }, 'expected.draft_stage must be a whole number or null.'],
      [{ ...seen, approval_step: 1.5 }, 'expected.approval_step must be a whole number or null.'],
      [{ ...seen, file_id: 0 }, 'expected.file_id must be a positive whole number or null.'],
      [{ ...seen, lock_version: 3 }, whole],
    ];
    for (const [expected, message] of malformed) {
      const res = await act(a.approver1, d, { action: 'approve', expected });
      expect(res.statusCode, JSON.stringify(expected)).toBe(422);
      expect(res.json().errors).toEqual([message]);
    }
    expect(await approvalsOf(d)).toEqual([]);

    const wrongStep = await act(a.approver1, d, { action: 'approve', expected: { ...seen, approval_step: 2 } });
    expect(wrongStep.statusCode).toBe(409);
    const wrongMoves = { ...seen, draft_moves: (seen.draft_moves ?? 0) + 1 };
    expect((await act(a.approver1, d, { action: 'approve', expected: wrongMoves })).statusCode).toBe(409);
    expect(await approvalsOf(d)).toEqual([]);
    // Without the field (API clients, the task list) the action is decided as before.
    expect((await act(a.approver1, d, { action: 'approve' })).statusCode).toBe(200);
  });
});
