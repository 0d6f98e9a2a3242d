import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedPnp } from '../../test/library-factories';
import { body, createAck, publishedPnp, readAckWorld, suffix, urls } from './read-acks-test-setup';

// Today is 2026-06-10 (readAckWorld's clock); the scheduled version takes effect on 2026-07-15.
const EFFECTIVE = '2026-07-15';
const REFUSED = 'Due date must be on or after the Effective Date (Jul 15, 2026): readers cannot open it before then.';

let world: Awaited<ReturnType<typeof readAckWorld>>;
let u: ReturnType<typeof urls>;
beforeAll(async () => {
  world = await readAckWorld();
  u = urls(world.w.org.id);
});
afterAll(async () => world.t.close());

const scheduledPnp = () =>
  createPublishedPnp(world.t.deps, world.w.org.id, world.w.folder.id, {
    name: `Scheduled ${suffix()}`,
    effectiveDt: EFFECTIVE,
  });

describe('read acknowledgement of a scheduled P&P (effective date in the future)', () => {
  it('create: refused with a due date before the effective date, accepted on it', async () => {
    const { a, w } = world;
    const pnp = await scheduledPnp();
    const early = await a.binderOwner.post(u.base(pnp.id), body({ user_ids: [w.reader.id], due_date: '2026-07-14' }));
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json().errors).toEqual([REFUSED]);
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], due_date: EFFECTIVE });
    expect(ack.status).toBe(1);
  });

  it('edit: a due date moved before the effective date is refused, moved onto it is accepted', async () => {
    const { a, w } = world;
    const pnp = await scheduledPnp();
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], due_date: '2026-08-01' });
    const put = (due: string) =>
      a.binderOwner.put(
        u.one(pnp.id, ack.id),
        body({ name: `Edited ${suffix()}`, user_ids: [w.reader.id], due_date: due }),
      );
    const early = await put('2026-06-20');
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json().errors).toEqual([REFUSED]);
    const onIt = await put(EFFECTIVE);
    expect(onIt.statusCode, onIt.body).toBe(200);
    expect(onIt.json().read_acknowledgement.due_date).toBe(EFFECTIVE);
  });

  it('a P&P already in effect is unaffected: any due date from today, on create and on edit', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], due_date: '2026-06-11' });
    const edited = await a.binderOwner.put(
      u.one(pnp.id, ack.id),
      body({ name: `Edited ${suffix()}`, user_ids: [w.reader.id], due_date: '2026-06-10' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('the list and each read acknowledgement give the Effective Date, for the wizard to offer no due date before it', async () => {
    const { a, w } = world;
    const pnp = await scheduledPnp();
    const empty = await a.binderOwner.get(`${u.base(pnp.id)}?status=1`);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ can_create: true, effective_date: EFFECTIVE });
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id], due_date: EFFECTIVE });
    const one = await a.binderOwner.get(u.one(pnp.id, ack.id));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().read_acknowledgement.effective_date).toBe(EFFECTIVE);
  });
});
