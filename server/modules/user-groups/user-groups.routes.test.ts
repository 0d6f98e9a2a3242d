import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import {
  createGroupVia,
  createSystemGroup,
  groupBody,
  groupUrls,
  groupsWorld,
  logsOf,
  suffix,
  updateGroupVia,
  type GroupsWorld,
} from './user-groups-test-setup';

let world: GroupsWorld;
let u: ReturnType<typeof groupUrls>;
beforeAll(async () => {
  world = await groupsWorld();
  u = groupUrls(world.w.org.id);
});
afterAll(async () => world.t.close());

describe('user group routes: who may call', () => {
  it('401 for every call without a session', async () => {
    const anon = world.t.anonymous();
    const calls = [
      anon.get(u.base),
      anon.post(u.base, groupBody()),
      anon.get(u.candidates),
      anon.get(u.one(1)),
      anon.put(u.one(1), groupBody()),
      anon.delete(u.one(1)),
      anon.get(u.logs(1)),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });

  it('403 for users who are not org admins, binder owners included; nothing is changed', async () => {
    const { a, w } = world;
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [w.author.id] });
    for (const agent of [a.binderOwner, a.policyOwner, a.reader]) {
      const refusals = [
        await agent.get(u.base),
        await agent.post(u.base, groupBody()),
        await agent.get(u.candidates),
        await agent.get(u.one(group.id)),
        await agent.put(u.one(group.id), groupBody()),
        await agent.delete(u.one(group.id)),
        await agent.get(u.logs(group.id)),
      ];
      for (const res of refusals) {
        expect(res.statusCode).toBe(403);
        expect(res.json().errors).toEqual(['Only organization administrators can do this.']);
      }
    }
    expect((await a.admin.get(u.one(group.id))).json().user_group.name).toBe(group.name);
  });

  it("404 with no name for another organisation's group, in either organisation's path", async () => {
    const { a, w, b, orgB } = world;
    const name = `Secret Group ${suffix()}`;
    const group = await createGroupVia(a.admin, w.org.id, { name });
    const inB = groupUrls(orgB.id);
    const hidden = [
      await b.get(u.base),
      await b.get(u.one(group.id)),
      await b.put(u.one(group.id), groupBody()),
      await b.delete(u.one(group.id)),
      await b.get(u.logs(group.id)),
      await b.get(inB.one(group.id)),
      await b.put(inB.one(group.id), groupBody()),
      await b.delete(inB.one(group.id)),
      await b.get(inB.logs(group.id)),
    ];
    for (const res of hidden) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(name);
    }
    expect((await b.get(inB.one(group.id))).json().errors).toEqual(['The group was not found.']);
    // Org B's own list does not hold it; members of org A cannot be added from org B.
    expect((await b.get(inB.base)).json().user_groups).toEqual([]);
    const cross = await b.post(inB.base, groupBody({ member_ids: [w.author.id] }));
    expect(cross.statusCode).toBe(422);
    expect(cross.json().errors).toEqual([`These users were not found: ${w.author.id}.`]);
    expect((await a.admin.get(u.one(group.id))).statusCode).toBe(200);
    expect((await a.admin.get(u.one(999_999))).json().errors).toEqual(['The group was not found.']);
  });
});

