import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createContainer, createGroup, createOrg, createUser, grant } from '../../test/factories';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

/**
 * Notifications are made by database triggers (migration 0009) from the rows the workflow writes:
 * an open task tells its holder, a decline, an approval and a publication tell the owners and
 * authors. Driven here through the real workflow API.
 */
let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps);
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

interface Row {
  id: number;
  org_id: number;
  user_id: number;
  message: string;
  link: string | null;
  status: number;
}

/** Every notification made since `afterId`, in the order they were made. */
async function notificationsSince(afterId: number): Promise<Row[]> {
  return withSystem(t.deps.database.db, (tx) =>
    queryRows<Row>(
      tx,
      sql`select id, org_id, user_id, message, link, status from notifications where id > ${afterId} order by id`,
    ),
  );
}
async function lastId(): Promise<number> {
  const [row] = await withSystem(t.deps.database.db, (tx) =>
    queryRows<{ id: number | null }>(tx, sql`select max(id) as id from notifications`),
  );
  return row?.id ?? 0;
}
const who = (rows: Row[]) => rows.map((r) => [r.user_id, r.message]);

const act = (agent: Agent, d: { pnpId: number; docId: number }, body: Record<string, unknown>) =>
  agent.post(`/api/o/${w.org.id}/pnp_documents/${d.docId}/workflow?pnp_id=${d.pnpId}`, body);

async function newDraft(name: string) {
  const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, name);
  return { pnpId: created.pnp.id, docId: created.pnp_document.id };
}

