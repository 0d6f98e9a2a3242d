import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import {
  createContainer,
  createGroup,
  createOrg,
  createUser,
  grant,
  type TestOrg,
  type TestUser,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPublishedPnp, type TestPnp } from '../../test/library-factories';

let t: TestApp;
let org: TestOrg;
let reader: TestUser;
let a: TestPnp;
let b: TestPnp;
let c: TestPnp;

const DAY = 86_400_000;
const lib = (query = '') => `/api/o/${org.id}/library${query}`;
const names = (body: { items: Array<{ name: string }> }) => body.items.map((i) => i.name);
/** Moving the clock ends idle sessions, so every step signs in afresh. */
const reading = () => t.signIn(reader.username, reader.password);

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  reader = await createUser(t.deps, org.id);
  const group = await createGroup(t.deps, org.id, [reader.id]);
  const binder = await createContainer(t.deps, org.id, { name: 'Policies' });
  await grant(t.deps, org.id, { containerId: binder.id }, { groupId: group.id }, 5);
  a = await createPublishedPnp(t.deps, org.id, binder.id, { name: 'Alpha Policy' });
  b = await createPublishedPnp(t.deps, org.id, binder.id, { name: 'Bravo Policy' });
  c = await createPublishedPnp(t.deps, org.id, binder.id, {
    name: 'Charlie Policy',
    publishedAt: new Date(t.clock.now().getTime() - 400 * DAY),
    effectiveDt: new Date(t.clock.now().getTime() - 400 * DAY).toISOString().slice(0, 10),
  });
});
afterAll(async () => t.close());

describe('favourites', () => {
  it('are sorted by when they were favourited, newest first, and leave when unfavourited', async () => {
    let agent = await reading();
    for (const pnp of [b, a, c]) {
      const res = await agent.patch(lib(`/${pnp.id}/handle_favorite`), { favorite: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ pnp_id: pnp.id, favorite: true });
      t.clock.advance(60_000);
    }
    agent = await reading();
    let favorites = (await agent.get(lib('?list=true&view=favorites'))).json();
    expect(names(favorites)).toEqual(['Charlie Policy', 'Alpha Policy', 'Bravo Policy']);
    expect(favorites.items[0]).toMatchObject({ favorite: true, expanded: true });
    expect(new Date(favorites.items[0].favorite_updated_at).getTime()).toBeGreaterThan(
      new Date(favorites.items[1].favorite_updated_at).getTime(),
    );

    // Favouriting again moves it to the top; unfavouriting takes it out.
    await agent.patch(lib(`/${b.id}/handle_favorite`), { favorite: false });
    t.clock.advance(60_000);
    agent = await reading();
    await agent.patch(lib(`/${b.id}/handle_favorite`), { favorite: true });
    await agent.patch(lib(`/${c.id}/handle_favorite`), { favorite: false });
    favorites = (await agent.get(lib('?list=true&view=favorites'))).json();
    expect(names(favorites)).toEqual(['Bravo Policy', 'Alpha Policy']);
    expect(favorites.total).toBe(2);
    const all = (await agent.get(lib('?list=true'))).json();
    expect(all.items.find((i: { name: string }) => i.name === 'Charlie Policy')).toMatchObject({
      favorite: false,
      favorite_updated_at: null,
    });
    const tree = (await agent.get(lib('?view=favorites'))).json();
    expect(tree.total).toBe(2);
    expect(tree.tree[0]).toMatchObject({ name: 'Policies', count: 2, expanded: true });
  });
});

