import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accessGrants, changeLogs, groupMemberships, tasks } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createGroup, createUser, grant } from '../../test/factories';
import { createPublishedPnp } from '../../test/library-factories';
import { body, createAck, publishedPnp, readAckWorld, suffix, urls } from './read-acks-test-setup';

/**
 * ADR 0026: a reader must be able to see the P&P. A user who cannot is refused by name; a group's
 * members who cannot are not asked and are listed as such; an org admin always can.
 */
let world: Awaited<ReturnType<typeof readAckWorld>>;
let u: ReturnType<typeof urls>;
beforeAll(async () => {
  world = await readAckWorld();
  u = urls(world.w.org.id);
});
afterAll(async () => world.t.close());

const db = () => world.t.deps.database.db;
const openTaskUsers = async (readAckId: number): Promise<number[]> =>
  (
    await withSystem(db(), (tx) =>
      tx
        .select()
        .from(tasks)
        .where(and(eq(tasks.readAckId, readAckId), eq(tasks.status, 1))),
    )
  )
    .map((x) => x.userId)
    .sort((a, b) => a - b);
const tasksOfPnp = (pnpId: number) => withSystem(db(), (tx) => tx.select().from(tasks).where(eq(tasks.pnpId, pnpId)));
const sorted = (ids: number[]): number[] => [...ids].sort((a, b) => a - b);

