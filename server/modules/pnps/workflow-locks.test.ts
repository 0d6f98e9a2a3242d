import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createUser, grant, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { connectBeside, waitsForALock } from '../../test/lock-holder';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';
import { createGroupVia, updateGroupVia } from '../user-groups/user-groups-test-setup';

/**
 * Who locks a P&P, and in which order, when its draft's people or tasks change beside a workflow
 * action on it. A workflow action locks the P&P row first (`loadPnpContext`); so do:
 *
 * - the resync of a draft's tasks after its people changed (`resyncDraftTasks`): without the lock, an
 *   approval committing beside the removal of the step's other approver from their group was unseen
 *   by each, and the step waited with nobody pending and no one's task;
 * - an action taken from the task list, before it locks its task (`actOnTask`): the document's routes
 *   lock the P&P and then complete its tasks, so the other order deadlocked.
 *
 * Each test holds the P&P's row lock in a transaction of its own (FOR NO KEY UPDATE: it conflicts with
 * `lockPnp`'s FOR UPDATE, not with the key-share locks of rows that merely refer to the P&P) and
 * watches what the application's request does meanwhile. PostgreSQL only: PGlite has one connection,
 * so two transactions never interleave there.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('locks of a P&P beside its workflow', () => {
  let t: TestApp;
  let w: WorkflowOrg;
  let a: Awaited<ReturnType<typeof signInAll>>;
  let nightReviewer: TestUser;
  let holder: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorkflowOrg(t.deps, { steps: [1] });
    nightReviewer = await createUser(t.deps, w.org.id, { firstName: 'Nia', lastName: 'Night' });
    a = await signInAll(t, w);
    holder = await connectBeside(t.deps.database.db);
  });
  afterAll(async () => {
    await holder?.end();
    await t?.close();
  });

  /** A P&P submitted by its author: in Reviewing, with a Review task for each reviewer. */
  async function submitted(name: string): Promise<{ pnpId: number; docId: number }> {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, `${name} ${Date.now()}`);
    const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
    const res = await a.author.post(`/api/o/${w.org.id}/pnp_documents/${d.docId}/workflow?pnp_id=${d.pnpId}`, {
      action: 'submit',
    });
    expect(res.statusCode, res.body).toBe(200);
    return d;
  }

  /** Holds the P&P's row lock until `release`, as a workflow action on it would. */
  async function holdPnp(pnpId: number): Promise<void> {
    await holder.query('begin');
    await holder.query('select id from pnps where id = $1 for no key update', [pnpId]);
  }

  const openTasksOf = (docId: number, kind: string) =>
    withSystem(t.deps.database.db, (tx) =>
      queryRows<{ id: number; user_id: number }>(
        tx,
        sql`select id, user_id from tasks where document_id = ${docId} and kind = ${kind} and status = 1 order by user_id`,
      ),
    );

  it('resyncs a draft’s tasks after a change of its people only once it holds the P&P', async () => {
    // Nia reviews the binder's P&Ps through a group; taking her out of it resyncs the draft's tasks.
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [nightReviewer.id] });
    await grant(t.deps, w.org.id, { containerId: w.binder.id }, { groupId: group.id }, 3);
    const d = await submitted('Night Review');
    expect((await openTasksOf(d.docId, 'Review')).map((r) => r.user_id)).toContain(nightReviewer.id);

    await holdPnp(d.pnpId);
    const leaving = updateGroupVia(a.admin, w.org.id, group.id, {
      name: group.name,
      description: group.description,
      member_ids: [],
    });
    try {
      expect(await waitsForALock(holder, leaving)).toBe(true);
    } finally {
      await holder.query('commit');
    }
    await leaving;
    expect((await openTasksOf(d.docId, 'Review')).map((r) => r.user_id)).not.toContain(nightReviewer.id);
  });

  it('takes a task’s action locking the P&P before the task, as the document’s routes do', async () => {
    const d = await submitted('Task Order');
    const [task] = (await openTasksOf(d.docId, 'Review')).filter((r) => r.user_id === w.reviewer.id);
    expect(task).toBeDefined();

    await holdPnp(d.pnpId);
    const accepting = a.reviewer.put(`/api/o/${w.org.id}/tasks/${task!.id}`, { task_action: 'Accept' });
    let taskFree: boolean;
    try {
      expect(await waitsForALock(holder, accepting)).toBe(true);
      // The request waits for the P&P without holding its task: a document route holding the P&P can
      // still complete the task (here, lock it at once) instead of waiting for each other.
      taskFree = await holder.query('select id from tasks where id = $1 for update nowait', [task!.id]).then(
        () => true,
        () => false,
      );
    } finally {
      await holder.query('rollback');
    }
    const res = await accepting;
    expect(res.statusCode, res.body).toBe(200);
    expect(taskFree).toBe(true);
  });
});
