import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem, withTenant } from '../../db/tenant';
import { seedDemoTasks } from '../../seed/demo-tasks';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { reviewers: false, steps: [1] });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

const openTasks = (orgId: number) =>
  withSystem(t.deps.database.db, (tx) =>
    queryRows<{ user_id: number; kind: string; document_id: number; due_dt: string | null }>(
      tx,
      sql`select user_id, kind, document_id, due_dt::text as due_dt from tasks
           where org_id = ${orgId} and status = 1 order by kind, user_id`,
    ),
  );

describe('seedDemoTasks', () => {
  it('gives drafts their stage tasks and the oldest published P&P a Start Review or Extend task, once', async () => {
    const draft = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Draft Policy');
    const live = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Live Policy');
    const flow = (body: Record<string, unknown>, agent = a.author) =>
      agent.post(`/api/o/${w.org.id}/pnp_documents/${live.pnp_document.id}/workflow?pnp_id=${live.pnp.id}`, body);
    await flow({ action: 'submit' });
    await flow({ action: 'approve' }, a.approver1);
    await flow({ action: 'publish', effective_dt: '2026-01-15', review_cycle_years: 1, reminder_days: 30 }, a.binderOwner);
    // A draft whose tasks went missing (as a seed written straight into the tables would leave it).
    await withSystem(t.deps.database.db, (tx) =>
      tx.execute(sql`delete from tasks where document_id = ${draft.pnp_document.id}`),
    );

    const seed = () => withTenant(t.deps.database.db, w.org.id, (tx) => seedDemoTasks(tx, w.org.id, t.deps.clock.now()));
    await seed();
    await seed();
    const rows = await openTasks(w.org.id);
    const today = t.deps.clock.now();
    const inDays = (n: number) => new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    expect(rows.filter((r) => r.kind === 'Author').map((r) => r.user_id).sort()).toEqual(
      [w.author.id, w.policyOwner.id].sort(),
    );
    const pending = rows.filter((r) => r.kind === 'PendingRevision');
    // Owners (the binder owner) and Authors (the author and the policy owner), once each.
    expect(pending.map((r) => r.user_id).sort()).toEqual([w.binderOwner.id, w.author.id, w.policyOwner.id].sort());
    expect(pending.every((r) => r.document_id === live.pnp_document.id && r.due_dt === inDays(21))).toBe(true);
    const doc = (
      await a.admin.get(`/api/o/${w.org.id}/pnp_documents/${live.pnp_document.id}?pnp_id=${live.pnp.id}`)
    ).json().pnp_document;
    expect(doc).toMatchObject({ review_dt: inDays(21), reminder_dt: inDays(-9) });
  });
});
