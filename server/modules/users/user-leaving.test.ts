import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

beforeAll(async () => {
  t = await createTestApp();
  // No reviewers, one approval step held by approver1 alone; binderOwner is the Owner.
  w = await createWorkflowOrg(t.deps, { reviewers: false, steps: [1] });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

const openTasks = (pnpId: number) =>
  withSystem(t.deps.database.db, (tx) =>
    queryRows<{ user_id: number; kind: string }>(
      tx,
      sql`select user_id, kind from tasks where pnp_id = ${pnpId} and status = 1 order by user_id`,
    ),
  );

describe('a leaving user’s open tasks', () => {
  it('close, an approval step left with nobody goes to the P&P’s Owners, and a reactivated approver holds it again', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, `Leaving ${Date.now()}`);
    const pnpId = created.pnp.id;
    const tasksUrl = `/api/o/${w.org.id}/tasks?status=1&per_page=100`;
    const authorTask = (await a.author.get(tasksUrl))
      .json<{ tasks: { id: number; pnp_id: number; kind: string }[] }>()
      .tasks.find((x) => x.pnp_id === pnpId && x.kind === 'Author');
    expect(
      (await a.author.put(`/api/o/${w.org.id}/tasks/${authorTask!.id}`, { task_action: 'Submit' })).statusCode,
    ).toBe(200);
    expect(await openTasks(pnpId)).toEqual([{ user_id: w.approver1.id, kind: 'Approve' }]);

    const res = await a.admin.put(`/api/o/${w.org.id}/users/${w.approver1.id}`, {
      user: { status: 2 },
      user_id: w.approver1.id,
    });
    expect(res.statusCode).toBe(200);
    expect(await openTasks(pnpId)).toEqual([{ user_id: w.binderOwner.id, kind: 'Approve' }]);

    // Reactivated, the approver holds the step again: their Approve task is back.
    const back = await a.admin.put(`/api/o/${w.org.id}/users/${w.approver1.id}`, {
      user: { status: 1 },
      user_id: w.approver1.id,
    });
    expect(back.statusCode).toBe(200);
    expect(await openTasks(pnpId)).toEqual([{ user_id: w.approver1.id, kind: 'Approve' }]);
  });
});