interface Detail {
  readers: Array<{ user_id: number; email: string; completion: number; cannot_see: boolean }>;
  members_not_asked: Array<{ user_id: number; name: string; email: string; group_id: number; can_see: boolean }>;
}
const detail = async (pnpId: number, id: number): Promise<Detail> => {
  const res = await world.a.admin.get(u.one(pnpId, id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ read_acknowledgement: Detail }>().read_acknowledgement;
};

describe('readers who cannot see the P&P', () => {
  it('a user who cannot see it is refused by name (422 with the errors list), on create and on edit; nobody gets a task', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const refused = `${w.outsider.name} cannot see this P&P: give them a role on it first.`;

    const alone = await a.binderOwner.post(u.base(pnp.id), body({ user_ids: [w.outsider.id] }));
    expect(alone.statusCode, alone.body).toBe(422);
    expect(alone.json().errors).toEqual([refused]);
    // Beside a reader who can see it: the whole request is refused, nothing is made.
    const mixed = await a.admin.post(u.base(pnp.id), body({ user_ids: [w.reader.id, w.outsider.id] }));
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors).toEqual([refused]);
    expect((await a.admin.get(`${u.base(pnp.id)}/status_count`)).json()).toEqual({ active: 0, closed: 0, canceled: 0 });
    expect(await tasksOfPnp(pnp.id)).toEqual([]);

    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id] });
    const edit = await a.binderOwner.put(u.one(pnp.id, ack.id), body({ user_ids: [w.reader.id, w.outsider.id] }));
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toEqual([refused]);
    expect(await openTaskUsers(ack.id)).toEqual([w.reader.id]);
  });

  it('on a P&P with participants of its own, a binder audience member is refused; its own participant, the folder owner and any org admin are accepted', async () => {
    const { a, w, t } = world;
    const pnp = await createPublishedPnp(t.deps, w.org.id, w.folder.id, { inheritsAccess: false });
    const own = await createUser(t.deps, w.org.id, { firstName: 'Pia', lastName: 'Participant' });
    await grant(t.deps, w.org.id, { pnpId: pnp.id }, { userId: own.id }, 5);
    // An org admin with no role anywhere: admins see everything, so they may always be readers.
    const otherAdmin = await createUser(t.deps, w.org.id, { isAdmin: true, firstName: 'Ida', lastName: 'Admin' });

    const refused = await a.admin.post(u.base(pnp.id), body({ user_ids: [w.reader.id, own.id] }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([`${w.reader.name} cannot see this P&P: give them a role on it first.`]);

    const ack = await createAck(a.binderOwner, u.base(pnp.id), {
      user_ids: [own.id, otherAdmin.id, w.binderOwner.id],
    });
    expect(await openTaskUsers(ack.id)).toEqual(sorted([own.id, otherAdmin.id, w.binderOwner.id]));
    expect((await detail(pnp.id, ack.id)).readers.every((r) => !r.cannot_see)).toBe(true);
  });

  it('a group brings its members who can see the P&P; those who cannot get no task and are listed as not asked', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const group = await createGroup(t.deps, w.org.id, [w.reader.id, w.outsider.id]);
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { group_ids: [group.id] });
    expect(await openTaskUsers(ack.id)).toEqual([w.reader.id]);
    const shown = await detail(pnp.id, ack.id);
    expect(shown.readers.map((r) => r.user_id)).toEqual([w.reader.id]);
    expect(shown.members_not_asked).toEqual([
      {
        user_id: w.outsider.id,
        name: w.outsider.name,
        email: w.outsider.email,
        group_id: group.id,
        group_name: group.name,
        can_see: false,
      },
    ]);
    // The record of who was asked says who was not.
    const [log] = await withSystem(db(), (tx) =>
      tx
        .select()
        .from(changeLogs)
        .where(and(eq(changeLogs.objectType, 'ReadAcknowledgement'), eq(changeLogs.objectId, ack.id))),
    );
    expect((log!.deltas as { comment: string }).comment).toBe(
      '1 readers asked to acknowledge. 1 member of its groups cannot see this P&P and was not asked.',
    );
    // The one reader who can acknowledges, and it closes: nobody left who never could.
    await a.reader.get(u.library(pnp.id));
    const mark = await a.reader.put(u.one(pnp.id, ack.id, '/mark_as_read'));
    expect(mark.json()).toMatchObject({ status: 2, status_label: 'Closed' });
    // Listed only while Active.
    expect((await detail(pnp.id, ack.id)).members_not_asked).toEqual([]);
  });

  it('a group none of whose members can see the P&P is refused by name, even beside a reader who can', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const stranger = await createUser(t.deps, w.org.id);
    const strangers = await createGroup(t.deps, w.org.id, [w.outsider.id, stranger.id]);
    const refused = `None of the members of ${strangers.name} can see this P&P: give the group a role on it first.`;
    for (const readers of [{ group_ids: [strangers.id] }, { group_ids: [strangers.id], user_ids: [w.reader.id] }]) {
      const res = await a.admin.post(u.base(pnp.id), body(readers));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual([refused]);
    }
    expect(await tasksOfPnp(pnp.id)).toEqual([]);
    // Given a role, the group is accepted.
    await grant(t.deps, w.org.id, { containerId: w.binder.id }, { groupId: strangers.id }, 5);
    const ack = await createAck(a.admin, u.base(pnp.id), { group_ids: [strangers.id] });
    expect(await openTaskUsers(ack.id)).toEqual(sorted([w.outsider.id, stranger.id]));
    await withSystem(db(), (tx) => tx.delete(accessGrants).where(eq(accessGrants.groupId, strangers.id)));
  });

  it('later joiners of a reader group: one who can see gets a task, one who cannot is listed as not asked; given a role, saving again asks them', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const group = await createGroup(t.deps, w.org.id, [w.reader.id]);
    const ack = await createAck(a.admin, u.base(pnp.id), { group_ids: [group.id] });
    const joiner = await createUser(t.deps, w.org.id, { firstName: 'Jo', lastName: 'Joiner' });
    await withSystem(db(), (tx) =>
      tx.insert(groupMemberships).values([
        { orgId: w.org.id, groupId: group.id, userId: w.approver1.id },
        { orgId: w.org.id, groupId: group.id, userId: joiner.id },
      ]),
    );
    expect(await openTaskUsers(ack.id)).toEqual(sorted([w.reader.id, w.approver1.id]));
    expect((await detail(pnp.id, ack.id)).members_not_asked).toMatchObject([{ user_id: joiner.id, can_see: false }]);

    // Given a role after the fact, the joiner is shown as one who can see it now, and asked on the next save.
    await grant(t.deps, w.org.id, { containerId: w.binder.id }, { userId: joiner.id }, 5);
    expect((await detail(pnp.id, ack.id)).members_not_asked).toMatchObject([{ user_id: joiner.id, can_see: true }]);
    const saved = await a.admin.put(u.one(pnp.id, ack.id), body({ group_ids: [group.id] }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await openTaskUsers(ack.id)).toEqual(sorted([w.reader.id, w.approver1.id, joiner.id]));
    expect(saved.json().read_acknowledgement.members_not_asked).toEqual([]);
  });

  it('a reader whose role is taken away after being asked is shown as unable to see it; an edit must remove them, and closes their task', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const leaver = await createUser(t.deps, w.org.id, { firstName: 'Lee', lastName: 'Leaver' });
    await grant(t.deps, w.org.id, { containerId: w.binder.id }, { userId: leaver.id }, 5);
    const done = await createUser(t.deps, w.org.id, { firstName: 'Dee', lastName: 'Done' });
    await grant(t.deps, w.org.id, { containerId: w.binder.id }, { userId: done.id }, 5);
    const ack = await createAck(a.admin, u.base(pnp.id), { user_ids: [w.reader.id, leaver.id, done.id] });
    const doneAgent = await t.signIn(done.username, done.password);
    await doneAgent.get(u.library(pnp.id));
    expect((await doneAgent.put(u.one(pnp.id, ack.id, '/mark_as_read'))).statusCode).toBe(200);
    await withSystem(db(), (tx) => tx.delete(accessGrants).where(eq(accessGrants.userId, leaver.id)));
    await withSystem(db(), (tx) => tx.delete(accessGrants).where(eq(accessGrants.userId, done.id)));

    const readers = (await detail(pnp.id, ack.id)).readers;
    expect(readers.find((r) => r.user_id === leaver.id)).toMatchObject({ completion: 0, cannot_see: true });
    // What a reader who has acknowledged read stays a fact: not flagged, and no reason to refuse an edit.
    expect(readers.find((r) => r.user_id === done.id)).toMatchObject({ completion: 1, cannot_see: false });
    expect(readers.find((r) => r.user_id === w.reader.id)).toMatchObject({ cannot_see: false });

    const kept = await a.admin.put(u.one(pnp.id, ack.id), body({ user_ids: [w.reader.id, leaver.id, done.id] }));
    expect(kept.statusCode).toBe(422);
    expect(kept.json().errors).toEqual([`${leaver.name} cannot see this P&P: give them a role on it first.`]);
    const removed = await a.admin.put(u.one(pnp.id, ack.id), body({ user_ids: [w.reader.id, done.id] }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await openTaskUsers(ack.id)).toEqual([w.reader.id]);
    expect(
      sorted(removed.json<{ read_acknowledgement: Detail }>().read_acknowledgement.readers.map((r) => r.user_id)),
    ).toEqual(sorted([w.reader.id, done.id]));
  });
});