describe('user group routes: input', () => {
  it('422 with every problem listed: name required, no angle brackets, unknown fields, bad ids', async () => {
    const { a } = world;
    const errs = async (body: unknown) => {
      const res = await a.admin.post(u.base, body as Record<string, unknown>);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors as string[];
    };
    expect(await errs(groupBody({ name: '' }))).toContain('Name is required.');
    expect(await errs(groupBody({ name: '   ' }))).toContain('Name is required.');
    expect(await errs(groupBody({ name: '<b>Nurses</b>' }))).toContain('Name must not contain < or >.');
    expect(await errs(groupBody({ description: 'a <script>' }))).toContain('Description must not contain < or >.');
    expect(await errs(groupBody({ name: 'x'.repeat(256) }))).toContain('Name must be at most 255 characters.');
    expect(await errs(groupBody({ member_ids: [0] }))).toContain('The member id must be a positive whole number.');
    expect(await errs(groupBody({ member_ids: 'all' }))).toContain('Members must be a list of user ids.');
    expect((await errs({ group: { name: 'Ok', colour: 'red' } })).join(' ')).toMatch(/colour/);
    expect((await errs({})).length).toBeGreaterThan(0);
    const badQuery = await a.admin.get(`${u.base}?exclude_system=maybe`);
    expect(badQuery.statusCode).toBe(422);
    expect(badQuery.json().errors).toContain('exclude_system must be true or false.');
    expect((await a.admin.get(u.one('abc'))).statusCode).toBe(422);
  });

  it('422: the name is unique in the organisation whatever its case, on create and on rename', async () => {
    const { a, w } = world;
    const name = `Pharmacy Team ${suffix()}`;
    const first = await createGroupVia(a.admin, w.org.id, { name });
    const again = await a.admin.post(u.base, groupBody({ name: name.toUpperCase() }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual([
      `A group named ${name} already exists in this organization: choose another name.`,
    ]);
    const other = await createGroupVia(a.admin, w.org.id);
    const rename = await a.admin.put(u.one(other.id), groupBody({ name: ` ${name.toLowerCase()} ` }));
    expect(rename.statusCode).toBe(422);
    // Its own name in another case is not a clash.
    const recase = await updateGroupVia(a.admin, w.org.id, first.id, { name: name.toLowerCase(), member_ids: [] });
    expect(recase.name).toBe(name.toLowerCase());
  });

  it('422: members must be existing, active users of the organisation (all problems at once)', async () => {
    const { a, w, t } = world;
    const inactive = await createUser(t.deps, w.org.id, {
      status: 2,
      firstName: 'Ina',
      lastName: `Active ${suffix()}`,
    });
    const deleted = await createUser(t.deps, w.org.id, { status: -1 });
    const res = await a.admin.post(u.base, groupBody({ name: '', member_ids: [inactive.id, deleted.id, 999_999] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContain('Name is required.');
    const res2 = await a.admin.post(u.base, groupBody({ member_ids: [inactive.id, deleted.id, 999_999, w.author.id] }));
    expect(res2.statusCode).toBe(422);
    expect(res2.json().errors).toEqual([
      `These users were not found: ${deleted.id}, 999999.`,
      `${inactive.name} is not an active user and cannot be added to a group.`,
    ]);
  });
});

describe('user group routes: the happy path and change logs', () => {
  it('creates, lists, searches, shows, edits and deletes a group, logging each change on the group and its users', async () => {
    const { a, w, t } = world;
    const name = `Infection Control ${suffix()}`;
    const created = await createGroupVia(a.admin, w.org.id, {
      name: `  ${name}  `,
      description: 'Infection prevention leads.',
      member_ids: [w.author.id, w.reviewer.id, w.author.id],
    });
    expect(created).toMatchObject({
      name,
      description: 'Infection prevention leads.',
      created_by_source: 'User',
      members_count: 2,
    });
    expect(created.members.map((m) => m.id).sort()).toEqual([w.author.id, w.reviewer.id].sort());

    const listed = (await a.admin.get(`${u.base}?search=${encodeURIComponent(name.slice(0, 12).toLowerCase())}`)).json()
      .user_groups as Array<{ id: number; members_count: number }>;
    expect(listed.find((g) => g.id === created.id)?.members_count).toBe(2);
    const byDescription = (await a.admin.get(`${u.base}?search=prevention%20leads`)).json().user_groups as Array<{
      id: number;
    }>;
    expect(byDescription.map((g) => g.id)).toContain(created.id);
    const none = (await a.admin.get(`${u.base}?search=${suffix()}zz`)).json().user_groups;
    expect(none).toEqual([]);

    const updated = await updateGroupVia(a.admin, w.org.id, created.id, {
      name: `${name} Leads`,
      description: '',
      member_ids: [w.reviewer.id, w.approver1.id],
    });
    expect(updated).toMatchObject({ name: `${name} Leads`, description: null, members_count: 2 });
    expect(updated.members.map((m) => m.id).sort()).toEqual([w.reviewer.id, w.approver1.id].sort());

    const logs = (await a.admin.get(u.logs(created.id))).json().change_logs as Array<{
      action_name: string;
      object_type: string;
      created_by_user: string;
      deltas: Record<string, unknown>;
    }>;
    expect(logs.map((l) => l.action_name)).toEqual(['Update', 'Create']);
    expect(logs[1]!.object_type).toBe('UserGroup');
    expect(logs[1]!.created_by_user).toBe(w.admin.name);
    expect(logs[1]!.deltas.changed).toEqual({ name: [null, name], description: [null, 'Infection prevention leads.'] });
    expect(logs[1]!.deltas.group_member_users_added).toHaveLength(2);
    expect(logs[0]!.deltas).toEqual({
      changed: { name: [name, `${name} Leads`], description: ['Infection prevention leads.', null] },
      group_member_users_added: [{ name: w.approver1.name }],
      group_member_users_removed: [{ name: w.author.name }],
    });
    const authorLogs = await logsOf(t, 'User', w.author.id);
    expect(authorLogs.map((l) => l.deltas)).toEqual(
      expect.arrayContaining([
        { user_membership_groups_added: [{ name }] },
        { user_membership_groups_removed: [{ name: `${name} Leads` }] },
      ]),
    );

    // Saving the same thing again changes nothing and logs nothing.
    await updateGroupVia(a.admin, w.org.id, created.id, {
      name: `${name} Leads`,
      member_ids: [w.approver1.id, w.reviewer.id],
    });
    expect((await a.admin.get(u.logs(created.id))).json().change_logs).toHaveLength(2);

    const del = await a.admin.delete(u.one(created.id));
    expect(del.statusCode, del.body).toBe(204);
    expect((await a.admin.get(u.one(created.id))).statusCode).toBe(404);
    const groupLogs = await logsOf(t, 'UserGroup', created.id);
    const deletion = groupLogs.find((l) => l.actionName === 'Delete');
    expect(deletion?.deltas).toEqual({
      group_member_users_removed: expect.arrayContaining([{ name: w.reviewer.name }]),
    });
    expect((await logsOf(t, 'User', w.approver1.id)).map((l) => l.deltas)).toContainEqual({
      user_membership_groups_removed: [{ name: `${name} Leads` }],
    });
  });

  it('member candidates: the active users of the organisation, searchable', async () => {
    const { a, w, t } = world;
    const inactive = await createUser(t.deps, w.org.id, { status: 2 });
    const all = (await a.admin.get(u.candidates)).json().users as Array<{ id: number; email: string }>;
    expect(all.map((x) => x.id)).toContain(w.author.id);
    expect(all.map((x) => x.id)).not.toContain(inactive.id);
    const found = (await a.admin.get(`${u.candidates}?search=${encodeURIComponent('Ann Aut')}`)).json().users as Array<{
      id: number;
    }>;
    expect(found.map((x) => x.id)).toEqual([w.author.id]);
    expect(
      (await a.admin.get(`${u.candidates}?search=${encodeURIComponent(w.reader.email)}`)).json().users,
    ).toHaveLength(1);
  });

  it('keeps an inactive member who is already in the group when the group is saved again', async () => {
    const { a, w, t } = world;
    const member = await createUser(t.deps, w.org.id);
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [member.id] });
    const { orgUsers } = await import('../../db/schema/index');
    const { eq } = await import('drizzle-orm');
    const { withSystem } = await import('../../db/tenant');
    await withSystem(t.deps.database.db, (tx) =>
      tx.update(orgUsers).set({ status: 2 }).where(eq(orgUsers.id, member.id)),
    );
    const saved = await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [member.id] });
    expect(saved.members).toEqual([expect.objectContaining({ id: member.id, status: 2 })]);
  });
});

describe('user group routes: system groups', () => {
  it('are listed and shown, left out with exclude_system=true, and cannot be edited or deleted', async () => {
    const { a, w } = world;
    const system = await createSystemGroup(world.t, w.org.id);
    const mine = await createGroupVia(a.admin, w.org.id);
    const all = (await a.admin.get(u.base)).json().user_groups as Array<{ id: number; created_by_source: string }>;
    expect(all.find((g) => g.id === system.id)?.created_by_source).toBe('System');
    const excluded = (await a.admin.get(`${u.base}?exclude_system=true`)).json().user_groups as Array<{ id: number }>;
    expect(excluded.map((g) => g.id)).not.toContain(system.id);
    expect(excluded.map((g) => g.id)).toContain(mine.id);
    expect((await a.admin.get(u.one(system.id))).json().user_group.created_by_source).toBe('System');

    const edit = await a.admin.put(u.one(system.id), groupBody({ name: system.name }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().errors).toEqual([
      `${system.name} is a system group: it is managed by the system and cannot be edited.`,
    ]);
    const del = await a.admin.delete(u.one(system.id));
    expect(del.statusCode).toBe(409);
    expect(del.json().errors).toEqual([
      `${system.name} is a system group: it is managed by the system and cannot be deleted.`,
    ]);
    expect((await a.admin.get(u.one(system.id))).statusCode).toBe(200);
    expect((await logsOf(world.t, 'UserGroup', system.id)).length).toBe(0);
  });
});
