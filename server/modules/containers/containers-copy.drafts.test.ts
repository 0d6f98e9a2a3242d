import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { systemRows } from '../../test/container-factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, type WorkflowOrg } from '../../test/pnp-factories';
import { putAccess } from '../../test/access-calls';

// A copied P&P is a new Draft P&P (product rules): its workflow starts as a created one's does,
// with version 1, Author tasks and a workflow-history row, whichever copy (one P&P, or a binder's).

let t: TestApp;
let w: WorkflowOrg;
let admin: Agent;
let author: Agent;
let binderOwner: Agent;

beforeAll(async () => {
  t = await createTestApp();
  // No reviewers or approvers: a submitted draft goes straight to Publishing.
  w = await createWorkflowOrg(t.deps, { reviewers: false, steps: [] });
  admin = await t.signIn(w.admin.username, w.admin.password);
  author = await t.signIn(w.author.username, w.author.password);
  binderOwner = await t.signIn(w.binderOwner.username, w.binderOwner.password);
});
afterAll(async () => t.close());

const o = () => `/api/o/${w.org.id}`;
const PUBLISH = { action: 'publish', effective_dt: '2026-01-15', review_cycle_years: 1, reminder_days: 30 };

interface Draft {
  id: number;
  pnp_id: number;
  version_number: number | null;
  status: number;
  draft_stage: number;
}

const draftsOf = (pnpIds: number[]) =>
  systemRows<Draft>(
    t.deps,
    sql`select id, pnp_id, version_number, status::int as status, draft_stage::int as draft_stage
          from pnp_documents where pnp_id in (${sql.join(
            pnpIds.map((id) => sql`${id}`),
            sql`, `,
          )}) order by pnp_id`,
  );

/** The open tasks of a version: [user id, kind], by user. */
const openTasks = async (documentId: number) =>
  (
    await systemRows<{ user_id: number; kind: string }>(
      t.deps,
      sql`select user_id, kind from tasks where document_id = ${documentId} and status = 1 order by user_id`,
    )
  ).map((r) => [r.user_id, r.kind]);

const historyOf = async (pnpId: number) =>
  (await admin.get(`${o()}/pnp_documents/workflow_history?pnp_id=${pnpId}`)).json().workflow_history as Array<{
    document_id: number;
    version_number: number | null;
    action: string;
    from_label: string | null;
    to_label: string | null;
    comment: string | null;
  }>;

const authorsOfTheBinder = () => [w.author.id, w.policyOwner.id].sort((x, y) => x - y).map((id) => [id, 'Author']);

describe('a copied P&P starts its workflow like a created one', () => {
  it('copying one P&P: version 1, Author tasks, a Copy transition; it publishes as version 1 and revises to 2', async () => {
    const source = await createPnpFromDocx(admin, w.org.id, w.folder.id, 'Hand Hygiene');
    const res = await admin.post(`${o()}/containers`, {
      item: { copy_of: { item_type: 3, id: source.pnp.id }, parent_id: w.folder.id, name: 'Hand Hygiene Copy' },
    });
    expect(res.statusCode).toBe(201);
    const copyId = res.json().item.id as number;
    const [doc] = await draftsOf([copyId]);
    expect(doc).toMatchObject({ version_number: 1, status: 1, draft_stage: 2 });
    // The binder's Authors (the author and the policy owner) each get an Author task.
    expect(await openTasks(doc!.id)).toEqual(authorsOfTheBinder());

    const history = await historyOf(copyId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      document_id: doc!.id,
      version_number: 1,
      action: 'Copy',
      from_label: null,
      to_label: 'Authoring',
      comment: `Copied from ${w.binder.name} / ${w.folder.name} as a new Draft`,
    });
    // One change-log entry for the copy: the transition's, named after the copy, naming its source.
    const logs = (await admin.get(`${o()}/pnps/${copyId}/change_logs`)).json().change_logs;
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      action_name: 'Copy',
      object_name: 'Hand Hygiene Copy',
      source_name: 'Hand Hygiene',
      deltas: {
        comment: `Copied from ${w.binder.name} / ${w.folder.name} as a new Draft`,
        changed: { status: [null, 'DRAFT'], draft_stage: [null, 'Authoring'], file: [null, 'Hand Hygiene.docx'] },
      },
    });

    const d = `${o()}/pnp_documents/${doc!.id}`;
    expect((await author.post(`${d}/workflow?pnp_id=${copyId}`, { action: 'submit' })).statusCode).toBe(200);
    const published = await binderOwner.post(`${d}/workflow?pnp_id=${copyId}`, PUBLISH);
    expect(published.statusCode).toBe(200);
    expect(published.json().pnp_document.version_number).toBe(1);
    const revision = await author.post(`${d}/start_revision?pnp_id=${copyId}`, {});
    expect(revision.statusCode).toBe(201);
    expect(revision.json().pnp_document.version_number).toBe(2);
  });

  it('copying a P&P with its own participants: its Owner gets the Author task where it names no Author', async () => {
    const source = await createPnpFromDocx(admin, w.org.id, w.folder.id, 'Owned Alone');
    const put = await putAccess(admin, `${o()}/access/${source.pnp.id}`, {
      object_type: 3,
      participants: { owners: [{ type: 'User', id: w.binderOwner.id }] },
    });
    expect(put.statusCode).toBe(200);
    const res = await admin.post(`${o()}/containers`, {
      item: { copy_of: { item_type: 3, id: source.pnp.id }, parent_id: w.folder.id, name: 'Owned Alone Copy' },
    });
    expect(res.statusCode).toBe(201);
    const [doc] = await draftsOf([res.json().item.id as number]);
    // The copy's own grants are written before its tasks: the task follows them, not the binder's Authors.
    expect(await openTasks(doc!.id)).toEqual([[w.binderOwner.id, 'Author']]);
  });

  it('copying a binder: each copied P&P is version 1 with Author tasks from the copied grants and a Copy transition', async () => {
    await createPnpFromDocx(admin, w.org.id, w.folder.id, 'In The Binder');
    const res = await admin.post(`${o()}/containers`, {
      item: { copy_of: { item_type: 1, id: w.binder.id }, parent_id: null, name: 'Binder Copy' },
    });
    expect(res.statusCode).toBe(201);
    const copies = await systemRows<{ id: number; name: string }>(
      t.deps,
      sql`select p.id, p.name from pnps p join containers c on c.id = p.container_id
           where c.parent_id = ${res.json().item.id as number} order by p.id`,
    );
    // Every P&P of the binder was copied (those of the tests above too); each starts alike.
    expect(copies.map((c) => c.name)).toContain('In The Binder');
    const drafts = await draftsOf(copies.map((c) => c.id));
    expect(drafts).toHaveLength(copies.length);
    for (const doc of drafts) {
      expect(doc).toMatchObject({ version_number: 1, status: 1, draft_stage: 2 });
      const name = copies.find((c) => c.id === doc.pnp_id)!.name;
      // The P&P with its own Owner keeps it in the copy; the others inherit the copied binder's Authors.
      expect(await openTasks(doc.id)).toEqual(
        name.startsWith('Owned Alone') ? [[w.binderOwner.id, 'Author']] : authorsOfTheBinder(),
      );
      const history = await historyOf(doc.pnp_id);
      expect(history.map((h) => [h.document_id, h.action, h.to_label, h.comment])).toEqual([
        [doc.id, 'Copy', 'Authoring', `Copied from ${w.binder.name} as a new Draft`],
      ]);
    }
  });
});
