import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftStage } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { withSystem, withTenant } from '../../db/tenant';
import { DIRECTORY_SYNC_AUTHOR, deactivateSyncedUser } from '../hstm-idp/sync.service';
import { createUser, grant, type TestUser } from '../../test/factories';
import type { Agent, TestApp } from '../../test/harness';
import { createTestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';
import { putAccess } from '../../test/access-calls';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
let secondReviewer: TestUser;
let secondApprover: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // Reviewers Rae and a second one; approval step 1 held by Al and a second approver.
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  secondReviewer = await createUser(t.deps, w.org.id, { firstName: 'Sid', lastName: 'Second' });
  secondApprover = await createUser(t.deps, w.org.id, { firstName: 'Ada', lastName: 'Also' });
  await grant(t.deps, w.org.id, { containerId: w.binder.id }, { userId: secondReviewer.id }, 3);
  await grant(t.deps, w.org.id, { containerId: w.binder.id }, { userId: secondApprover.id }, 4, 1);
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

type Ref = { pnpId: number; docId: number };
const url = (d: Ref, tail = '') => `/api/o/${w.org.id}/pnp_documents/${d.docId}${tail}?pnp_id=${d.pnpId}`;
const act = (agent: Agent, d: Ref, body: Record<string, unknown>) => agent.post(url(d, '/workflow'), body);
const stageOf = async (d: Ref) => {
  const doc = (await a.admin.get(url(d))).json().pnp_document;
  return { stage: doc.draft_stage as number, step: doc.approval_step as number | null };
};
const openTasks = (d: Ref) =>
  withSystem(t.deps.database.db, (tx) =>
    queryRows<{ user_id: number; kind: string }>(
      tx,
      sql`select user_id, kind from tasks where document_id = ${d.docId} and status = 1 order by kind, user_id`,
    ),
  );
const historyOf = async (d: Ref) =>
  (await a.admin.get(`/api/o/${w.org.id}/pnp_documents/workflow_history?pnp_id=${d.pnpId}`)).json()
    .workflow_history as Array<{ action: string; comment: string | null; document_id: number }>;

async function submitted(name: string): Promise<Ref> {
  const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, `${name} ${Date.now()}`);
  const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
  expect((await act(a.author, d, { action: 'submit' })).statusCode).toBe(200);
  return d;
}

