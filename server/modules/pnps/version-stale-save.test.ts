import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION_CHANGED_MESSAGE } from '../../../shared/api/pnp-documents';
import { createOrg, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
let otherAdmin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
  const orgB = await createOrg(t.deps);
  const adminB = await createUser(t.deps, orgB.id, { isAdmin: true });
  otherAdmin = await t.signIn(adminB.username, adminB.password);
});
afterAll(async () => t.close());

type Ref = { pnpId: number; docId: number };
interface ShownVersion {
  notes: string | null;
  review_cycle_years: number | null;
  review_dt: string | null;
  reminder_dt: string | null;
  lock_version: number;
}
const docUrl = (d: Ref, tail = '') => `/api/o/${w.org.id}/pnp_documents/${d.docId}${tail}?pnp_id=${d.pnpId}`;
const editUrl = (d: Ref) => `/api/o/${w.org.id}/pnp_documents/${d.docId}`;
const show = async (d: Ref): Promise<ShownVersion> =>
  (await a.admin.get(docUrl(d))).json<{ pnp_document: ShownVersion }>().pnp_document;
const save = (agent: Agent, d: Ref, document: Record<string, unknown>) =>
  agent.put(editUrl(d), { pnp_id: d.pnpId, document });

async function draft(name: string): Promise<Ref> {
  const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, name);
  return { pnpId: created.pnp.id, docId: created.pnp_document.id };
}

async function published(name: string): Promise<Ref> {
  const d = await draft(name);
  const act = (agent: Agent, body: Record<string, unknown>) => agent.post(docUrl(d, '/workflow'), body);
  await act(a.author, { action: 'submit' });
  await act(a.reviewer, { action: 'accept_review' });
  await act(a.approver1, { action: 'approve' });
  const publish = await act(a.binderOwner, {
    action: 'publish',
    effective_dt: '2026-01-01',
    review_cycle_years: 3,
    reminder_days: 180,
  });
  expect(publish.statusCode, publish.body).toBe(200);
  return d;
}

describe("A version's General Info: a save over a newer change is refused", () => {
  it("two authors of one draft: the stale save is a 409 and the other's notes stand; a fresh one saves", async () => {
    const d = await draft('Sharps Disposal');
    const opened = await show(d);
    const first = await save(a.policyOwner, d, { notes: 'Use the yellow bins.', lock_version: opened.lock_version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().pnp_document.lock_version).toBeGreaterThan(opened.lock_version);

    const second = await save(a.author, d, { notes: null, review_cycle_years: 2, lock_version: opened.lock_version });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors).toEqual([VERSION_CHANGED_MESSAGE]);
    const kept = await show(d);
    expect(kept).toMatchObject({ notes: 'Use the yellow bins.', review_cycle_years: opened.review_cycle_years });

    const retried = await save(a.author, d, {
      notes: kept.notes,
      review_cycle_years: 2,
      lock_version: kept.lock_version,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const after = await show(d);
    expect(after).toMatchObject({ notes: 'Use the yellow bins.', review_cycle_years: 2 });
    expect(after.lock_version).toBeGreaterThan(kept.lock_version);
  });

  it("the Active version's dates opened before Extend moved them: the stale save is a 409", async () => {
    const d = await published('Badge Access');
    const opened = await show(d);
    const extended = await a.binderOwner.post(docUrl(d, '/extend_review'), {});
    expect(extended.statusCode, extended.body).toBe(200);
    const moved = await show(d);
    expect(moved.review_dt).not.toBe(opened.review_dt);
    expect(moved.lock_version).toBeGreaterThan(opened.lock_version);

    const stale = await save(a.admin, d, {
      review_dt: '2030-06-01',
      reminder_dt: '2030-01-01',
      lock_version: opened.lock_version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual([VERSION_CHANGED_MESSAGE]);
    expect(await show(d)).toMatchObject({ review_dt: moved.review_dt, reminder_dt: moved.reminder_dt });

    const fresh = await save(a.admin, d, {
      review_dt: '2030-06-01',
      reminder_dt: '2030-01-01',
      lock_version: moved.lock_version,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await show(d)).toMatchObject({ review_dt: '2030-06-01', reminder_dt: '2030-01-01' });
  });

  it('the other rules come first: 401, 403, 404 and 422 whatever the version', async () => {
    const d = await draft('Visitor Policy');
    const stale = { notes: 'Sign in at the desk.', lock_version: 999 };
    expect((await t.anonymous().put(editUrl(d), { pnp_id: d.pnpId, document: stale })).statusCode).toBe(401);
    expect((await save(a.reviewer, d, stale)).statusCode).toBe(403);
    expect((await save(otherAdmin, d, stale)).statusCode).toBe(404);
    expect((await save(a.author, { ...d, docId: 999_999 }, stale)).statusCode).toBe(404);
    const badVersion = await save(a.author, d, { notes: 'Sign in at the desk.', lock_version: 'one' });
    expect(badVersion.statusCode).toBe(422);
    expect(badVersion.json().errors).toEqual(['Lock version must be a whole number.']);
    expect((await show(d)).notes).toBeNull();
  });
});
