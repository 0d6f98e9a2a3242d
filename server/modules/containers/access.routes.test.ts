import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, createOrg, createUser, grant } from '../../test/factories';
import { createTestPnp, createTreeFixture, type TreeFixture } from '../../test/container-factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { putAccess, resetAccess } from '../../test/access-calls';

let t: TestApp;
let f: TreeFixture;
let admin: Agent;
let owner: Agent;
let author: Agent;
let stranger: Agent;
const base = () => `/api/o/${f.org.id}/access`;
const fetchP = (agent: Agent, type: number, id: number) =>
  agent.get(`${base()}/fetch_participants?object_type=${type}&object_id=${id}`);
const namesOf = (list: Array<{ name: string }>) => list.map((p) => p.name);
const logsOf = async (id: number) =>
  (await admin.get(`/api/o/${f.org.id}/containers/${id}/change_logs`)).json().change_logs;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTreeFixture(t.deps);
  admin = await t.signIn(f.admin.username, f.admin.password);
  owner = await t.signIn(f.owner.username, f.owner.password);
  author = await t.signIn(f.author.username, f.author.password);
  stranger = await t.signIn(f.stranger.username, f.stranger.password);
});
afterAll(async () => t.close());

describe('GET access/fetch_participants', () => {
  it('shows inherited participants with where they come from', async () => {
    const res = await fetchP(author, 2, f.a1a.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      object_type: 2,
      object_id: f.a1a.id,
      inherits_access: true,
      has_parent: true,
      inherited_from: { object_type: 1, object_id: f.binderA.id, name: 'Binder A' },
      abilities: { edit: false },
    });
    expect(body.participants.owners).toEqual([
      {
        id: f.owner.id,
        type: 'User',
        name: 'Bea Binder',
        email: f.owner.email,
        inherited: true,
        source: { object_type: 1, object_id: f.binderA.id, name: 'Binder A' },
      },
    ]);
    expect(body.participants.audience[0]).toMatchObject({ type: 'Group', name: f.staff.name, email: null });
    expect(Object.keys(body.participants)).toHaveLength(14);
    expect((await fetchP(owner, 2, f.a1a.id)).json().abilities.edit).toBe(true);
  });

  it('answers 401, 403, 404 and 422 as it should', async () => {
    expect((await fetchP(t.anonymous(), 1, f.binderA.id)).statusCode).toBe(401);
    // A binder the caller may not see is answered exactly like one that does not exist, no name in it.
    const hidden = await fetchP(stranger, 1, f.binderA.id);
    const missing = await fetchP(stranger, 1, 2147483000);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errors).toEqual(missing.json().errors);
    expect(hidden.body).not.toContain(f.binderA.name);
    expect((await fetchP(admin, 1, 2147483000)).statusCode).toBe(404);
    const bad = await admin.get(`${base()}/fetch_participants?object_type=7&object_id=x`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.join(' ')).toMatch(/Object type must be 1 \(binder\), 2 \(folder\) or 3 \(P&P\)/);
    expect((await fetchP(admin, 1, f.a1.id)).statusCode).toBe(422);
    const other = await createOrg(t.deps);
    const outsider = await createUser(t.deps, other.id, { isAdmin: true });
    const agent = await t.signIn(outsider.username, outsider.password);
    expect(
      (await agent.get(`/api/o/${other.id}/access/fetch_participants?object_type=1&object_id=${f.binderA.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await agent.get(`/api/o/${f.org.id}/access/fetch_participants?object_type=1&object_id=${f.binderA.id}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('inheritance, override and reset (a group as Reviewer)', () => {
  it('gives a group Reviewer on a binder, sees it inherited below, overrides a folder, resets it', async () => {
    const reviewers = await createGroup(t.deps, f.org.id, [f.stranger.id], 'Reviewers Group');
    const current = (await fetchP(admin, 1, f.binderA.id)).json();
    const keep = (key: string) =>
      current.participants[key].map((p: { type: string; id: number }) => ({ type: p.type, id: p.id }));
    const put = await putAccess(admin, `${base()}/${f.binderA.id}`, {
      object_type: 1,
      participants: {
        owners: keep('owners'),
        authors: keep('authors'),
        audience: keep('audience'),
        reviewers: [{ type: 'Group', id: reviewers.id }],
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().participants.reviewers).toMatchObject([
      { name: 'Reviewers Group', type: 'Group', inherited: false },
    ]);
    expect((await logsOf(f.binderA.id))[0]).toMatchObject({
      action_name: 'Update Access',
      object_type: 'Binder',
      deltas: { container_access_groups_added: [{ user_group_name: 'Reviewers Group', role_name: 'Reviewer' }] },
    });

    const below = (await fetchP(admin, 2, f.a1a.id)).json();
    expect(below.participants.reviewers).toMatchObject([
      { name: 'Reviewers Group', inherited: true, source: { name: 'Binder A' } },
    ]);
    // A member of the group now sees the binder through the group.
    expect((await fetchP(stranger, 2, f.a1a.id)).statusCode).toBe(200);

    // Override the folder: Ann is the only reviewer there, as Approver step 3 too.
    const override = await putAccess(owner, `${base()}/${f.a1.id}`, {
      object_type: 2,
      participants: {
        owners: [{ type: 'User', id: f.owner.id }],
        reviewers: [
          { type: 'User', id: f.author.id },
          { type: 'User', id: f.author.id },
        ],
        approversStep3: [{ type: 'User', id: f.author.id }],
      },
    });
    expect(override.statusCode).toBe(200);
    expect(override.json()).toMatchObject({ inherits_access: false, inherited_from: null });
    expect(namesOf(override.json().participants.reviewers)).toEqual(['Ann Author']);
    expect(namesOf(override.json().participants.approversStep3)).toEqual(['Ann Author']);
    const log = (await logsOf(f.a1.id))[0];
    expect(log.action_name).toBe('Update Access');
    expect(log.deltas.container_access_users_added).toEqual(
      expect.arrayContaining([
        { user_name: 'Ann Author', role_name: 'Reviewer' },
        { user_name: 'Ann Author', role_name: 'Approver (Step 3)' },
      ]),
    );
    expect(log.deltas.container_access_groups_removed).toEqual(
      expect.arrayContaining([{ user_group_name: 'Reviewers Group', role_name: 'Reviewer' }]),
    );
    const overriddenBelow = (await fetchP(admin, 2, f.a1a.id)).json();
    expect(overriddenBelow.inherited_from).toMatchObject({ name: 'Folder A1', object_type: 2 });
    expect(namesOf(overriddenBelow.participants.reviewers)).toEqual(['Ann Author']);

    // Reset to parent: the binder's Reviewers Group is back.
    const reset = await resetAccess(owner, `${base()}/${f.a1.id}/reset_to_parent`, { object_type: 2 });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ inherits_access: true, inherited_from: { name: 'Binder A' } });
    expect(namesOf(reset.json().participants.reviewers)).toEqual(['Reviewers Group']);
    const resetLog = (await logsOf(f.a1.id))[0];
    expect(resetLog.action_name).toBe('Reset To Parent');
    expect(resetLog.deltas.container_access_groups_added).toEqual(
      expect.arrayContaining([{ user_group_name: 'Reviewers Group', role_name: 'Reviewer' }]),
    );
    expect(resetLog.deltas.container_access_users_removed).toEqual(
      expect.arrayContaining([{ user_name: 'Ann Author', role_name: 'Approver (Step 3)' }]),
    );
  });

  it('resets a whole subtree, folders and P&Ps', async () => {
    await grant(t.deps, f.org.id, { containerId: f.a1.id }, { userId: f.owner.id }, 1);
    await grant(t.deps, f.org.id, { containerId: f.a1a.id }, { userId: f.owner.id }, 1);
    const pnp = await createTestPnp(t.deps, f.org.id, f.a1a.id, { inheritsAccess: false });
    await grant(t.deps, f.org.id, { pnpId: pnp.id }, { userId: f.owner.id }, 1);
    const res = await resetAccess(owner, `${base()}/${f.a1.id}/reset_to_parent`, { object_type: 2, subtree: true });
    expect(res.statusCode).toBe(200);
    expect((await fetchP(admin, 2, f.a1a.id)).json().inherits_access).toBe(true);
    expect((await fetchP(admin, 3, pnp.id)).json()).toMatchObject({
      inherits_access: true,
      inherited_from: { name: 'Binder A' },
    });
  });

  it('refuses bad participant lists, binders without parents, and people without the right', async () => {
    const other = await createOrg(t.deps);
    const foreignUser = await createUser(t.deps, other.id);
    const unknown = await putAccess(admin, `${base()}/${f.a2.id}`, {
      object_type: 2,
      participants: { owners: [{ type: 'User', id: foreignUser.id }], authors: [{ type: 'Group', id: 2147483000 }] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([
      `These users were not found in this organization: ${foreignUser.id}.`,
      'These groups were not found in this organization: 2147483000.',
    ]);
    const badKey = await putAccess(admin, `${base()}/${f.a2.id}`, {
      object_type: 2,
      participants: { approversStep11: [] },
    });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().errors.join(' ')).toMatch(/Unknown field: approversStep11/);
    const badType = await putAccess(admin, `${base()}/${f.a2.id}`, {
      object_type: 2,
      participants: { owners: [{ type: 'Robot', id: 1 }] },
    });
    expect(badType.json().errors.join(' ')).toMatch(/Type must be 'User' or 'Group'/);
    const binder = await resetAccess(admin, `${base()}/${f.binderA.id}/reset_to_parent`, { object_type: 1 });
    expect(binder.statusCode).toBe(422);
    expect(binder.json().errors[0]).toMatch(/A binder has no parent/);
    expect((await putAccess(author, `${base()}/${f.a2.id}`, { object_type: 2, participants: {} })).statusCode).toBe(
      403,
    );
    // Folder B1 is not visible to the owner of binder A: 404, as if it did not exist.
    expect((await putAccess(owner, `${base()}/${f.b1.id}`, { object_type: 2, participants: {} })).statusCode).toBe(404);
    expect((await resetAccess(owner, `${base()}/${f.b1.id}/reset_to_parent`, { object_type: 2 })).statusCode).toBe(404);
    expect(
      (await putAccess(t.anonymous(), `${base()}/${f.a2.id}`, { object_type: 2, participants: {} })).statusCode,
    ).toBe(401);
    expect((await putAccess(admin, `${base()}/2147483000`, { object_type: 2, participants: {} })).statusCode).toBe(404);
    expect((await resetAccess(admin, `${base()}/2147483000/reset_to_parent`, { object_type: 2 })).statusCode).toBe(404);
  });
});

describe('participants of a P&P', () => {
  it('may be set by an admin, a binder owner or the P&P’s Owner, not by others', async () => {
    const pnp = await createTestPnp(t.deps, f.org.id, f.b1.id, { status: 2 });
    const pnpOwner = await createUser(t.deps, f.org.id, { firstName: 'Pat', lastName: 'Owner' });
    const set = await putAccess(admin, `${base()}/${pnp.id}`, {
      object_type: 3,
      participants: { owners: [{ type: 'User', id: pnpOwner.id }] },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ object_type: 3, inherits_access: false, has_parent: true });
    const patAgent = await t.signIn(pnpOwner.username, pnpOwner.password);
    const byOwner = await putAccess(patAgent, `${base()}/${pnp.id}`, {
      object_type: 3,
      participants: { owners: [{ type: 'User', id: pnpOwner.id }], audience: [{ type: 'Group', id: f.staff.id }] },
    });
    expect(byOwner.statusCode).toBe(200);
    // Its Owner may not leave it without one (as its settings form may not): 422, nothing changed.
    const ownerless = await putAccess(patAgent, `${base()}/${pnp.id}`, {
      object_type: 3,
      participants: { audience: [{ type: 'Group', id: f.staff.id }] },
    });
    expect(ownerless.statusCode).toBe(422);
    expect(ownerless.json().errors).toEqual(['A P&P with its own participants needs at least one Owner.']);
    expect(namesOf((await fetchP(admin, 3, pnp.id)).json().participants.owners)).toEqual(['Pat Owner']);
    // The P&P sits in binder B, which the owner of binder A cannot see: 404, no name.
    const hidden = await putAccess(owner, `${base()}/${pnp.id}`, { object_type: 3, participants: {} });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errors).toEqual(['The P&P was not found.']);
  });
});

describe('GET access/candidates', () => {
  it('lists users and groups by name for admins and owners, searchable; 403 for others', async () => {
    const res = await admin.get(`${base()}/candidates?limit=500`);
    expect(res.statusCode).toBe(200);
    const candidates = res.json().candidates;
    expect(candidates).toEqual(
      expect.arrayContaining([
        { id: f.owner.id, type: 'User', name: 'Bea Binder', email: f.owner.email },
        { id: f.staff.id, type: 'Group', name: f.staff.name, email: null },
      ]),
    );
    const searched = (await owner.get(`${base()}/candidates?q=binder`)).json().candidates;
    expect(searched.map((c: { name: string }) => c.name)).toEqual(['Bea Binder']);
    expect((await author.get(`${base()}/candidates`)).statusCode).toBe(403);
    expect((await admin.get(`${base()}/candidates?limit=0`)).statusCode).toBe(422);
    expect((await t.anonymous().get(`${base()}/candidates`)).statusCode).toBe(401);
  });

  it('lists users alone or groups alone, the limit counting only those', async () => {
    const both = (await admin.get(`${base()}/candidates?limit=500`)).json().candidates as Array<{ type: string }>;
    const groupsInAll = both.filter((c) => c.type === 'Group');
    expect(groupsInAll.length).toBeGreaterThan(0);
    const groups = (await admin.get(`${base()}/candidates?type=Group&limit=500`)).json().candidates;
    expect(groups).toEqual(groupsInAll);
    const users = (await admin.get(`${base()}/candidates?type=User&limit=500`)).json().candidates;
    expect(users).toEqual(both.filter((c) => c.type === 'User'));
    // One group, whatever the users whose names sort before it (a user is first of both).
    expect(both[0]!.type).toBe('User');
    const first = (await owner.get(`${base()}/candidates?type=Group&limit=1`)).json().candidates;
    expect(first).toEqual([groupsInAll[0]]);
    const bad = await admin.get(`${base()}/candidates?type=Team`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.join(' ')).toMatch(/Type must be 'User' or 'Group'/);
  });
});
