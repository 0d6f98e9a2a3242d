import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant';
import { createStaff, createUser, grant, type TestUser } from '../../test/factories';
import type { Agent } from '../../test/harness';
import { DIRECTORY_SYNC_AUTHOR, deactivateSyncedUser } from '../hstm-idp/sync.service';
import { createGroupVia, groupUrls, logsOf, updateGroupVia } from '../user-groups/user-groups-test-setup';
import { createAck, publishedPnp, readAckWorld, urls } from './read-acks-test-setup';

/**
 * A read acknowledgement that closes by itself writes one 'Close' change-log entry, as one closed by
 * hand does, in the name of whoever's action closed it: its log otherwise went from Active to
 * nothing while it showed Closed.
 */
let world: Awaited<ReturnType<typeof readAckWorld>>;
let u: ReturnType<typeof urls>;
beforeAll(async () => {
  world = await readAckWorld();
  u = urls(world.w.org.id);
});
afterAll(async () => world.t.close());

const CLOSED = { status: ['Active', 'Closed'] };

/** The entry's author as the change log records it. */
interface Author {
  created_by_user_id: number | null;
  created_by_user: string;
  created_by_email: string | null;
  sudoer_name: string | null;
}
const personAuthor = (user: TestUser, sudoer: string | null = null): Author => ({
  created_by_user_id: user.id,
  created_by_user: user.name,
  created_by_email: user.email,
  sudoer_name: sudoer,
});

/** The read acknowledgement's entries, oldest first. */
async function logOf(id: number) {
  const rows = await logsOf(world.t, 'ReadAcknowledgement', id);
  return rows
    .sort((x, y) => x.id - y.id)
    .map((row) => ({
      action: row.actionName,
      deltas: row.deltas,
      created_by_user_id: row.createdByUserId,
      created_by_user: row.createdByUser,
      created_by_email: row.createdByEmail,
      sudoer_name: row.sudoerName,
    }));
}

/** Its one 'Close' entry (fails the test unless there is exactly one), and what came just before it. */
async function theCloseOf(id: number) {
  const log = await logOf(id);
  const closes = log.filter((entry) => entry.action === 'Close');
  expect(closes, JSON.stringify(log)).toHaveLength(1);
  return { close: closes[0]!, actions: log.map((entry) => entry.action) };
}

