import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_CHANGED_MESSAGE } from '../../../shared/api/users';
import { createGroup, createTwoOrgs, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTwoOrgs>>;
let admin: Agent;
let plain: Agent;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTwoOrgs(t.deps);
  admin = await t.signIn(f.adminA.username, f.adminA.password);
  plain = await t.signIn(f.userA.username, f.userA.password);
});
afterAll(async () => t.close());

const url = (id: number, orgId = f.orgA.id) => `/api/o/${orgId}/users/${id}`;
interface ShownUser {
  title: string | null;
  last_name: string;
  updated_at: string;
  groups: Array<{ id: number }>;
}
const show = async (id: number): Promise<ShownUser> => (await admin.get(url(id))).json<{ user: ShownUser }>().user;

describe('user edits: a save over a newer change is refused', () => {
  it('one editor sets the title, another changes the last name: the stale save is a 409 and the title stands', async () => {
    const user = await createUser(t.deps, f.orgA.id);
    const opened = await show(user.id);
    t.clock.advance(60_000);
    const first = await admin.put(url(user.id), { user: { title: 'Charge Nurse', updated_at: opened.updated_at } });
    expect(first.statusCode, first.body).toBe(200);
    t.clock.advance(60_000);
    const second = await admin.put(url(user.id), {
      user: { title: null, last_name: 'Lovelace', updated_at: opened.updated_at },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors).toEqual([USER_CHANGED_MESSAGE]);
    expect(await show(user.id)).toMatchObject({ title: 'Charge Nurse', last_name: opened.last_name });
    const current = await show(user.id);
    const retried = await admin.put(url(user.id), {
      user: { title: 'Charge Nurse', last_name: 'Lovelace', updated_at: current.updated_at },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await show(user.id)).toMatchObject({ title: 'Charge Nurse', last_name: 'Lovelace' });
  });

  it('a change of groups alone makes an older edit screen stale too', async () => {
    const user = await createUser(t.deps, f.orgA.id);
    const group = await createGroup(t.deps, f.orgA.id);
    const opened = await show(user.id);
    t.clock.advance(60_000);
    expect(
      (await admin.put(url(user.id), { user: { group_ids: [group.id], updated_at: opened.updated_at } })).statusCode,
    ).toBe(200);
    const stale = await admin.put(url(user.id), { user: { group_ids: [], updated_at: opened.updated_at } });
    expect(stale.statusCode).toBe(409);
    expect((await show(user.id)).groups.map((g) => g.id)).toEqual([group.id]);
  });

  it('the other rules come first: 401, 403, 404 and 422 whatever the token', async () => {
    const user = await createUser(t.deps, f.orgA.id);
    const stale = { user: { title: 'Ward Clerk', updated_at: '2020-01-01T00:00:00.000Z' } };
    expect((await t.anonymous().put(url(user.id), stale)).statusCode).toBe(401);
    expect((await plain.put(url(user.id), stale)).statusCode).toBe(403);
    expect((await admin.put(url(f.userB.id), stale)).statusCode).toBe(404);
    expect((await admin.put(url(user.id, f.orgB.id), stale)).statusCode).toBe(404);
    const badToken = await admin.put(url(user.id), { user: { title: 'Ward Clerk', updated_at: 'yesterday' } });
    expect(badToken.statusCode).toBe(422);
    expect(badToken.json().errors).toEqual(['updated_at must be the user’s updated_at as it was read.']);
    const current = (await show(user.id)).updated_at;
    expect((await admin.put(url(user.id), { user: { first_name: '', updated_at: current } })).statusCode).toBe(422);
    expect((await show(user.id)).title).toBeNull();
  });
});