describe('notifications made by the workflow', () => {
  it('tells each new task holder, and the owners and authors of approvals and the publication', async () => {
    let since = await lastId();
    const d = await newDraft('Hand Hygiene');
    const docLink = `/orgs/${w.org.id}/pnps/${d.pnpId}/pnp_documents/${d.docId}`;
    let made = await notificationsSince(since);
    // Authoring: an Author task for each author (the policy owner is an author of the binder too).
    expect(who(made).sort()).toEqual(
      [
        [w.author.id, "Author 'Hand Hygiene'"],
        [w.policyOwner.id, "Author 'Hand Hygiene'"],
      ].sort(),
    );
    expect(made.every((n) => n.org_id === w.org.id && n.link === docLink && n.status === 1)).toBe(true);

    since = await lastId();
    expect((await act(a.author, d, { action: 'submit' })).statusCode).toBe(200);
    expect(who(await notificationsSince(since))).toEqual([[w.reviewer.id, "Review 'Hand Hygiene'"]]);

    since = await lastId();
    expect((await act(a.reviewer, d, { action: 'accept_review' })).statusCode).toBe(200);
    expect(who(await notificationsSince(since))).toEqual([[w.approver1.id, "Approve 'Hand Hygiene' (step 1)"]]);

    since = await lastId();
    expect((await act(a.approver1, d, { action: 'approve', comment: 'Looks right.' })).statusCode).toBe(200);
    made = await notificationsSince(since);
    // The next step's approver gets the task; the binder owner and the two authors hear of the approval.
    expect(who(made).sort()).toEqual(
      [
        [w.approver2.id, "Approve 'Hand Hygiene' (step 2)"],
        [w.binderOwner.id, "Al First approved 'Hand Hygiene' (step 1): Looks right."],
        [w.author.id, "Al First approved 'Hand Hygiene' (step 1): Looks right."],
        [w.policyOwner.id, "Al First approved 'Hand Hygiene' (step 1): Looks right."],
      ].sort(),
    );
    expect(made.every((n) => n.link === docLink)).toBe(true);

    since = await lastId();
    expect((await act(a.approver2, d, { action: 'approve' })).statusCode).toBe(200);
    expect(who(await notificationsSince(since)).sort()).toEqual(
      [
        [w.binderOwner.id, "Publish 'Hand Hygiene'"],
        [w.binderOwner.id, "Bea Second approved 'Hand Hygiene' (step 2)"],
        [w.author.id, "Bea Second approved 'Hand Hygiene' (step 2)"],
        [w.policyOwner.id, "Bea Second approved 'Hand Hygiene' (step 2)"],
      ].sort(),
    );

    since = await lastId();
    const publish = { action: 'publish', effective_dt: '2026-01-15', review_cycle_years: 1, reminder_days: 30 };
    expect((await act(a.binderOwner, d, publish)).statusCode).toBe(200);
    // The publisher is not told of their own publication.
    expect(who(await notificationsSince(since)).sort()).toEqual(
      [
        [w.author.id, "Bo Binder published 'Hand Hygiene' (Version 1), effective Jan 15, 2026"],
        [w.policyOwner.id, "Bo Binder published 'Hand Hygiene' (Version 1), effective Jan 15, 2026"],
      ].sort(),
    );
  });

  it('tells the owners and authors of a decline with its comment, and the authors get their task again', async () => {
    const d = await newDraft('Sharps Disposal');
    expect((await act(a.author, d, { action: 'submit' })).statusCode).toBe(200);
    const since = await lastId();
    const res = await act(a.reviewer, d, { action: 'decline_review', comment: 'The scope section is missing.' });
    expect(res.statusCode).toBe(200);
    const made = await notificationsSince(since);
    const declined = "Rae Reviewer declined 'Sharps Disposal' in Reviewing: The scope section is missing.";
    expect(who(made).sort()).toEqual(
      [
        [w.author.id, "Author 'Sharps Disposal'"],
        [w.policyOwner.id, "Author 'Sharps Disposal'"],
        [w.binderOwner.id, declined],
        [w.author.id, declined],
        [w.policyOwner.id, declined],
      ].sort(),
    );
    // Nobody else in the org, and never the reviewer who declined.
    expect(made.some((n) => [w.reviewer.id, w.reader.id, w.outsider.id, w.admin.id].includes(n.user_id))).toBe(false);
  });

  it('names the approval step of a decline in Approving', async () => {
    const d = await newDraft('Fall Prevention');
    await act(a.author, d, { action: 'submit' });
    await act(a.reviewer, d, { action: 'accept_review' });
    const since = await lastId();
    const res = await act(a.approver1, d, { action: 'decline_approval', comment: 'Cite the 2025 guideline.' });
    expect(res.statusCode).toBe(200);
    const declines = (await notificationsSince(since)).filter((n) => n.message.includes('declined'));
    expect(declines.map((n) => n.message)).toEqual(
      Array(3).fill("Al First declined 'Fall Prevention' at approval step 1: Cite the 2025 guideline."),
    );
  });

  it('expands groups holding the author role to their active members only', async () => {
    const org = await createOrg(t.deps);
    const owner = await createUser(t.deps, org.id, { firstName: 'Owen', lastName: 'Owner' });
    const active = await createUser(t.deps, org.id, { firstName: 'Ava', lastName: 'Active' });
    const gone = await createUser(t.deps, org.id, { firstName: 'Ivy', lastName: 'Inactive', status: 2 });
    const reviewer = await createUser(t.deps, org.id, { firstName: 'Rex', lastName: 'Review' });
    const binder = await createContainer(t.deps, org.id);
    const authors = await createGroup(t.deps, org.id, [active.id, gone.id]);
    await grant(t.deps, org.id, { containerId: binder.id }, { userId: owner.id }, 1);
    await grant(t.deps, org.id, { containerId: binder.id }, { groupId: authors.id }, 2);
    await grant(t.deps, org.id, { containerId: binder.id }, { userId: reviewer.id }, 3);
    const ownerAgent = await t.signIn(owner.username, owner.password);
    const reviewerAgent = await t.signIn(reviewer.username, reviewer.password);
    const created = await createPnpFromDocx(ownerAgent, org.id, binder.id, 'Visitor Policy');
    const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
    const url = `/api/o/${org.id}/pnp_documents/${d.docId}/workflow?pnp_id=${d.pnpId}`;
    expect((await ownerAgent.post(url, { action: 'submit' })).statusCode).toBe(200);
    const since = await lastId();
    expect((await reviewerAgent.post(url, { action: 'decline_review', comment: 'Too long.' })).statusCode).toBe(200);
    const declines = (await notificationsSince(since)).filter((n) => n.message.includes('declined'));
    expect(declines.map((n) => [n.org_id, n.user_id]).sort()).toEqual(
      [
        [org.id, owner.id],
        [org.id, active.id],
      ].sort(),
    );
  });

  it('tells a task holder of any kind inserted by any module (Acknowledge, PendingRevision)', async () => {
    const d = await newDraft('Patient Identification');
    const since = await lastId();
    await withSystem(t.deps.database.db, async (tx) => {
      await tx.execute(sql`update pnp_documents set review_dt = '2027-03-01' where id = ${d.docId}`);
      await tx.execute(
        sql`insert into tasks (org_id, user_id, kind, pnp_id, document_id, due_dt) values
              (${w.org.id}, ${w.reader.id}, 'Acknowledge', ${d.pnpId}, ${d.docId}, '2027-02-01'),
              (${w.org.id}, ${w.binderOwner.id}, 'PendingRevision', ${d.pnpId}, ${d.docId}, null)`,
      );
      // A task inserted already closed is no news.
      await tx.execute(
        sql`insert into tasks (org_id, user_id, kind, status, pnp_id, document_id)
              values (${w.org.id}, ${w.outsider.id}, 'Review', 3, ${d.pnpId}, ${d.docId})`,
      );
    });
    const made = await notificationsSince(since);
    expect(made.map((n) => [n.user_id, n.message, n.link])).toEqual([
      [
        w.reader.id,
        "Read and acknowledge 'Patient Identification' by Feb 01, 2027",
        `/orgs/${w.org.id}/pnps/${d.pnpId}/library/${d.docId}`,
      ],
      [
        w.binderOwner.id,
        "Start Review or Extend 'Patient Identification': its review is due on Mar 01, 2027",
        `/orgs/${w.org.id}/pnps/${d.pnpId}/pnp_documents/${d.docId}`,
      ],
    ]);
  });

  it('makes nothing when the change rolls back', async () => {
    const d = await newDraft('Restraint Use');
    const since = await lastId();
    // A decline without its comment is refused: no task, no notification.
    const res = await act(a.reviewer, d, { action: 'decline_review' });
    expect(res.statusCode).toBe(422);
    expect(await notificationsSince(since)).toEqual([]);
  });
});