describe('a step whose remaining people have all signed off', () => {
  it('moves on when the reviewer still to accept leaves the organisation', async () => {
    const d = await submitted('Leaving Reviewer');
    expect((await act(a.reviewer, d, { action: 'accept_review' })).statusCode).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Reviewing, step: null });

    const left = await a.admin.put(`/api/o/${w.org.id}/users/${secondReviewer.id}`, {
      user: { status: 2 },
      user_id: secondReviewer.id,
    });
    expect(left.statusCode).toBe(200);
    // Reviewing -> Approving step 1, as Rae's acceptance would have moved it had she been the last.
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 1 });
    expect(await openTasks(d)).toEqual([
      { user_id: w.approver1.id, kind: 'Approve' },
      { user_id: secondApprover.id, kind: 'Approve' },
    ]);
    expect((await historyOf(d))[0]).toMatchObject({
      action: 'Participants Changed',
      comment: 'Every remaining reviewer had accepted.',
      document_id: d.docId,
    });
  });

  it('moves on when the approver still to approve is taken off the P&P, and stays while anyone is still to act', async () => {
    const d = await submitted('Removed Approver');
    expect((await act(a.reviewer, d, { action: 'accept_review' })).statusCode).toBe(200);
    // Sid has left (the test above): Rae alone reviewed, so the draft is at step 1.
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 1 });
    expect((await act(a.approver1, d, { action: 'approve' })).statusCode).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 1 });

    const user = (id: number) => [{ type: 'User', id }];
    const participants = (approvers: number[]) => ({
      object_type: 3,
      participants: {
        owners: user(w.binderOwner.id),
        authors: user(w.author.id),
        reviewers: user(w.reviewer.id),
        approvers: approvers.map((id) => ({ type: 'User', id })),
      },
    });
    // A change that leaves the second approver still to act moves nothing.
    const kept = await putAccess(
      a.admin,
      `/api/o/${w.org.id}/access/${d.pnpId}`,
      participants([w.approver1.id, secondApprover.id]),
    );
    expect(kept.statusCode).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 1 });

    const removed = await putAccess(a.admin, `/api/o/${w.org.id}/access/${d.pnpId}`, participants([w.approver1.id]));
    expect(removed.statusCode).toBe(200);
    // Step 1 was the last: Publishing, and the Owner is asked to publish.
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Publishing, step: null });
    expect(await openTasks(d)).toEqual([{ user_id: w.binderOwner.id, kind: 'Publish' }]);
    expect((await historyOf(d))[0]).toMatchObject({
      action: 'Participants Changed',
      comment: 'Every remaining approver of step 1 had approved.',
    });
  });

  it('moves on when Remove from assignments takes away the reviewer still to accept', async () => {
    const third = await createUser(t.deps, w.org.id, { firstName: 'Tim', lastName: 'Third' });
    // Rae and Tim review the binder's P&Ps; Rae accepts, then Tim is removed from the binder in bulk.
    await grant(t.deps, w.org.id, { containerId: w.binder.id }, { userId: third.id }, 3);
    const d = await submitted('Bulk Removed Reviewer');
    expect((await act(a.reviewer, d, { action: 'accept_review' })).statusCode).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Reviewing, step: null });
    const res = await a.admin.post(`/api/o/${w.org.id}/user_bulk_assign/update`, {
      reassignment_type: 'remove',
      source: { type: 'User', id: third.id },
      selected_roles: [3],
      selectedContainers: [{ item_type: 1, id: w.binder.id }],
    });
    expect(res.statusCode).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 1 });
    expect((await historyOf(d))[0]).toMatchObject({ action: 'Participants Changed' });
  });

  it('moves on when the directory sync deactivates the reviewer still to accept, in the name of the sync', async () => {
    const synced = await createUser(t.deps, w.org.id, { firstName: 'Dee', lastName: 'Directory' });
    await grant(t.deps, w.org.id, { containerId: w.binder.id }, { userId: synced.id }, 3);
    const d = await submitted('Synced Away Reviewer');
    expect((await act(a.reviewer, d, { action: 'accept_review' })).statusCode).toBe(200);

    // The sync is a job: no person acts, so nobody's id is written and the sync is named.
    await withTenant(t.deps.database.db, w.org.id, (tx) =>
      deactivateSyncedUser(tx, w.org.id, synced.id, t.clock.now()),
    );
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 1 });
    const [moved] = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ actor_id: number | null; actor_name: string; action: string }>(
        tx,
        sql`select actor_id, actor_name, action from workflow_history
             where document_id = ${d.docId} order by id desc limit 1`,
      ),
    );
    expect(moved).toEqual({ actor_id: null, actor_name: DIRECTORY_SYNC_AUTHOR, action: 'Participants Changed' });
    const [logged] = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ created_by_user_id: number | null; created_by_user: string }>(
        tx,
        sql`select created_by_user_id, created_by_user from change_logs
             where object_type = 'PnpDocument' and object_id = ${d.docId} and action_name = 'Participants Changed'`,
      ),
    );
    expect(logged).toEqual({ created_by_user_id: null, created_by_user: DIRECTORY_SYNC_AUTHOR });
  });
});

describe('a step nobody is given any more', () => {
  it('is skipped, as at submission: Reviewing with no reviewer, then an approval step with no approver', async () => {
    const d = await submitted('Emptied Steps');
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Reviewing, step: null });
    const user = (id: number) => [{ type: 'User', id }];
    const participants = (reviewers: number[], approvers: number[]) => ({
      object_type: 3,
      participants: {
        owners: user(w.binderOwner.id),
        authors: user(w.author.id),
        reviewers: reviewers.map((id) => ({ type: 'User', id })),
        approvers: approvers.map((id) => ({ type: 'User', id })),
      },
    });

    // The P&P's own participants, with no reviewer: the draft would wait for nobody in Reviewing.
    const noReviewer = await putAccess(
      a.admin,
      `/api/o/${w.org.id}/access/${d.pnpId}`,
      participants([], [w.approver1.id]),
    );
    expect(noReviewer.statusCode).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Approving, step: 1 });
    expect(await openTasks(d)).toEqual([{ user_id: w.approver1.id, kind: 'Approve' }]);
    expect((await historyOf(d))[0]).toMatchObject({
      action: 'Participants Changed',
      comment: 'No reviewer is given this stage any more.',
    });

    // Then no approver of step 1 either (it was the only step): Publishing, the Owner asked to publish.
    const noApprover = await putAccess(a.admin, `/api/o/${w.org.id}/access/${d.pnpId}`, participants([], []));
    expect(noApprover.statusCode).toBe(200);
    expect(await stageOf(d)).toEqual({ stage: DraftStage.Publishing, step: null });
    expect(await openTasks(d)).toEqual([{ user_id: w.binderOwner.id, kind: 'Publish' }]);
    expect((await historyOf(d))[0]).toMatchObject({
      action: 'Participants Changed',
      comment: 'No approver is given step 1 any more.',
    });
  });
});