const statusOf = async (pnpId: number, id: number): Promise<number> => {
  const res = await world.a.admin.get(u.one(pnpId, id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ read_acknowledgement: { status: number } }>().read_acknowledgement.status;
};

/** A new user who may read the workflow org's P&Ps (a reader's role on its binder). */
async function newReader(firstName: string): Promise<TestUser> {
  const { t, w } = world;
  const user = await createUser(t.deps, w.org.id, { firstName, lastName: 'Reader' });
  await grant(t.deps, w.org.id, { containerId: w.binder.id }, { userId: user.id }, 5);
  return user;
}

/** `agent` opens the P&P in the library, then acknowledges the read acknowledgement. */
async function acknowledge(agent: Agent, pnpId: number, id: number): Promise<void> {
  const { t } = world;
  t.clock.advance(60_000);
  expect((await agent.get(u.library(pnpId))).statusCode).toBe(200);
  t.clock.advance(60_000);
  const res = await agent.put(u.one(pnpId, id, '/mark_as_read'));
  expect(res.statusCode, res.body).toBe(200);
}

/** Provider staff signed in as `user` through the login-as link; answers the agent and the staff's name. */
async function signedInAs(user: TestUser): Promise<{ agent: Agent; sudoer: string }> {
  const { t } = world;
  const staff = await createStaff(t.deps, '4');
  const agent = await t.signIn(staff.username, staff.password);
  const generated = await agent.get(`/api/auth/developer/sudo_login_generate_url?user_id=${user.id}`);
  expect(generated.statusCode, generated.body).toBe(200);
  const token = new URL(generated.json<{ url: string }>().url, 'http://tenet.test').searchParams.get('token');
  const exchanged = await agent.post('/api/auth/developer/sudo_login', { user_id: user.id, token });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  const session = (await agent.get('/api/sessions')).json<{ sudo: boolean; sudoer: { name: string } | null }>();
  expect(session).toMatchObject({ sudo: true, sudoer: { name: expect.any(String) } });
  return { agent, sudoer: session.sudoer!.name };
}

describe('a read acknowledgement that closes by itself', () => {
  it('when its last reader acknowledges: one Close entry each, in the reader’s name, after their acknowledgement', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const other = await newReader('Otto');
    // Two read acknowledgements of the version ask the reader: one acknowledgement answers both.
    const both = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id, other.id] });
    const alone = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id] });
    const otherAgent = await t.signIn(other.username, other.password);

    await acknowledge(otherAgent, pnp.id, both.id);
    expect((await logOf(both.id)).map((e) => e.action)).toEqual(['Create', 'Acknowledge']);
    await acknowledge(a.reader, pnp.id, alone.id);

    for (const ack of [both, alone]) {
      expect(await statusOf(pnp.id, ack.id)).toBe(2);
      const { close, actions } = await theCloseOf(ack.id);
      expect(actions.slice(-2)).toEqual(['Acknowledge', 'Close']);
      expect(close).toEqual({
        action: 'Close',
        deltas: { changed: CLOSED, comment: 'Every reader has acknowledged.' },
        ...personAuthor(w.reader),
      });
    }
  });

  it('when an edit takes off its last reader still to acknowledge: in the editor’s name, with their sudoer', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const dropped = await newReader('Dora');
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id, dropped.id] });
    await acknowledge(a.reader, pnp.id, ack.id);

    const { agent, sudoer } = await signedInAs(w.binderOwner);
    const edit = await agent.put(u.one(pnp.id, ack.id), {
      read_acknowledgement: { name: 'Edited reading', due_date: '2026-07-01', user_ids: [w.reader.id], group_ids: [] },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    expect(await statusOf(pnp.id, ack.id)).toBe(2);
    const { close, actions } = await theCloseOf(ack.id);
    expect(actions.slice(-2)).toEqual(['Update', 'Close']);
    expect(close).toEqual({
      action: 'Close',
      deltas: {
        changed: CLOSED,
        comment: 'No reader is left to acknowledge: those still to acknowledge were taken off.',
      },
      ...personAuthor(w.binderOwner, sudoer),
    });
  });

  it('when its last reader still to acknowledge is deactivated: in the admin’s name, naming the leaver', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const leaver = await newReader('Lena');
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id, leaver.id] });
    await acknowledge(a.reader, pnp.id, ack.id);

    const res = await a.admin.put(`/api/o/${w.org.id}/users/${leaver.id}`, { user: { status: 2 }, user_id: leaver.id });
    expect(res.statusCode, res.body).toBe(200);

    expect(await statusOf(pnp.id, ack.id)).toBe(2);
    const { close } = await theCloseOf(ack.id);
    expect(close).toEqual({
      action: 'Close',
      deltas: { changed: CLOSED, comment: `No reader is left to acknowledge: ${leaver.name} left the organization.` },
      ...personAuthor(w.admin),
    });
  });

  it('when the directory sync deactivates its only reader: in the sync’s name, with no user id', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const synced = await newReader('Dee');
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [synced.id] });

    await withTenant(t.deps.database.db, w.org.id, (tx) =>
      deactivateSyncedUser(tx, w.org.id, synced.id, t.clock.now()),
    );

    expect(await statusOf(pnp.id, ack.id)).toBe(2);
    const { close } = await theCloseOf(ack.id);
    expect(close).toEqual({
      action: 'Close',
      deltas: { changed: CLOSED, comment: `No reader is left to acknowledge: ${synced.name} left the organization.` },
      created_by_user_id: null,
      created_by_user: DIRECTORY_SYNC_AUTHOR,
      created_by_email: null,
      sudoer_name: null,
    });
  });
});

