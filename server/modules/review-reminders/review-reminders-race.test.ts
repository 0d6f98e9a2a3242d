import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/harness';
import { connectBeside, waitsForALock } from '../../test/lock-holder';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';
import { runReviewReminders } from './review-reminders.service';

/**
 * The daily job finds the versions whose reminder is due in one transaction and opens each one's
 * tasks in the organisation's own. A review done in between (Extend moves the dates on) must be
 * seen: the job asks again with the P&P locked, as Extend locks it. Here a transaction of the test's
 * own holds the P&P's lock and moves the dates, as Extend would, while the job runs; without the
 * job's second look it opened 'Start Review or Extend' for the review date the version no longer
 * had. PostgreSQL only: PGlite has one connection, so two transactions never interleave there.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('the daily review reminder beside an Extend', () => {
  let t: TestApp;
  let w: WorkflowOrg;
  let holder: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date('2026-06-10T12:00:00Z'));
    w = await createWorkflowOrg(t.deps, { steps: [1] });
    holder = await connectBeside(t.deps.database.db);
  });
  afterAll(async () => {
    await holder?.end();
    await t?.close();
  });

  it('opens no reminder for a review date moved on while it ran', async () => {
    const a = await signInAll(t, w);
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, `Extended Meanwhile ${Date.now()}`);
    const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
    const act = (agent: typeof a.author, body: Record<string, unknown>) =>
      agent.post(`/api/o/${w.org.id}/pnp_documents/${d.docId}/workflow?pnp_id=${d.pnpId}`, body);
    await act(a.author, { action: 'submit' });
    await act(a.reviewer, { action: 'accept_review' });
    await act(a.approver1, { action: 'approve' });
    const published = await act(a.binderOwner, {
      action: 'publish',
      effective_dt: '2026-06-01',
      review_cycle_years: 2,
      reminder_days: 60,
    });
    expect(published.statusCode, published.body).toBe(200);

    // Extend, as it commits: the P&P locked, the review and reminder dates a cycle on.
    await holder.query('begin');
    await holder.query('select id from pnps where id = $1 for no key update', [d.pnpId]);
    await holder.query(`update pnp_documents set review_dt = '2030-06-01', reminder_dt = '2030-04-02' where id = $1`, [
      d.docId,
    ]);
    const job = runReviewReminders(t.deps.database.db, new Date('2028-04-03T00:05:00Z'));
    // Until the job waits for the P&P (or, without its second look, has finished).
    await waitsForALock(holder, job);
    await holder.query('commit');
    await job;

    const reminders = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ due_dt: string }>(
        tx,
        sql`select due_dt::text from tasks where document_id = ${d.docId} and kind = 'PendingRevision'`,
      ),
    );
    expect(reminders).toEqual([]);
  });
});
