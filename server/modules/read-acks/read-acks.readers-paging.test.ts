import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { readAckReaders } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createGroup, createOrg, createUser, grant } from '../../test/factories';
import { createAck, publishedPnp, readAckWorld, suffix, urls } from './read-acks-test-setup';

/**
 * A read acknowledgement of hundreds of readers: each comes with its first page of readers, and the
 * others are asked for a page at a time, sorted as the readers table sorts them.
 */
let world: Awaited<ReturnType<typeof readAckWorld>>;
let u: ReturnType<typeof urls>;
beforeAll(async () => {
  world = await readAckWorld();
  u = urls(world.w.org.id);
});
afterAll(async () => world.t.close());

const FIRST_NAMES = ['Abel', 'Bruno', 'Clara', 'Dora', 'Emil', 'Freya', 'Gus', 'Hana', 'Ivo', 'Jana', 'Kai', 'Lotte'];

interface ReaderJson {
  user_id: number;
  name: string;
  via_group_name: string | null;
  completion: number;
}
interface PageJson {
  readers: ReaderJson[];
  total: number;
  page: number;
  per_page: number;
}

/** A published P&P and a read acknowledgement of twelve readers: ten by name, Kai and Lotte through a group. */
async function twelveReaders() {
  const { t, w, a } = world;
  const last = `Pager ${suffix()}`;
  const users = [];
  for (const firstName of FIRST_NAMES) users.push(await createUser(t.deps, w.org.id, { firstName, lastName: last }));
  const pnp = await publishedPnp(t, w);
  const nights = await createGroup(t.deps, w.org.id, [users[10]!.id, users[11]!.id], `Nights ${suffix()}`);
  const everyone = await createGroup(
    t.deps,
    w.org.id,
    users.map((x) => x.id),
  );
  await grant(t.deps, w.org.id, { containerId: w.binder.id }, { groupId: everyone.id }, 5);
  const ack = await createAck(a.admin, u.base(pnp.id), {
    user_ids: users.slice(0, 10).map((x) => x.id),
    group_ids: [nights.id],
  });
  const names = (readers: ReaderJson[]) => readers.map((r) => r.name.split(' ')[0]);
  const readersUrl = (query = '') => `${u.one(pnp.id, ack.id, '/readers')}${query}`;
  return { pnp, ack, users, nights, last, names, readersUrl };
}

