import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';
import { runReviewReminders } from './review-reminders.service';

// 'Start Review or Extend' stays with a review cycle until the review is done: a reminder closed or
// answered by a review that did not happen (retired then restored, revision draft cancelled) is given
// again, and one whose review date was moved by hand gives way to the new date's.

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
const runJob = (day: string) => runReviewReminders(t.deps.database.db, at(day));

/** Moves the clock and signs everyone in again (a session ends 12 hours after sign-in, by this clock). */
async function signedInAt(when: Date): Promise<void> {
  t.clock.set(when);
  a = await signInAll(t, w);
}

/** A P&P published through the workflow: effective 2026-06-01, review 2028-06-01, reminder 2028-04-02. */
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
  expect(dates).toEqual({ review_dt: '2028-06-01', reminder_dt: '2028-04-02' });
  return { ...d, reviewDt: dates!.review_dt, reminderDt: dates!.reminder_dt };
}

const reminderTasks = (docId: number) =>
  rows<{ user_id: number; status: number; due_dt: string }>(
    sql`select user_id, status, due_dt::text from tasks
         where document_id = ${docId} and kind = 'PendingRevision' order by user_id, id`,
  );
const openReminders = async (docId: number) => (await reminderTasks(docId)).filter((task) => task.status === 1);

/** The open reminder each Owner and Author of the workflow organisation's P&Ps holds for a review date. */
const eachOwnerAndAuthorReminded = (dueDt: string) =>
  [w.binderOwner.id, w.author.id, w.policyOwner.id]
    .sort((x, y) => x - y)
    .map((userId) => ({ user_id: userId, status: 1, due_dt: dueDt }));

async function retireAndRestore(d: Ref): Promise<void> {
  const retired = await a.binderOwner.put(`/api/o/${w.org.id}/pnps/retire`, {
    id: d.pnpId,
    retire_reason: 'Merged into another policy.',
  });
  expect(retired.statusCode, retired.body).toBe(200);
  expect(await openReminders(d.docId)).toEqual([]);
  const restored = await a.admin.put(`/api/o/${w.org.id}/pnps/restore`, { id: d.pnpId });
  expect(restored.statusCode, restored.body).toBe(200);
}

describe("'Start Review or Extend' after a review that did not happen", () => {
  it('retired and restored after its reminder date: Owners and Authors are reminded again at once, once', async () => {
    const d = await published('Restored After Its Reminder');
    await runJob(d.reminderDt);
    expect(await openReminders(d.docId)).toEqual(eachOwnerAndAuthorReminded(d.reviewDt));

    await signedInAt(at('2028-04-10'));
    await retireAndRestore(d);
    expect(await openReminders(d.docId)).toEqual(eachOwnerAndAuthorReminded(d.reviewDt));

    // The daily runs that follow keep the one open reminder each.
    await runJob('2028-04-10');
    await runJob('2028-04-11');
    expect(await openReminders(d.docId)).toEqual(eachOwnerAndAuthorReminded(d.reviewDt));
    expect(await reminderTasks(d.docId)).toHaveLength(6);
  });

  it('Start Review whose revision draft is then cancelled: the reminder is open again', async () => {
    const d = await published('Revision Cancelled');
    await runJob(d.reminderDt);
    await signedInAt(at('2028-04-10'));
    const started = await a.author.post(url(d, '/start_revision'), {});
    expect(started.statusCode, started.body).toBe(201);
    const draftId = started.json<{ pnp_document: { id: number } }>().pnp_document.id;
    // A review in progress answers the reminder.
    expect(await openReminders(d.docId)).toEqual([]);
    await runJob('2028-04-10');
    expect(await openReminders(d.docId)).toEqual([]);

    const cancelled = await a.author.post(`/api/o/${w.org.id}/pnp_documents/cancel_draft`, {
      pnp_id: d.pnpId,
      id: draftId,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await openReminders(d.docId)).toEqual(eachOwnerAndAuthorReminded(d.reviewDt));

    await runJob('2028-04-11');
    expect(await openReminders(d.docId)).toEqual(eachOwnerAndAuthorReminded(d.reviewDt));
  });

  it('Extend still answers the cycle: no reminder again until the moved reminder date, retired and restored or not', async () => {
    const d = await published('Extended Then Restored');
    await runJob(d.reminderDt);
    await signedInAt(at('2028-04-10'));
    expect((await a.author.post(url(d, '/extend_review'), {})).statusCode).toBe(200);
    expect(await openReminders(d.docId)).toEqual([]);

    await runJob('2028-04-10');
    await runJob('2028-04-11');
    await retireAndRestore(d);
    await runJob('2028-04-12');
    expect(await openReminders(d.docId)).toEqual([]);
    expect(await reminderTasks(d.docId)).toHaveLength(3);

    // The next cycle's reminder comes on its own date, once.
    await runJob('2030-04-02');
    await runJob('2030-04-03');
    expect(await openReminders(d.docId)).toEqual(eachOwnerAndAuthorReminded('2030-06-01'));
    expect(await reminderTasks(d.docId)).toHaveLength(6);
  });
});

describe("the Active version's review date changed by hand", () => {
  const moveDates = (d: Ref, document: { review_dt: string; reminder_dt?: string }) =>
    a.binderOwner.put(`/api/o/${w.org.id}/pnp_documents/${d.docId}`, { pnp_id: d.pnpId, document });

  it("a year later: the old date's reminders close, and the new date's come on its reminder date", async () => {
    const d = await published('Review Moved A Year');
    await runJob(d.reminderDt);
    expect(await openReminders(d.docId)).toEqual(eachOwnerAndAuthorReminded(d.reviewDt));

    await signedInAt(at('2028-04-10'));
    const moved = await moveDates(d, { review_dt: '2029-06-01', reminder_dt: '2029-04-02' });
    expect(moved.statusCode, moved.body).toBe(200);
    // Nothing offers Extend from the old date; the new one is not due yet.
    expect(await openReminders(d.docId)).toEqual([]);
    expect((await reminderTasks(d.docId)).every((task) => task.status === 3 && task.due_dt === d.reviewDt)).toBe(true);

    await runJob('2028-04-11');
    expect(await openReminders(d.docId)).toEqual([]);
    // No stale reminder holds the one open task per user: the new date's is given.
    await runJob('2029-04-02');
    expect(await openReminders(d.docId)).toEqual(eachOwnerAndAuthorReminded('2029-06-01'));
  });

  it("with the reminder date still passed: the new date's reminders replace the old ones at once", async () => {
    const d = await published('Review Moved Reminder Kept');
    await runJob(d.reminderDt);
    await signedInAt(at('2028-04-10'));
    const moved = await moveDates(d, { review_dt: '2028-09-01' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await openReminders(d.docId)).toEqual(eachOwnerAndAuthorReminded('2028-09-01'));
    expect(await reminderTasks(d.docId)).toHaveLength(6);
  });
});
