import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createContainer, createUser, grant, type TestUser } from '../../test/factories';
import { systemRows } from '../../test/container-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPublishedPnp } from '../../test/library-factories';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';
import { putAccess, resetAccess } from '../../test/access-calls';

/** Draft tasks follow participant changes made through the containers module (access API, moves). */
let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
let secondReviewer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps);
  a = await signInAll(t, w);
  secondReviewer = await createUser(t.deps, w.org.id, { firstName: 'Sid', lastName: 'Second' });
});
afterAll(async () => t.close());

const user = (u: TestUser) => ({ type: 'User' as const, id: u.id });
const access = (id: number) => `/api/o/${w.org.id}/access/${id}`;

/** A new P&P in the folder, submitted: its draft waits in Reviewing for the binder's reviewer. */
async function draftInReviewing(containerId = w.folder.id) {
  const created = await createPnpFromDocx(a.policyOwner, w.org.id, containerId, `Policy ${Math.random()}`);
  const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
  const res = await a.author.post(`/api/o/${w.org.id}/pnp_documents/${d.docId}/workflow?pnp_id=${d.pnpId}`, {
    action: 'submit',
  });
  expect(res.json().pnp_document).toMatchObject({ draft_stage_label: 'Reviewing' });
  return d;
}

/** The open Review tasks of a draft, as user ids. */
async function openReviewers(docId: number): Promise<number[]> {
  const rows = await systemRows<{ user_id: number }>(
    t.deps,
    sql`select user_id from tasks where document_id = ${docId} and kind = 'Review' and status = 1 order by user_id`,
  );
  return rows.map((r) => r.user_id);
}

const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);

/** The participants the workflow org gives a P&P, plus whatever is added. */
const fullList = (extraReviewers: TestUser[] = []) => ({
  owners: [user(w.binderOwner)],
  authors: [user(w.author), user(w.policyOwner)],
  reviewers: [user(w.reviewer), ...extraReviewers.map(user)],
  approvers: [user(w.approver1)],
  approversStep2: [user(w.approver2)],
});

describe('draft tasks follow the access API', () => {
  it('gives a reviewer added to a P&P in Reviewing an open Review task, and takes it back on reset', async () => {
    const d = await draftInReviewing();
    expect(await openReviewers(d.docId)).toEqual([w.reviewer.id]);

    const put = await putAccess(a.admin, access(d.pnpId), { object_type: 3, participants: fullList([secondReviewer]) });
    expect(put.statusCode).toBe(200);
    expect(await openReviewers(d.docId)).toEqual(sorted([w.reviewer.id, secondReviewer.id]));

    const reset = await resetAccess(a.binderOwner, `${access(d.pnpId)}/reset_to_parent`, { object_type: 3 });
    expect(reset.statusCode).toBe(200);
    expect(await openReviewers(d.docId)).toEqual([w.reviewer.id]);
  });

  it('resyncs the drafts that inherit from a folder whose participants change, not the others', async () => {
    const d = await draftInReviewing();
    const own = await draftInReviewing();
    // This P&P keeps its own participants: the folder's change does not reach it.
    expect((await putAccess(a.admin, access(own.pnpId), { object_type: 3, participants: fullList() })).statusCode).toBe(
      200,
    );

    const put = await putAccess(a.binderOwner, access(w.folder.id), {
      object_type: 2,
      participants: fullList([secondReviewer]),
    });
    expect(put.statusCode).toBe(200);
    expect(await openReviewers(d.docId)).toEqual(sorted([w.reviewer.id, secondReviewer.id]));
    expect(await openReviewers(own.docId)).toEqual([w.reviewer.id]);

    const reset = await resetAccess(a.binderOwner, `${access(w.folder.id)}/reset_to_parent`, { object_type: 2 });
    expect(reset.statusCode).toBe(200);
    expect(await openReviewers(d.docId)).toEqual([w.reviewer.id]);
  });

  it('leaves draft tasks alone when the change is refused', async () => {
    const d = await draftInReviewing();
    const refused = await putAccess(a.reviewer, access(d.pnpId), {
      object_type: 3,
      participants: fullList([secondReviewer]),
    });
    expect(refused.statusCode).toBe(403);
    const bad = await putAccess(a.admin, access(d.pnpId), {
      object_type: 3,
      participants: { reviewers: [{ type: 'User', id: 2147483000 }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(await openReviewers(d.docId)).toEqual([w.reviewer.id]);
  });
});

describe('draft tasks follow moves', () => {
  async function otherBinder(): Promise<{ id: number }> {
    const binder = await createContainer(t.deps, w.org.id);
    const target = { containerId: binder.id };
    await grant(t.deps, w.org.id, target, { userId: w.binderOwner.id }, 1);
    await grant(t.deps, w.org.id, target, { userId: w.author.id }, 2);
    await grant(t.deps, w.org.id, target, { userId: secondReviewer.id }, 3);
    return binder;
  }
  const lockVersion = async (table: 'pnps' | 'containers', id: number) =>
    (await systemRows<{ v: number }>(t.deps, sql`select lock_version as v from ${sql.raw(table)} where id = ${id}`))[0]!
      .v;

  it('hands the review to the destination binder reviewers when a P&P moves', async () => {
    const d = await draftInReviewing();
    const binder = await otherBinder();
    const res = await a.admin.put(`/api/o/${w.org.id}/containers/${d.pnpId}`, {
      item: { item_type: 3, parent_id: binder.id, lock_version: await lockVersion('pnps', d.pnpId) },
    });
    expect(res.statusCode).toBe(200);
    expect(await openReviewers(d.docId)).toEqual([secondReviewer.id]);
  });

  it('resyncs the drafts below a folder that moves to another binder', async () => {
    const folder = await createContainer(t.deps, w.org.id, { parentId: w.binder.id });
    const d = await draftInReviewing(folder.id);
    const binder = await otherBinder();
    const res = await a.admin.put(`/api/o/${w.org.id}/containers/${folder.id}`, {
      item: { parent_id: binder.id, lock_version: await lockVersion('containers', folder.id) },
    });
    expect(res.statusCode).toBe(200);
    expect(await openReviewers(d.docId)).toEqual([secondReviewer.id]);
  });
});

describe("'Start Review or Extend' follows the participants", () => {
  it('closes the reminder of someone who is no longer an Owner or Author, keeps the others, and opens one for the new Author', async () => {
    const folder = await createContainer(t.deps, w.org.id, { parentId: w.binder.id });
    const published = await createPublishedPnp(t.deps, w.org.id, folder.id);
    for (const holder of [w.author, w.binderOwner])
      await systemRows(
        t.deps,
        sql`insert into tasks (org_id, user_id, kind, status, pnp_id, document_id, due_dt)
            values (${w.org.id}, ${holder.id}, 'PendingRevision', 1, ${published.id}, ${published.versionId}, current_date + 60)
            returning id`,
      );
    const withoutAuthor = { ...fullList(), authors: [user(w.policyOwner)] };
    expect(
      (await putAccess(a.binderOwner, access(folder.id), { object_type: 2, participants: withoutAuthor })).statusCode,
    ).toBe(200);

    const reminders = await systemRows<{ user_id: number; status: number }>(
      t.deps,
      sql`select user_id, status from tasks where pnp_id = ${published.id} and kind = 'PendingRevision' order by user_id`,
    );
    expect(reminders).toEqual(
      sorted([w.author.id, w.binderOwner.id, w.policyOwner.id]).map((id) => ({
        user_id: id,
        status: id === w.author.id ? 3 : 1,
      })),
    );
  });
});