describe('GET read_acknowledgements/reader_candidates', () => {
  it('names each user with their e-mail and says who cannot be a reader, and why', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const word = suffix();
    // Two people of the same name: the e-mail tells them apart; only one may see the P&P.
    const seeing = await createUser(t.deps, w.org.id, { firstName: 'Dana', lastName: `Twin${word}` });
    const blind = await createUser(t.deps, w.org.id, { firstName: 'Dana', lastName: `Twin${word}` });
    await grant(t.deps, w.org.id, { containerId: w.binder.id }, { userId: seeing.id }, 5);
    const admin = await createUser(t.deps, w.org.id, { isAdmin: true, firstName: 'Ari', lastName: `Twin${word}` });
    const inactive = await createUser(t.deps, w.org.id, { status: 2, firstName: 'Ina', lastName: `Twin${word}` });
    const mixed = await createGroup(t.deps, w.org.id, [seeing.id, blind.id, inactive.id], `Twin${word} Mixed`);
    const blindGroup = await createGroup(t.deps, w.org.id, [blind.id], `Twin${word} Blind`);
    const empty = await createGroup(t.deps, w.org.id, [], `Twin${word} Empty`);

    const res = await a.binderOwner.get(`${u.base(pnp.id)}/reader_candidates?q=twin${word}`);
    expect(res.statusCode, res.body).toBe(200);
    const user = (id: number, email: string, unavailable: string | null) => ({
      id,
      type: 'User',
      email,
      unavailable,
      members: null,
    });
    const group = (id: number, members: number, unavailable: string | null) => ({
      id,
      type: 'Group',
      email: null,
      unavailable,
      members,
    });
    expect(res.json().candidates).toMatchObject([
      user(admin.id, admin.email, null),
      ...[user(seeing.id, seeing.email, null), user(blind.id, blind.email, 'Cannot see this P&P')].sort(
        (x, y) => x.id - y.id,
      ),
      group(blindGroup.id, 1, 'No member can see this P&P'),
      group(empty.id, 0, null),
      group(mixed.id, 2, null),
    ]);
    expect(res.json().candidates.map((c: { id: number }) => c.id)).not.toContain(inactive.id);
    // What the server then accepts: the same answer.
    const refusal = await a.binderOwner.post(
      u.base(pnp.id),
      body({ user_ids: [blind.id], group_ids: [blindGroup.id] }),
    );
    expect(refusal.json().errors).toEqual([
      `${blind.name} cannot see this P&P: give them a role on it first.`,
      `None of the members of ${blindGroup.name} can see this P&P: give the group a role on it first.`,
    ]);
    const ack = await createAck(a.binderOwner, u.base(pnp.id), {
      user_ids: [seeing.id, admin.id],
      group_ids: [mixed.id, empty.id],
    });
    expect(await openTaskUsers(ack.id)).toEqual(sorted([seeing.id, admin.id]));
  });

  it('is for those who manage the read acknowledgements: 401, 403 for a reader, 404 for a P&P not seen, 422 for a bad limit', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const url = `${u.base(pnp.id)}/reader_candidates`;
    expect((await t.anonymous().get(url)).statusCode).toBe(401);
    const reader = await a.reader.get(url);
    expect(reader.statusCode).toBe(403);
    expect(reader.json().errors[0]).toMatch(/Only organization administrators/);
    const outsider = await a.outsider.get(url);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().errors).toEqual(['The P&P was not found.']);
    expect((await a.admin.get(`${url}?limit=0`)).statusCode).toBe(422);
    const few = await a.admin.get(`${url}?limit=2`);
    expect(few.statusCode).toBe(200);
    expect(few.json().candidates).toHaveLength(2);
  });
});
