import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_CHANGED_MESSAGE } from '../../../shared/api/user-groups';
import { createGroupVia, groupUrls, groupsWorld, suffix, type GroupsWorld } from './user-groups-test-setup';

let world: GroupsWorld;
let u: ReturnType<typeof groupUrls>;
beforeAll(async () => {
  world = await groupsWorld();
  u = groupUrls(world.w.org.id);
});
afterAll(async () => world.t.close());

interface ShownGroup {
  name: string;
  updated_at: string;
  members: Array<{ id: number }>;
}
const show = async (id: number): Promise<ShownGroup> =>
  (await world.a.admin.get(u.one(id))).json<{ user_group: ShownGroup }>().user_group;

describe('user group edits: a save over a newer change is refused', () => {
  it('two editors add different members: the second, stale save is a 409 and the first one stands', async () => {
    const { a, w, t } = world;
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [] });
    const opened = await show(group.id);
    // Both screens opened the same version; the first saves a while later.
    t.clock.advance(60_000);
    const first = await a.admin.put(u.one(group.id), {
      group: { name: group.name, member_ids: [w.reviewer.id], updated_at: opened.updated_at },
    });
    expect(first.statusCode, first.body).toBe(200);
    t.clock.advance(60_000);
    const second = await a.admin.put(u.one(group.id), {
      group: { name: group.name, member_ids: [w.approver1.id], updated_at: opened.updated_at },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors).toEqual([GROUP_CHANGED_MESSAGE]);
    expect((await show(group.id)).members.map((m) => m.id)).toEqual([w.reviewer.id]);
    // With the current token, after reloading, the same change is saved.
    const current = await show(group.id);
    const retried = await a.admin.put(u.one(group.id), {
      group: { name: group.name, member_ids: [w.reviewer.id, w.approver1.id], updated_at: current.updated_at },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await show(group.id)).members.map((m) => m.id).sort()).toEqual([w.reviewer.id, w.approver1.id].sort());
  });

  it('a member added from the user edit screen makes a group screen opened before it stale', async () => {
    const { a, w, t } = world;
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [] });
    const opened = await show(group.id);
    t.clock.advance(60_000);
    const viaUser = await a.admin.put(`/api/o/${w.org.id}/users/${w.reader.id}`, { user: { group_ids: [group.id] } });
    expect(viaUser.statusCode, viaUser.body).toBe(200);
    const stale = await a.admin.put(u.one(group.id), {
      group: { name: group.name, member_ids: [], updated_at: opened.updated_at },
    });
    expect(stale.statusCode).toBe(409);
    expect((await show(group.id)).members.map((m) => m.id)).toEqual([w.reader.id]);
  });

  it('the other rules come first: 401, 403, 404 and 422 whatever the token', async () => {
    const { a, w, b, t } = world;
    const group = await createGroupVia(a.admin, w.org.id);
    const stale = { name: `Renamed ${suffix()}`, member_ids: [], updated_at: '2020-01-01T00:00:00.000Z' };
    expect((await t.anonymous().put(u.one(group.id), { group: stale })).statusCode).toBe(401);
    expect((await a.reader.put(u.one(group.id), { group: stale })).statusCode).toBe(403);
    expect((await b.put(u.one(group.id), { group: stale })).statusCode).toBe(404);
    expect((await a.admin.put(u.one(999_999), { group: stale })).statusCode).toBe(404);
    const badToken = await a.admin.put(u.one(group.id), { group: { ...stale, updated_at: 'yesterday' } });
    expect(badToken.statusCode).toBe(422);
    expect(badToken.json().errors).toEqual(['updated_at must be the group’s updated_at as it was read.']);
    const badName = await a.admin.put(u.one(group.id), {
      group: { ...stale, name: '', updated_at: (await show(group.id)).updated_at },
    });
    expect(badName.statusCode).toBe(422);
    expect((await show(group.id)).name).toBe(group.name);
  });
});