describe('the one-year windows', () => {
  it('recently viewed: what the user opened within a year, last opened first', async () => {
    let agent = await reading();
    expect((await agent.get(lib('?list=true&view=recently_viewed'))).json().total).toBe(0);
    const opened = await agent.get(lib(`/${a.id}`));
    expect(opened.statusCode).toBe(200);
    expect(opened.json().item).toMatchObject({ pnp_id: a.id, version_id: a.versionId });
    expect(opened.json().file).toMatchObject({ extension: 'docx', preview: 'html' });
    // The opening is recorded once, for the version opened, by the reader, at the request's time.
    const recorded = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ user_id: number; document_id: number; viewed_at: Date }>(
        tx,
        sql`select user_id, document_id, viewed_at from library_views where org_id = ${org.id} and pnp_id = ${a.id}`,
      ),
    );
    expect(recorded.map((r) => [r.user_id, r.document_id, new Date(r.viewed_at).toISOString()])).toEqual([
      [reader.id, a.versionId, t.clock.now().toISOString()],
    ]);
    t.clock.advance(200 * DAY);
    agent = await reading();
    await agent.get(lib(`/${b.id}`));
    let recent = (await agent.get(lib('?list=true&view=recently_viewed'))).json();
    expect(names(recent)).toEqual(['Bravo Policy', 'Alpha Policy']);
    expect(recent.items[0].recent_view).toBe(t.clock.now().toISOString());

    // 200 + 166 days after the first view: it is out of the window, the second is still in.
    t.clock.advance(166 * DAY);
    agent = await reading();
    recent = (await agent.get(lib('?list=true&view=recently_viewed'))).json();
    expect(names(recent)).toEqual(['Bravo Policy']);
  });

  it('opening a P&P the user may not see is a 404 without its name, and records no view', async () => {
    const hiddenBinder = await createContainer(t.deps, org.id, { name: 'Board Only' });
    const hidden = await createPublishedPnp(t.deps, org.id, hiddenBinder.id, { name: 'Board Minutes Policy' });
    const agent = await reading();
    const opened = await agent.get(lib(`/${hidden.id}`));
    expect(opened.statusCode).toBe(404);
    expect(opened.body).not.toContain('Board Minutes');
    const recorded = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from library_views where org_id = ${org.id} and pnp_id = ${hidden.id}`,
      ),
    );
    expect(recorded[0]?.n).toBe(0);
  });

  it('recently published: published within a year, newest first', async () => {
    const agent = await reading();
    const now = t.clock.now().getTime();
    const binder = (await agent.get(lib('?list=true'))).json().items[0].container_id as number;
    await createPublishedPnp(t.deps, org.id, binder, {
      name: 'Delta Policy',
      publishedAt: new Date(now - 364 * DAY),
      effectiveDt: new Date(now - 364 * DAY).toISOString().slice(0, 10),
    });
    await createPublishedPnp(t.deps, org.id, binder, {
      name: 'Echo Policy',
      publishedAt: new Date(now - 366 * DAY),
      effectiveDt: new Date(now - 366 * DAY).toISOString().slice(0, 10),
    });
    await createPublishedPnp(t.deps, org.id, binder, {
      name: 'Foxtrot Policy',
      publishedAt: new Date(now - DAY),
      effectiveDt: new Date(now - DAY).toISOString().slice(0, 10),
    });
    const recent = (await agent.get(lib('?list=true&view=recently_published'))).json();
    expect(names(recent)).toEqual(['Foxtrot Policy', 'Delta Policy']);
  });
});

describe('where a P&P stands in its review cycle', () => {
  it('is pending review from its reminder date and overdue after its review date, in every view, search and reading', async () => {
    const day = (offset: number) => new Date(t.clock.now().getTime() + offset * DAY).toISOString().slice(0, 10);
    const binder = await createContainer(t.deps, org.id, { name: 'Review Cycle' });
    const readers = await createGroup(t.deps, org.id, [reader.id]);
    await grant(t.deps, org.id, { containerId: binder.id }, { groupId: readers.id }, 5);
    const calm = await createPublishedPnp(t.deps, org.id, binder.id, {
      name: 'Cycle Calm',
      effectiveDt: day(-10),
      reminderDt: day(20),
      reviewDt: day(50),
    });
    const reminded = await createPublishedPnp(t.deps, org.id, binder.id, {
      name: 'Cycle Reminded',
      effectiveDt: day(-10),
      reminderDt: day(0),
      reviewDt: day(30),
    });
    const lastDay = await createPublishedPnp(t.deps, org.id, binder.id, {
      name: 'Cycle Last Day',
      effectiveDt: day(-40),
      reminderDt: day(-10),
      reviewDt: day(0),
    });
    const late = await createPublishedPnp(t.deps, org.id, binder.id, {
      name: 'Cycle Late',
      effectiveDt: day(-40),
      reminderDt: day(-10),
      reviewDt: day(-1),
    });
    const expected = {
      [calm.id]: null,
      [reminded.id]: 'pending_review',
      [lastDay.id]: 'pending_review',
      [late.id]: 'overdue',
    };
    const statesOf = (body: { items: Array<{ pnp_id: number; review_state: string | null }> }) =>
      Object.fromEntries(
        body.items.filter((i) => i.pnp_id in expected).map((i) => [i.pnp_id, i.review_state] as const),
      );
    const agent = await reading();
    // The whole library's first page (walked by name), a filtered list (the general statement),
    // the recently published view, the search and one P&P as it is read.
    const filtered = (await agent.get(lib(`?list=true&container_id=${binder.id}`))).json();
    expect(statesOf(filtered)).toEqual(expected);
    const all = (await agent.get(lib('?list=true&limit=100'))).json();
    expect(statesOf(all)).toEqual(expected);
    const recent = (await agent.get(lib('?list=true&view=recently_published&limit=100'))).json();
    expect(statesOf(recent)).toEqual(expected);
    const found = await agent.post(`/api/o/${org.id}/content_navigator_library/search_pnp`, {
      phrase: 'Cycle',
      offset: 0,
    });
    expect(found.statusCode).toBe(200);
    expect(statesOf(found.json())).toEqual(expected);
    const one = await agent.get(lib(`/${late.id}`));
    expect(one.statusCode).toBe(200);
    expect(one.json().item).toMatchObject({ pnp_id: late.id, review_state: 'overdue' });
    expect((await agent.get(lib(`/${calm.id}`))).json().item).toMatchObject({ pnp_id: calm.id, review_state: null });
  });
});
