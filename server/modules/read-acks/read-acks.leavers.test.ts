import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, grant } from '../../test/factories';
import { createGroupVia, updateGroupVia } from '../user-groups/user-groups-test-setup';
import { createAck, publishedPnp, readAckWorld, urls } from './read-acks-test-setup';

/**
 * A user who leaves stops being a pending reader (read-acks.closing.ts): kept, their reader row held
 * the read acknowledgement open for good, since they can no longer acknowledge it.
 */
let world: Awaited<ReturnType<typeof readAckWorld>>;
let u: ReturnType<typeof urls>;
beforeAll(async () => {
  world = await readAckWorld();
  u = urls(world.w.org.id);
});
afterAll(async () => world.t.close());

/** A new user who may read the workflow org's P&Ps (a reader's role on its binder). */
async function newReader(firstName: string) {
  const { t, w } = world;
  const user = await createUser(t.deps, w.org.id, { firstName, lastName: 'Leaving' });
  await grant(t.deps, w.org.id, { containerId: w.binder.id }, { userId: user.id }, 5);
  return user;
}

const deactivate = async (userId: number): Promise<void> => {
  const res = await world.a.admin.put(`/api/o/${world.w.org.id}/users/${userId}`, {
    user: { status: 2 },
    user_id: userId,
  });
  expect(res.statusCode, res.body).toBe(200);
};

interface Detail {
  status: number;
  readers: Array<{ user_id: number; completion: number }>;
}
const detail = async (pnpId: number, id: number): Promise<Detail> => {
  const res = await world.a.admin.get(u.one(pnpId, id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ read_acknowledgement: Detail }>().read_acknowledgement;
};

describe('a reader who leaves', () => {
  it('closes the read acknowledgement when they were the last reader still to acknowledge', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const leaver = await newReader('Lena');
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id, leaver.id] });
    // The other reader opens the version and acknowledges it: the leaver alone keeps it open.
    t.clock.advance(60_000);
    expect((await a.reader.get(u.library(pnp.id))).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await a.reader.put(u.one(pnp.id, ack.id, '/mark_as_read'))).statusCode).toBe(200);
    expect((await detail(pnp.id, ack.id)).status).toBe(1);

    await deactivate(leaver.id);
    const after = await detail(pnp.id, ack.id);
    expect(after.status).toBe(2);
    expect(after.readers.map((r) => [r.user_id, r.completion])).toEqual([[w.reader.id, 1]]);
  });

  it('leaves the others asked, and the read acknowledgement can be edited without taking them off', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const leaver = await newReader('Leo');
    const stayer = await newReader('Stella');
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [stayer.id, leaver.id] });

    await deactivate(leaver.id);
    const after = await detail(pnp.id, ack.id);
    expect(after.status).toBe(1);
    expect(after.readers.map((r) => r.user_id)).toEqual([stayer.id]);
    // The edit form sends the readers it shows: the one who left is not among them any more.
    const edit = await a.binderOwner.put(u.one(pnp.id, ack.id), {
      read_acknowledgement: { name: 'Renamed reading', due_date: '2026-07-15', user_ids: [stayer.id], group_ids: [] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('closes the read acknowledgement when every reader leaves before acknowledging', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const first = await newReader('Fern');
    const second = await newReader('Felix');
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [first.id, second.id] });

    await deactivate(first.id);
    expect((await detail(pnp.id, ack.id)).status).toBe(1);
    const deleted = await a.admin.delete(`/api/o/${w.org.id}/users/${second.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Nobody is left to acknowledge it: it leaves the Active list, closed, rather than waiting for good.
    const after = await detail(pnp.id, ack.id);
    expect(after.status).toBe(2);
    expect(after.readers).toEqual([]);
    const active = await a.binderOwner.get(`${u.base(pnp.id)}?status=1`);
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json<{ read_acknowledgements: Array<{ id: number }> }>().read_acknowledgements).toEqual([]);
  });

  it('closes the read acknowledgement when the last reader still to acknowledge leaves the group they were asked through', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const member = await newReader('Gil');
    const group = await createGroupVia(a.admin, w.org.id, { member_ids: [member.id] });
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], group_ids: [group.id] });
    t.clock.advance(60_000);
    expect((await a.reader.get(u.library(pnp.id))).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await a.reader.put(u.one(pnp.id, ack.id, '/mark_as_read'))).statusCode).toBe(200);
    expect((await detail(pnp.id, ack.id)).status).toBe(1);

    // Taken out of the group, the member is no longer asked (migration 0016), and nobody is left
    // to acknowledge: it closes, as when the last reader acknowledges.
    await updateGroupVia(a.admin, w.org.id, group.id, { name: group.name, member_ids: [] });
    const after = await detail(pnp.id, ack.id);
    expect(after.status).toBe(2);
    expect(after.readers.map((r) => [r.user_id, r.completion])).toEqual([[w.reader.id, 1]]);
  });
});
