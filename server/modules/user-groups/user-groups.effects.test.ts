import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessGrants, groupMemberships, pnpDocuments } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createContainer, createUser, grant } from '../../test/factories';
import { createPublishedPnp } from '../../test/library-factories';
import {
  createGroupVia,
  groupUrls,
  groupsWorld,
  logsOf,
  suffix,
  tasksOf,
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

/** A binder of its own whose only participants are the given group (as Audience) and an owner user. */
async function binderForGroup(groupId: number, role: 1 | 2 | 3 | 4 | 5 = 5) {
  const { t, w } = world;
  const binder = await createContainer(t.deps, w.org.id, { name: `Binder ${suffix()}` });
  await grant(t.deps, w.org.id, { containerId: binder.id }, { userId: w.binderOwner.id }, 1);
  await grant(t.deps, w.org.id, { containerId: binder.id }, { groupId }, role);
  return binder;
}

describe('membership changes keep what members may see and do in step', () => {
  it('a user added to a group sees what the group may see, and no longer does once removed', async () => {
    const { t, w, a } = world;
    const member = await createUser(t.deps, w.org.id);
    const agent = await t.signIn(member.username, member.password);
    const group = await createGroupVia(a.admin, w.org.id);
    const binder = await binderForGroup(group.id);
    const pnp = await createPublishedPnp(t.deps, w.org.id, binder.id, { name: `Visible Policy ${suffix()}` });
    const library = `/api/o/${w.org.id}/library/${pnp.id}`;
    expect((await agent.get(library)).statusCode).toBe(404);
    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [member.id] });
    const seen = await agent.get(library);
    expect(seen.statusCode, seen.body).toBe(200);
    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [] });
    expect((await agent.get(library)).statusCode).toBe(404);
  });

  it('read acknowledgements: a joiner of a reader group gets the task, a leaver who has not acknowledged loses it', async () => {
    const { t, w, a } = world;
    const first = await createUser(t.deps, w.org.id);
    const joiner = await createUser(t.deps, w.org.id);
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [first.id] });
    const binder = await binderForGroup(group.id);
    const pnp = await createPublishedPnp(t.deps, w.org.id, binder.id);
    const ack = await a.admin.post(`/api/o/${w.org.id}/pnps/${pnp.id}/read_acknowledgements`, {
      read_acknowledgement: { name: `Read ${suffix()}`, due_date: '2026-07-01', user_ids: [], group_ids: [group.id] },
    });
    expect(ack.statusCode, ack.body).toBe(201);
    const openAck = async (userId: number) =>
      (await tasksOf(t, userId, pnp.id)).filter((x) => x.kind === 'Acknowledge' && x.status === 1);
    expect(await openAck(first.id)).toHaveLength(1);
    expect(await openAck(joiner.id)).toHaveLength(0);

    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [first.id, joiner.id] });
    expect(await openAck(joiner.id)).toHaveLength(1);

    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [joiner.id] });
    expect(await openAck(first.id)).toHaveLength(0);
    const readers = (
      await a.admin.get(`/api/o/${w.org.id}/pnps/${pnp.id}/read_acknowledgements/${ack.json().read_acknowledgement.id}`)
    ).json().read_acknowledgement.readers as Array<{ user_id: number }>;
    expect(readers.map((r) => r.user_id)).toEqual([joiner.id]);
  });

  it('draft tasks follow the members: a joiner of the reviewer group gets the Review task, a leaver has it closed', async () => {
    const { t, w, a } = world;
    const reviewer = await createUser(t.deps, w.org.id);
    const group = await createGroupVia(a.admin, w.org.id);
    const binder = await binderForGroup(group.id, 3);
    const pnp = await createPublishedPnp(t.deps, w.org.id, binder.id, { status: 1, versionStatus: 1 });
    await withSystem(t.deps.database.db, (tx) =>
      tx.update(pnpDocuments).set({ draftStage: 3 }).where(eq(pnpDocuments.id, pnp.versionId)),
    );
    const openReview = async () =>
      (await tasksOf(t, reviewer.id, pnp.id)).filter((x) => x.kind === 'Review' && x.status === 1);
    expect(await openReview()).toHaveLength(0);
    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [reviewer.id] });
    expect(await openReview()).toHaveLength(1);
    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [] });
    expect(await openReview()).toHaveLength(0);
  });
});

