import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAck, publishedPnp, readAckWorld, urls } from './read-acks-test-setup';

let world: Awaited<ReturnType<typeof readAckWorld>>;
let u: ReturnType<typeof urls>;
beforeAll(async () => {
  world = await readAckWorld();
  u = urls(world.w.org.id);
});
afterAll(async () => world.t.close());

describe('user_has_acknowledged with several pending acknowledgements', () => {
  it('names the one due first; acknowledging it answers the others too (one task per version: ADR 0032)', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const pending = async () => (await a.reader.get(`${u.base(pnp.id)}/user_has_acknowledged`)).json();
    // The later-due one is asked for last, so neither the newest nor the oldest first would do.
    const middle = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], due_date: '2026-07-20' });
    t.clock.advance(60_000);
    const soonest = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], due_date: '2026-07-01' });
    t.clock.advance(60_000);
    const latest = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], due_date: '2026-08-15' });

    expect(await pending()).toMatchObject({
      pending: true,
      read_acknowledgement_id: soonest.id,
      due_date: '2026-07-01',
    });
    t.clock.advance(60_000);
    expect((await a.reader.get(u.library(pnp.id))).statusCode).toBe(200);
    expect(await pending()).toMatchObject({ pending: true, read_acknowledgement_id: soonest.id, opened: true });
    t.clock.advance(60_000);
    expect((await a.reader.put(u.one(pnp.id, soonest.id, '/mark_as_read'))).statusCode).toBe(200);
    expect(await pending()).toMatchObject({ pending: false, acknowledged: true, read_acknowledgement_id: null });
    for (const { id } of [middle, latest]) {
      const detail = (await a.admin.get(u.one(pnp.id, id))).json().read_acknowledgement;
      expect(detail).toMatchObject({ status: 2, readers_completed: 1 });
    }
  });
});
