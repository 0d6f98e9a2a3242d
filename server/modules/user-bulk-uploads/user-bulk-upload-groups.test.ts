import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMemberships, orgUsers, pnpDocuments } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createContainer, createUser, grant } from '../../test/factories';
import type { Agent } from '../../test/harness';
import { createPublishedPnp } from '../../test/library-factories';
import {
  createGroupVia,
  createSystemGroup,
  groupsWorld,
  groupUrls,
  logsOf,
  suffix,
  tasksOf,
  type GroupsWorld,
} from '../user-groups/user-groups-test-setup';

/** A bulk upload's groups: the same rules and the same consequences as a user's Edit Groups. */
let world: GroupsWorld;
let base: string;
beforeAll(async () => {
  world = await groupsWorld();
  base = `/api/o/${world.w.org.id}/user_bulk_uploads`;
}, 60_000);
afterAll(async () => world.t.close());

const HEADER = 'First Name,Last Name,Email,Username,Title,Admin,Policy Owner,Groups';
const upload = (agent: Agent, lines: string[]) =>
  agent.post(`${base}?file_name=users.csv`, Buffer.from([HEADER, ...lines].join('\n')), { 'content-type': 'text/csv' });
const membersOf = (groupId: number) =>
  withSystem(world.t.deps.database.db, (tx) =>
    tx.select().from(groupMemberships).where(eq(groupMemberships.groupId, groupId)),
  );

describe('user bulk upload: groups', () => {
  it('refuses a system group, as Edit Groups does, and adds nobody to it', async () => {
    const { t, w, a } = world;
    const system = await createSystemGroup(t, w.org.id);
    const p = suffix();
    const res = await upload(a.admin, [`Sam,Sys,${p}@example.com,${p},,,,${system.name}`]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().row_errors).toEqual([
      {
        row: 2,
        column: 'Groups',
        message: `Members of system groups are managed by the system: '${system.name}'.`,
      },
    ]);
    expect(await membersOf(system.id)).toEqual([]);
  });

  it('logs who joined on the group and on each user, and only memberships that are new', async () => {
    const { t, w, a } = world;
    const member = await createUser(t.deps, w.org.id);
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [member.id] });
    const p = suffix();
    const res = await upload(a.admin, [
      `Nia,New,${p}@example.com,${p},,,,${group.name}`,
      `Old,Member,${member.email},${member.username},,,,${group.name}`,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [fresh] = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(orgUsers).where(eq(orgUsers.username, p)),
    );
    const groupDeltas = (await logsOf(t, 'UserGroup', group.id)).map((l) => l.deltas);
    expect(groupDeltas).toContainEqual({ group_member_users_added: [{ name: 'Nia New' }] });
    expect((await logsOf(t, 'User', fresh!.id)).map((l) => l.deltas)).toContainEqual({
      user_membership_groups_added: [{ name: group.name }],
    });
    // The member who already was in the group did not join it again: only the group's creation says they joined.
    const joinings = (await logsOf(t, 'User', member.id)).filter(
      (l) => 'user_membership_groups_added' in (l.deltas as object),
    );
    expect(joinings).toHaveLength(1);
  });

  it("moves the group's version on: an edit opened before the upload cannot save over its new members", async () => {
    const { t, w, a } = world;
    const group = await createGroupVia(a.admin, w.org.id);
    const opened = (await a.admin.get(groupUrls(w.org.id).one(group.id))).json().user_group;
    const p = suffix();
    t.clock.advance(1000);
    expect((await upload(a.admin, [`Up,Loaded,${p}@example.com,${p},,,,${group.name}`])).statusCode).toBe(200);
    const stale = await a.admin.put(groupUrls(w.org.id).one(group.id), {
      group: { name: group.name, member_ids: [], updated_at: opened.updated_at },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(await membersOf(group.id)).toHaveLength(1);
  });

  it('a user who joins a reviewer group by upload gets its open Review task', async () => {
    const { t, w, a } = world;
    const group = await createGroupVia(a.admin, w.org.id);
    const binder = await createContainer(t.deps, w.org.id, { name: `Binder ${suffix()}` });
    await grant(t.deps, w.org.id, { containerId: binder.id }, { userId: w.binderOwner.id }, 1);
    await grant(t.deps, w.org.id, { containerId: binder.id }, { groupId: group.id }, 3);
    const pnp = await createPublishedPnp(t.deps, w.org.id, binder.id, { status: 1, versionStatus: 1 });
    await withSystem(t.deps.database.db, (tx) =>
      tx.update(pnpDocuments).set({ draftStage: 3 }).where(eq(pnpDocuments.id, pnp.versionId)),
    );
    const reviewer = await createUser(t.deps, w.org.id);
    const res = await upload(a.admin, [`Rev,Iewer,${reviewer.email},${reviewer.username},,,,${group.name}`]);
    expect(res.statusCode, res.body).toBe(200);
    const open = (await tasksOf(t, reviewer.id, pnp.id)).filter((x) => x.kind === 'Review' && x.status === 1);
    expect(open).toHaveLength(1);
  });
});

describe('user bulk upload: the uploading admin', () => {
  it('cannot remove their own administrator role, as on their edit screen; another admin can be changed', async () => {
    const { t, w, a } = world;
    const me = w.admin;
    const other = await createUser(t.deps, w.org.id, { isAdmin: true });
    const mine = `Olive,Admin,${me.email},${me.username},,No,,`;
    const res = await upload(a.admin, [mine]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().row_errors).toEqual([
      { row: 2, column: 'Admin', message: 'You cannot remove your own administrator role.' },
    ]);
    const [still] = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(orgUsers).where(eq(orgUsers.id, me.id)),
    );
    expect(still!.isAdmin).toBe(true);
    const theirs = await upload(a.admin, [`Oth,Er,${other.email},${other.username},,No,,`]);
    expect(theirs.statusCode, theirs.body).toBe(200);
  });
});