describe('deleting a group', () => {
  it('is refused, naming the P&Ps, when the group is their only Owner; nothing is removed', async () => {
    const { t, w, a } = world;
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [w.author.id] });
    const binder = await createContainer(t.deps, w.org.id);
    await grant(t.deps, w.org.id, { containerId: binder.id }, { groupId: group.id }, 1);
    const name = `Owned Only By A Group ${suffix()}`;
    await createPublishedPnp(t.deps, w.org.id, binder.id, { name });
    const res = await a.admin.delete(u.one(group.id));
    expect(res.statusCode).toBe(409);
    const errors = res.json().errors as string[];
    expect(errors[0]).toMatch(/cannot be deleted: it is the only Owner/);
    expect(errors).toContain(`${name}: would have no Owner.`);
    expect((await a.admin.get(u.one(group.id))).json().user_group.members_count).toBe(1);
  });

  it('is refused when the group is the only approver of the step a draft is at', async () => {
    const { t, w, a } = world;
    const group = await createGroupVia(a.admin, w.org.id);
    const binder = await binderForGroup(group.id, 4);
    const name = `Awaiting Approval ${suffix()}`;
    const pnp = await createPublishedPnp(t.deps, w.org.id, binder.id, { name, status: 1, versionStatus: 1 });
    await withSystem(t.deps.database.db, (tx) =>
      tx.update(pnpDocuments).set({ draftStage: 4, approvalStep: 1 }).where(eq(pnpDocuments.id, pnp.versionId)),
    );
    const res = await a.admin.delete(u.one(group.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toContain(`${name}: would have no approver at approval step 1.`);
  });

  it('is refused for a draft in Approving whose step is not recorded: it is at step 1', async () => {
    const { t, w, a } = world;
    const group = await createGroupVia(a.admin, w.org.id);
    const binder = await binderForGroup(group.id, 4);
    const name = `No Step Recorded ${suffix()}`;
    const pnp = await createPublishedPnp(t.deps, w.org.id, binder.id, { name, status: 1, versionStatus: 1 });
    await withSystem(t.deps.database.db, (tx) =>
      tx.update(pnpDocuments).set({ draftStage: 4, approvalStep: null }).where(eq(pnpDocuments.id, pnp.versionId)),
    );
    const res = await a.admin.delete(u.one(group.id));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors).toContain(`${name}: would have no approver at approval step 1.`);
  });

  it('is refused where the only other Owner cannot act (an inactive user, a group with no active member)', async () => {
    const { t, w, a } = world;
    const gone = await createUser(t.deps, w.org.id, { status: 2 });
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [w.author.id] });
    const ofGone = await createGroupVia(a.admin, w.org.id);
    const binder = await createContainer(t.deps, w.org.id);
    await grant(t.deps, w.org.id, { containerId: binder.id }, { groupId: group.id }, 1);
    await grant(t.deps, w.org.id, { containerId: binder.id }, { userId: gone.id }, 1);
    await grant(t.deps, w.org.id, { containerId: binder.id }, { groupId: ofGone.id }, 1);
    const name = `Owned By Nobody Active ${suffix()}`;
    await createPublishedPnp(t.deps, w.org.id, binder.id, { name });
    const res = await a.admin.delete(u.one(group.id));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors).toEqual([
      `${group.name} cannot be deleted: it is the only Owner or the only approver of the current approval step of these P&Ps who can act. Give them another one first.`,
      `${name}: would have no Owner.`,
    ]);
  });

  it('otherwise removes the group from every assignment, logging it on the items, and its members lose its roles', async () => {
    const { t, w, a } = world;
    const member = await createUser(t.deps, w.org.id);
    const agent = await t.signIn(member.username, member.password);
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [member.id] });
    const binder = await binderForGroup(group.id);
    const pnp = await createPublishedPnp(t.deps, w.org.id, binder.id);
    expect((await agent.get(`/api/o/${w.org.id}/library/${pnp.id}`)).statusCode).toBe(200);
    const res = await a.admin.delete(u.one(group.id));
    expect(res.statusCode, res.body).toBe(204);
    const left = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(accessGrants).where(eq(accessGrants.groupId, group.id)),
    );
    expect(left).toEqual([]);
    expect((await agent.get(`/api/o/${w.org.id}/library/${pnp.id}`)).statusCode).toBe(404);
    const binderLogs = await logsOf(t, 'Binder', binder.id);
    expect(binderLogs.map((l) => l.deltas)).toContainEqual({
      container_access_groups_removed: [{ user_group_name: group.name, role_name: 'Audience' }],
      comment: `The group ${group.name} was deleted.`,
    });
  });
});

