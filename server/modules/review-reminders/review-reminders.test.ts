import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrgStatus } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createContainer, createOrg, createUser, grant } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPublishedPnp } from '../../test/library-factories';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';
import { seedDemoReviewReminders } from '../../seed/demo-review-reminders';
import { runReviewReminders } from './review-reminders.service';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-06-10T12:00:00Z'));
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

type Ref = { pnpId: number; docId: number };
const url = (d: Ref, tail = '') => `/api/o/${w.org.id}/pnp_documents/${d.docId}${tail}?pnp_id=${d.pnpId}`;
const act = (agent: Agent, d: Ref, body: Record<string, unknown>) => agent.post(url(d, '/workflow'), body);
const rows = <T>(query: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, query));
const at = (day: string) => new Date(`${day}T00:05:00Z`);
const dayBefore = (day: string) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);

/** Moves the clock and signs everyone in again (a session ends 12 hours after sign-in, by this clock). */
async function signedInAt(when: Date): Promise<void> {
  t.clock.set(when);
  a = await signInAll(t, w);
}

/** A P&P published through the workflow: effective 2026-06-01, reviewed every 2 years, reminded 60 days before. */
async function published(name: string): Promise<Ref & { reviewDt: string; reminderDt: string }> {
  await signedInAt(new Date('2026-06-10T12:00:00Z'));
  const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, name, ['First text.']);
  const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
  await act(a.author, d, { action: 'submit' });
  await act(a.reviewer, d, { action: 'accept_review' });
  await act(a.approver1, d, { action: 'approve' });
  const res = await act(a.binderOwner, d, {
    action: 'publish',
    effective_dt: '2026-06-01',
    review_cycle_years: 2,
    reminder_days: 60,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [dates] = await rows<{ review_dt: string; reminder_dt: string }>(
    sql`select review_dt::text, reminder_dt::text from pnp_documents where id = ${d.docId}`,
  );
  return { ...d, reviewDt: dates!.review_dt, reminderDt: dates!.reminder_dt };
}

const reminderTasks = (docId: number) =>
  rows<{ user_id: number; status: number; due_dt: string }>(
    sql`select user_id, status, due_dt::text from tasks
         where document_id = ${docId} and kind = 'PendingRevision' order by user_id, id`,
  );
const overdueAt = async (docId: number) =>
  (
    await rows<{ at: string | null }>(
      sql`select to_char(review_overdue_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at from pnp_documents where id = ${docId}`,
    )
  )[0]!.at;

describe('the daily review job', () => {
  it("gives each Owner and Author 'Start Review or Extend' on the reminder date, not before, and once", async () => {
    const d = await published('Hand hygiene');
    expect(d.reminderDt).toBe('2028-04-02');

    await runReviewReminders(t.deps.database.db, at(dayBefore(d.reminderDt)));
    expect(await reminderTasks(d.docId)).toEqual([]);

    const first = await runReviewReminders(t.deps.database.db, at(d.reminderDt));
    const owners = [w.binderOwner.id, w.author.id, w.policyOwner.id].sort((x, y) => x - y);
    expect(first.tasksCreated).toBeGreaterThanOrEqual(3);
    const tasks = await reminderTasks(d.docId);
    expect(tasks.map((task) => task.user_id)).toEqual(owners);
    expect(tasks.every((task) => task.status === 1 && task.due_dt === d.reviewDt)).toBe(true);

    // Again the same day, the next day, and after one of them answered: no second reminder.
    await runReviewReminders(t.deps.database.db, at(d.reminderDt));
    await runReviewReminders(t.deps.database.db, new Date(at(d.reminderDt).getTime() + 86_400_000));
    expect(await reminderTasks(d.docId)).toHaveLength(3);
    // The owner sees it in their open tasks.
    const open = await rows<{ n: number }>(
      sql`select count(*)::int as n from tasks where user_id = ${w.binderOwner.id} and status = 1 and kind = 'PendingRevision'`,
    );
    expect(open[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('Extend answers the reminder and moves the next one a review cycle on', async () => {
    const d = await published('Sharps disposal');
    await runReviewReminders(t.deps.database.db, at(d.reminderDt));
    await signedInAt(at(d.reminderDt));
    const res = await a.author.post(url(d, '/extend_review'), {});
    expect(res.statusCode).toBe(200);
    // Answered by one of them: no reminder of this cycle is open any more.
    expect((await reminderTasks(d.docId)).filter((task) => task.status === 1)).toEqual([]);

    await runReviewReminders(t.deps.database.db, at(d.reviewDt));
    expect(await reminderTasks(d.docId)).toHaveLength(3);
    await runReviewReminders(t.deps.database.db, at('2030-04-02'));
    const tasks = await reminderTasks(d.docId);
    expect(tasks).toHaveLength(6);
    expect(tasks.filter((task) => task.status === 1).every((task) => task.due_dt === '2030-06-01')).toBe(true);
  });

  it('flags a review overdue the day after its review date; Extend clears the flag', async () => {
    const d = await published('Fall prevention');
    await runReviewReminders(t.deps.database.db, at(d.reviewDt));
    expect(await overdueAt(d.docId)).toBeNull();
    // A run missed on the reminder date is caught up: the reminder and the flag come together.
    expect(await reminderTasks(d.docId)).toHaveLength(3);

    const late = at('2028-06-02');
    const result = await runReviewReminders(t.deps.database.db, late);
    expect(result.versionsFlaggedOverdue).toBeGreaterThanOrEqual(1);
    expect(await overdueAt(d.docId)).toBe('2028-06-02T00:05');
    // Flagged once: a later run keeps the first time.
    await runReviewReminders(t.deps.database.db, at('2028-06-05'));
    expect(await overdueAt(d.docId)).toBe('2028-06-02T00:05');

    await signedInAt(at('2028-06-05'));
    expect((await a.binderOwner.post(url(d, '/extend_review'), {})).statusCode).toBe(200);
    expect(await overdueAt(d.docId)).toBeNull();
  });

  it('gives no reminder while a revision is already in progress', async () => {
    const d = await published('Isolation precautions');
    await signedInAt(at('2026-07-01'));
    expect((await a.author.post(url(d, '/start_revision'), {})).statusCode).toBe(201);
    await runReviewReminders(t.deps.database.db, at(d.reminderDt));
    expect(await reminderTasks(d.docId)).toEqual([]);
  });

  it("the demo seed leaves an open 'Start Review or Extend' task for the owners on first start", async () => {
    await published('Demo policy');
    t.clock.set(new Date('2027-01-10T09:00:00Z'));
    expect(await seedDemoReviewReminders(t.deps, w.org.id)).toBeGreaterThanOrEqual(1);
    const open = await rows<{ user_id: number }>(
      sql`select user_id from tasks where org_id = ${w.org.id} and kind = 'PendingRevision' and status = 1
             and due_dt = '2027-03-11'::date`,
    );
    expect(open.map((task) => task.user_id)).toContain(w.binderOwner.id);
  });

  it('the demo seed leaves a P&P already overdue for review overdue (the demo shows one)', async () => {
    // Its own organisation, whose one published P&P's review date has passed (no sign-in needed).
    const org = await createOrg(t.deps);
    const binder = await createContainer(t.deps, org.id, { name: 'Overdue Binder' });
    const overdue = await createPublishedPnp(t.deps, org.id, binder.id, {
      name: 'Overdue Policy',
      effectiveDt: '2025-01-01',
      reviewDt: '2026-01-01',
    });
    t.clock.set(new Date('2027-01-10T09:00:00Z'));
    expect(await seedDemoReviewReminders(t.deps, org.id)).toBe(0);
    const [dates] = await rows<{ review_dt: string }>(
      sql`select review_dt::text from pnp_documents where id = ${overdue.versionId}`,
    );
    expect(dates!.review_dt).toBe('2026-01-01');
  });
});

describe('a reminder date already reached when the dates are set', () => {
  it('published with its reminder date today or earlier: Owners and Authors have the task at once, once', async () => {
    await signedInAt(new Date('2026-06-10T12:00:00Z'));
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Due At Once', ['Text.']);
    const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
    await act(a.author, d, { action: 'submit' });
    await act(a.reviewer, d, { action: 'accept_review' });
    await act(a.approver1, d, { action: 'approve' });
    const res = await act(a.binderOwner, d, {
      action: 'publish',
      effective_dt: '2026-06-01',
      review_cycle_years: 1,
      reminder_days: 30,
      review_dt: '2026-07-10',
      reminder_dt: '2026-06-09',
    });
    expect(res.statusCode, res.body).toBe(200);
    const owners = [w.binderOwner.id, w.author.id, w.policyOwner.id].sort((x, y) => x - y);
    const expected = owners.map((id) => ({ user_id: id, status: 1, due_dt: '2026-07-10' }));
    expect(await reminderTasks(d.docId)).toEqual(expected);
    // The daily run that follows adds nothing.
    await runReviewReminders(t.deps.database.db, at('2026-06-11'));
    expect(await reminderTasks(d.docId)).toEqual(expected);
  });

  it("an Active version's reminder date moved to today: the reminder is due now; a future one waits", async () => {
    const d = await published('Moved Reminder');
    expect(await reminderTasks(d.docId)).toEqual([]);
    const move = (reminder: string) =>
      a.binderOwner.put(`/api/o/${w.org.id}/pnp_documents/${d.docId}`, {
        pnp_id: d.pnpId,
        document: { reminder_dt: reminder },
      });
    expect((await move('2026-12-01')).statusCode).toBe(200);
    expect(await reminderTasks(d.docId)).toEqual([]);
    expect((await move('2026-06-10')).statusCode).toBe(200);
    expect((await reminderTasks(d.docId)).map((task) => task.due_dt)).toContain(d.reviewDt);
  });
});

describe('an organisation that is not enabled', () => {
  it('gets no reminder while disabled or locked; an enabled one does in the same run, and it comes once enabled', async () => {
    /** An organisation with one Owner on a binder whose published P&P's reminder date is 2029-01-10. */
    const orgWithDueReview = async (status: OrgStatus) => {
      const org = await createOrg(t.deps, { status });
      const owner = await createUser(t.deps, org.id);
      const binder = await createContainer(t.deps, org.id);
      await grant(t.deps, org.id, { containerId: binder.id }, { userId: owner.id }, 1);
      const pnp = await createPublishedPnp(t.deps, org.id, binder.id, {
        effectiveDt: '2027-03-01',
        reviewDt: '2029-03-01',
        reminderDt: '2029-01-10',
      });
      return { org, owner, docId: pnp.versionId };
    };
    const enabled = await orgWithDueReview(OrgStatus.Enabled);
    const disabled = await orgWithDueReview(OrgStatus.Disabled);
    const locked = await orgWithDueReview(OrgStatus.Locked);

    await runReviewReminders(t.deps.database.db, at('2029-01-10'));
    expect(await reminderTasks(enabled.docId)).toEqual([
      { user_id: enabled.owner.id, status: 1, due_dt: '2029-03-01' },
    ]);
    expect(await reminderTasks(disabled.docId)).toEqual([]);
    expect(await reminderTasks(locked.docId)).toEqual([]);
    // No task, so no notification either (the task's trigger makes it): nothing to e-mail them.
    const notified = await rows<{ n: number }>(
      sql`select count(*)::int as n from notifications where user_id in (${disabled.owner.id}, ${locked.owner.id})`,
    );
    expect(notified[0]!.n).toBe(0);

    // Enabled again: the review is still due, and the next daily run gives its reminder.
    await rows(sql`update organizations set status = ${OrgStatus.Enabled} where id = ${disabled.org.id}`);
    await runReviewReminders(t.deps.database.db, at('2029-01-11'));
    expect(await reminderTasks(disabled.docId)).toEqual([
      { user_id: disabled.owner.id, status: 1, due_dt: '2029-03-01' },
    ]);
    expect(await reminderTasks(locked.docId)).toEqual([]);
  });
});