describe('read acknowledgement readers, a page at a time', () => {
  it('the list and one read acknowledgement carry the first ten readers by name, and count them all', async () => {
    const { a } = world;
    const { pnp, ack, users, names } = await twelveReaders();
    const list = (await a.admin.get(`${u.base(pnp.id)}?status=1`)).json<{
      read_acknowledgements: Array<{ readers: ReaderJson[]; readers_total: number; user_ids: number[] }>;
    }>();
    const [card] = list.read_acknowledgements;
    expect(card!.readers_total).toBe(12);
    expect(names(card!.readers)).toEqual(FIRST_NAMES.slice(0, 10));
    // The edit form starts from every reader chosen by name, not only those of the first page.
    expect(card!.user_ids).toEqual(users.slice(0, 10).map((x) => x.id));

    const one = (await a.admin.get(u.one(pnp.id, ack.id))).json<{
      read_acknowledgement: { readers: ReaderJson[]; readers_total: number };
    }>().read_acknowledgement;
    expect(one.readers_total).toBe(12);
    expect(one.readers).toHaveLength(10);
  });

  it('pages and sorts the readers by the readers table’s columns; a page past the last gives the last', async () => {
    const { a, t } = world;
    const { ack, users, nights, names, readersUrl } = await twelveReaders();

    const first = await a.binderOwner.get(readersUrl());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<PageJson>()).toMatchObject({ total: 12, page: 1, per_page: 10 });
    expect(names(first.json<PageJson>().readers)).toEqual(FIRST_NAMES.slice(0, 10));

    const second = (await a.admin.get(readersUrl('?page=2'))).json<PageJson>();
    expect(second).toMatchObject({ total: 12, page: 2, per_page: 10 });
    expect(names(second.readers)).toEqual(['Kai', 'Lotte']);
    expect(second.readers.map((r) => r.via_group_name)).toEqual([nights.name, nights.name]);

    const backwards = (await a.admin.get(readersUrl('?sort=name&dir=desc&per_page=3'))).json<PageJson>();
    expect(names(backwards.readers)).toEqual(['Lotte', 'Kai', 'Jana']);

    const beyond = (await a.admin.get(readersUrl('?page=9&per_page=5'))).json<PageJson>();
    expect(beyond).toMatchObject({ page: 3, per_page: 5 });
    expect(names(beyond.readers)).toEqual(['Kai', 'Lotte']);

    // Those through a group first (blanks last), each group by name.
    const byGroup = (await a.admin.get(readersUrl('?sort=group&per_page=3'))).json<PageJson>();
    expect(names(byGroup.readers)).toEqual(['Kai', 'Lotte', 'Abel']);

    // Dora and Ivo have acknowledged (set here: acknowledging needs the document opened).
    await withSystem(t.deps.database.db, (tx) =>
      tx
        .update(readAckReaders)
        .set({ completion: 1, acknowledgedAt: new Date('2026-06-10T12:00:00Z') })
        .where(and(eq(readAckReaders.readAckId, ack.id), inArray(readAckReaders.userId, [users[3]!.id, users[8]!.id]))),
    );
    const done = (await a.admin.get(readersUrl('?sort=completion&dir=desc&per_page=2'))).json<PageJson>();
    expect(names(done.readers)).toEqual(['Ivo', 'Dora']);
    expect(done.readers.map((r) => r.completion)).toEqual([1, 1]);
    const acknowledged = (await a.admin.get(readersUrl('?sort=acknowledged&per_page=2'))).json<PageJson>();
    expect(names(acknowledged.readers)).toEqual(['Dora', 'Ivo']);
  });

  it('401 without a session, 403 for a reader, 404 for an unknown one, another P&P’s or another organisation’s', async () => {
    const { a, w, t } = world;
    const { pnp, ack, readersUrl } = await twelveReaders();
    expect((await t.anonymous().get(readersUrl())).statusCode).toBe(401);

    const reader = await a.reader.get(readersUrl());
    expect(reader.statusCode).toBe(403);
    expect(reader.json().errors[0]).toMatch(/Only organization administrators/);

    const hidden = await a.outsider.get(readersUrl());
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errors).toEqual(['The P&P was not found.']);
    const unknown = await a.admin.get(u.one(pnp.id, 999_999, '/readers'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual(['The read acknowledgement was not found.']);
    const other = await publishedPnp(t, w);
    expect((await a.admin.get(u.one(other.id, ack.id, '/readers'))).json().errors).toEqual([
      'The read acknowledgement was not found.',
    ]);

    const orgB = await createOrg(t.deps);
    const adminB = await createUser(t.deps, orgB.id, { isAdmin: true });
    const b = await t.signIn(adminB.username, adminB.password);
    expect((await b.get(u.one(pnp.id, ack.id, '/readers', orgB.id))).statusCode).toBe(404);
    expect((await b.get(readersUrl())).statusCode).toBe(404);
  });

  it('422 with the errors listed for a page, size, sort or direction it does not know', async () => {
    const { a } = world;
    const { readersUrl } = await twelveReaders();
    const refusals: Array<[string, string]> = [
      ['?page=0', 'page must be a whole number from 1 to 1000000.'],
      ['?per_page=101', 'per_page must be a whole number from 1 to 100.'],
      ['?per_page=two', 'per_page must be a whole number from 1 to 100.'],
      ['?sort=email', 'sort must be one of name, group, completion, acknowledged, version.'],
      ['?dir=up', 'dir must be asc or desc.'],
    ];
    for (const [query, error] of refusals) {
      const res = await a.admin.get(readersUrl(query));
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors, query).toEqual([error]);
    }
  });
});