describe('removing members from a group', () => {
  it('is refused, naming the P&Ps, where its last active members go and it is their only Owner or step approver who can act', async () => {
    const { t, w, a } = world;
    const member = await createUser(t.deps, w.org.id);
    const gone = await createUser(t.deps, w.org.id, { status: 2 });
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [member.id] });
    await withSystem(t.deps.database.db, (tx) =>
      tx.insert(groupMemberships).values({ orgId: w.org.id, groupId: group.id, userId: gone.id }),
    );
    const binder = await createContainer(t.deps, w.org.id);
    await grant(t.deps, w.org.id, { containerId: binder.id }, { groupId: group.id }, 1);
    await grant(t.deps, w.org.id, { containerId: binder.id }, { groupId: group.id }, 4, 1);
    await grant(t.deps, w.org.id, { containerId: binder.id }, { userId: gone.id }, 1);
    const name = `Owned Through Members ${suffix()}`;
    const pnp = await createPublishedPnp(t.deps, w.org.id, binder.id, { name, status: 1, versionStatus: 1 });
    // In Approving with no step recorded: at step 1.
    await withSystem(t.deps.database.db, (tx) =>
      tx.update(pnpDocuments).set({ draftStage: 4, approvalStep: null }).where(eq(pnpDocuments.id, pnp.versionId)),
    );
    const res = await a.admin.put(u.one(group.id), { group: { name: group.name, member_ids: [gone.id] } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors).toEqual([
      `${member.name} cannot be removed from ${group.name}: they are its last active member, and it is the only Owner or the only approver of the current approval step of these P&Ps who can act. Give them another one first.`,
      `${name}: would have no Owner and no approver at approval step 1.`,
    ]);
    const kept = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(groupMemberships).where(eq(groupMemberships.groupId, group.id)),
    );
    expect(kept.map((m) => m.userId).sort((x, y) => x - y)).toEqual([member.id, gone.id].sort((x, y) => x - y));

    // The inactive member may go, the active one staying.
    const ok = await a.admin.put(u.one(group.id), { group: { name: group.name, member_ids: [member.id] } });
    expect(ok.statusCode, ok.body).toBe(200);
    // And so may the last active one once another active member stays.
    const other = await createUser(t.deps, w.org.id);
    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [member.id, other.id] });
    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [other.id] });
  });

  it("is refused the same way when the user's own Edit Groups takes them out of it", async () => {
    const { t, w, a } = world;
    const member = await createUser(t.deps, w.org.id);
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [member.id] });
    const binder = await createContainer(t.deps, w.org.id);
    await grant(t.deps, w.org.id, { containerId: binder.id }, { groupId: group.id }, 1);
    const name = `Owned Through One Member ${suffix()}`;
    await createPublishedPnp(t.deps, w.org.id, binder.id, { name });
    const userUrl = `/api/o/${w.org.id}/users/${member.id}`;
    const res = await a.admin.put(userUrl, { user: { group_ids: [] }, user_id: member.id });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors).toEqual([
      `${member.name} cannot be removed from ${group.name}: they are its last active member, and it is the only Owner or the only approver of the current approval step of these P&Ps who can act. Give them another one first.`,
      `${name}: would have no Owner.`,
    ]);
    const kept = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(groupMemberships).where(eq(groupMemberships.groupId, group.id)),
    );
    expect(kept.map((m) => m.userId)).toEqual([member.id]);

    // With another active member in the group, the user may leave it.
    const other = await createUser(t.deps, w.org.id);
    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [member.id, other.id] });
    const ok = await a.admin.put(userUrl, { user: { group_ids: [] }, user_id: member.id });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