describe('a read acknowledgement closed by the membership trigger, when its last reader leaves their group', () => {
  /** An Active read acknowledgement whose only reader still to acknowledge is asked through a new group. */
  async function askedThroughGroup(firstName: string) {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const member = await newReader(firstName);
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [member.id] });
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], group_ids: [group.id] });
    await acknowledge(a.reader, pnp.id, ack.id);
    expect(await statusOf(pnp.id, ack.id)).toBe(1);
    const comment = `No reader is left to acknowledge: ${member.name} left ${group.name}, the group they were asked through.`;
    return { pnp, member, group, ack, comment };
  }

  it('taken out in the group’s form: in the name of the admin who saved it', async () => {
    const { a, w } = world;
    const { pnp, group, ack, comment } = await askedThroughGroup('Gil');

    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [] });

    expect(await statusOf(pnp.id, ack.id)).toBe(2);
    const { close, actions } = await theCloseOf(ack.id);
    expect(actions.slice(-2)).toEqual(['Acknowledge', 'Close']);
    expect(close).toEqual({ action: 'Close', deltas: { changed: CLOSED, comment }, ...personAuthor(w.admin) });
  });

  it('taken out through their own groups by staff signed in as the admin: the admin’s name and the sudoer', async () => {
    const { w } = world;
    const { pnp, member, ack, comment } = await askedThroughGroup('Greta');
    const { agent, sudoer } = await signedInAs(w.admin);

    const res = await agent.put(`/api/o/${w.org.id}/users/${member.id}`, {
      user: { group_ids: [] },
      user_id: member.id,
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await statusOf(pnp.id, ack.id)).toBe(2);
    const { close } = await theCloseOf(ack.id);
    expect(close).toEqual({ action: 'Close', deltas: { changed: CLOSED, comment }, ...personAuthor(w.admin, sudoer) });
  });

  it('when the group is deleted: in the name of the admin who deleted it, the group still named', async () => {
    const { a, w } = world;
    const { pnp, group, ack, comment } = await askedThroughGroup('Gus');

    const res = await a.admin.delete(groupUrls(w.org.id).one(group.id));
    expect(res.statusCode, res.body).toBe(204);

    expect(await statusOf(pnp.id, ack.id)).toBe(2);
    const { close } = await theCloseOf(ack.id);
    expect(close).toEqual({ action: 'Close', deltas: { changed: CLOSED, comment }, ...personAuthor(w.admin) });
  });

  it('by a change that logs nothing of its own: logged at commit in the change’s name, naming no person', async () => {
    const { t, w } = world;
    const { pnp, member, group, ack, comment } = await askedThroughGroup('Gwen');

    await withTenant(t.deps.database.db, w.org.id, (tx) =>
      tx.execute(
        sql`delete from group_memberships where org_id = ${w.org.id} and group_id = ${group.id} and user_id = ${member.id}`,
      ),
    );

    expect(await statusOf(pnp.id, ack.id)).toBe(2);
    const { close } = await theCloseOf(ack.id);
    expect(close).toEqual({
      action: 'Close',
      deltas: { changed: CLOSED, comment },
      created_by_user_id: null,
      created_by_user: 'Group membership change',
      created_by_email: null,
      sudoer_name: null,
    });
  });
});

describe('a read acknowledgement closed by hand', () => {
  it('still has one Close entry, in the name of the admin who closed it', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id] });

    const res = await a.admin.put(u.one(pnp.id, ack.id, '/close'));
    expect(res.statusCode, res.body).toBe(200);

    expect(await statusOf(pnp.id, ack.id)).toBe(2);
    const { close } = await theCloseOf(ack.id);
    expect(close).toEqual({ action: 'Close', deltas: { changed: CLOSED }, ...personAuthor(w.admin) });
  });
});
