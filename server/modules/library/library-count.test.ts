import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { pnpDocuments } from '../../db/schema/index';
import { withSystem, withTenant } from '../../db/tenant';
import { createContainer, createGroup, createOrg, createUser, grant, type TestOrg } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPublishedPnp } from '../../test/library-factories';
import { NAME_SIMILARITY_THRESHOLD, SEARCH_PASS_LIMIT } from './search-match';
import { PAGER_COUNT_PAGES } from '../../../shared/domain/limits';
import { defaultSort, listLibraryPage, type LibraryScope } from './search.repo';

/**
 * Counts that stop (issue 11, docs/adr/0008-search-ranking.md): a list counts only as far as the
 * pager needs, and a search's passes stop after their limit and say so. Small limits stand in for
 * 10,000 and 200, so that a handful of P&Ps shows the rule.
 */

let t: TestApp;
let org: TestOrg;
let admin: LibraryScope;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  const folder = await createContainer(t.deps, org.id, { name: 'Clinical' });
  for (let i = 0; i < 5; i += 1)
    await createPublishedPnp(t.deps, org.id, folder.id, {
      name: `Wound Care ${i}`,
      text: 'Dressings are changed daily.',
    });
  admin = adminOf(org.id);
});
afterAll(async () => t.close());

/** An org admin's scope of the library, today. */
function adminOf(orgId: number): LibraryScope {
  const now = t.clock.now();
  return { orgId, userId: 0, isAdmin: true, now, windowStart: new Date(now.getTime() - 365 * 86_400_000) };
}

const page = (limit: number, countLimit: number, offset = 0) =>
  ({ offset, limit, sort: 'name', dir: 'asc', countLimit }) as const;

describe('library counts', () => {
  it('stop one past the limit and say that more match; below it they are exact', async () => {
    const capped = await withTenant(t.deps.database.db, org.id, (tx) => listLibraryPage(tx, admin, {}, page(2, 3)));
    expect(capped).toMatchObject({ total: 3, capped: true });
    expect(capped.rows).toHaveLength(2);
    const exact = await withTenant(t.deps.database.db, org.id, (tx) => listLibraryPage(tx, admin, {}, page(2, 5)));
    expect(exact).toMatchObject({ total: 5, capped: false });
    // The last page, not full, knows the total without counting.
    const last = await withTenant(t.deps.database.db, org.id, (tx) => listLibraryPage(tx, admin, {}, page(2, 3, 4)));
    expect(last).toMatchObject({ total: 5, capped: false });
  });

  it("a search's passes keep at most their limit and say they stopped", async () => {
    const run = (maxPerPass: number) =>
      withTenant(t.deps.database.db, org.id, (tx) =>
        queryRows<{ pnp_id: number; truncated: boolean; doc_rank: number | null }>(
          tx,
          sql`select * from library_search_candidates('wound dressings', array['wound', 'dressings'], false, ${NAME_SIMILARITY_THRESHOLD}::real, ${maxPerPass}::int, 1)`,
        ),
      );
    const few = await run(2);
    expect(few).toHaveLength(2);
    expect(few.every((r) => r.truncated)).toBe(true);
    const all = await run(10);
    expect(all).toHaveLength(5);
    expect(all.some((r) => r.truncated)).toBe(false);
    // Only the best `max_ranked` (1 here) have their text ranked; the others keep the first pass.
    expect(all.filter((r) => r.doc_rank !== null && r.doc_rank > 0.5)).toHaveLength(1);
  });
});

describe("a search's typo pass", () => {
  it('keeps at most the pass limit of corrected names and says that more match, as the exact passes do', async () => {
    const other = await createOrg(t.deps);
    const folder = await createContainer(t.deps, other.id, { name: 'Respiratory' });
    const scope = adminOf(other.id);
    const create = (i: number) =>
      createPublishedPnp(t.deps, other.id, folder.id, {
        name: `Ventilator Weaning ${i}`,
        text: 'Settings are charted hourly.',
      });
    for (let i = 0; i < SEARCH_PASS_LIMIT; i += 1) await create(i);
    // 'ventilater' is in no name and no text (its stem is not the names'): only the typo pass finds them.
    const search = () =>
      withTenant(t.deps.database.db, other.id, (tx) =>
        listLibraryPage(
          tx,
          scope,
          { phrase: 'ventilater', fuzzy: 'auto' },
          { offset: 0, limit: 10, sort: 'relevance', dir: 'desc' },
        ),
      );
    const exactly = await search();
    expect(exactly).toMatchObject({ total: SEARCH_PASS_LIMIT, capped: false, typoPass: true });
    expect(exactly.rows).toHaveLength(10);
    // One name more than the pass keeps: the total is what was kept, and it says more match ('100+').
    await create(SEARCH_PASS_LIMIT);
    expect(await search()).toMatchObject({ total: SEARCH_PASS_LIMIT, capped: true, typoPass: true });
  });
});

describe('the counts of the whole library (its tallies) and the recently published view (the index of published P&Ps)', () => {
  it('equals what the list shows, for an admin and a reader, past hidden, scheduled, retired and draft P&Ps', async () => {
    const other = await createOrg(t.deps);
    const reader = await createUser(t.deps, other.id);
    const readers = await createGroup(t.deps, other.id, [reader.id]);
    const shared = await createContainer(t.deps, other.id, { name: 'Shared' });
    const hidden = await createContainer(t.deps, other.id, { name: 'Hidden' });
    const sharedFolder = await createContainer(t.deps, other.id, { parentId: shared.id, name: 'Shared Folder' });
    await grant(t.deps, other.id, { containerId: shared.id }, { groupId: readers.id }, 5);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 3; i += 1) await createPublishedPnp(t.deps, other.id, sharedFolder.id, { name: `Seen ${i}` });
    await createPublishedPnp(t.deps, other.id, sharedFolder.id, { name: 'Scheduled', effectiveDt: tomorrow });
    await createPublishedPnp(t.deps, other.id, sharedFolder.id, { name: 'Retired', status: 3, versionStatus: 3 });
    await createPublishedPnp(t.deps, other.id, sharedFolder.id, { name: 'Draft', status: 1, versionStatus: 1 });
    for (let i = 0; i < 2; i += 1) await createPublishedPnp(t.deps, other.id, hidden.id, { name: `Unseen ${i}` });
    const own = await createPublishedPnp(t.deps, other.id, hidden.id, {
      name: 'Own Participants',
      inheritsAccess: false,
    });
    await grant(t.deps, other.id, { pnpId: own.id }, { userId: reader.id }, 5);
    const twoYearsAgo = new Date(t.clock.now().getTime() - 730 * 86_400_000);
    await createPublishedPnp(t.deps, other.id, sharedFolder.id, { name: 'Old', publishedAt: twoYearsAgo });
    // Published long ago, then a new version published today (the old one archived first: one Active
    // version at a time): recently published again, through the trigger on the versions.
    const revised = await createPublishedPnp(t.deps, other.id, sharedFolder.id, {
      name: 'Revised',
      publishedAt: twoYearsAgo,
    });
    await withSystem(t.deps.database.db, async (tx) => {
      await tx.insert(pnpDocuments).values({
        orgId: other.id,
        pnpId: revised.id,
        versionNumber: 2,
        status: 1,
        fileId: revised.fileId,
      });
      await tx.execute(sql`update pnp_documents set status = 3 where id = ${revised.versionId}`);
      await tx.execute(sql`update pnp_documents set status = 2, published_at = ${t.clock.now().toISOString()}::timestamptz,
                                  effective_dt = ${t.clock.now().toISOString().slice(0, 10)}::date
                            where org_id = ${other.id} and pnp_id = ${revised.id} and version_number = 2`);
    });

    const now = t.clock.now();
    const windowStart = new Date(now.getTime() - 365 * 86_400_000);
    const scopes = {
      admin: { orgId: other.id, userId: 0, isAdmin: true, now, windowStart },
      reader: { orgId: other.id, userId: reader.id, isAdmin: false, now, windowStart },
    };
    const run = (scope: LibraryScope, limit: number, countLimit: number, view: 'all' | 'recently_published') =>
      withTenant(t.deps.database.db, other.id, (tx) => listLibraryPage(tx, scope, { view }, page(limit, countLimit)));

    const recent = {
      admin: ['Own Participants', 'Revised', 'Seen 0', 'Seen 1', 'Seen 2', 'Unseen 0', 'Unseen 1'],
      reader: ['Own Participants', 'Revised', 'Seen 0', 'Seen 1', 'Seen 2'],
    };
    for (const [who, view, expected] of [
      ['admin', 'all', ['Old', ...recent.admin]],
      ['reader', 'all', ['Old', ...recent.reader]],
      ['admin', 'recently_published', recent.admin],
      ['reader', 'recently_published', recent.reader],
    ] as const) {
      const scope = scopes[who];
      const listed = await run(scope, 100, 100, view);
      expect([...listed.rows.map((r) => r.name)].sort(), `${who} ${view}`).toEqual(expected);
      // A first page of one row is full, so the count runs: it agrees with the list.
      expect(await run(scope, 1, 100, view)).toMatchObject({ total: expected.length, capped: false });
      // Exactly at the limit: exact; one below: capped (the scheduled P&P must not hide the excess).
      expect(await run(scope, 1, expected.length, view)).toMatchObject({ total: expected.length, capped: false });
      expect(await run(scope, 1, expected.length - 1, view)).toMatchObject({
        total: expected.length - 1,
        capped: true,
      });
    }
  });
});

describe('the views walked from the newest publication or a user’s own list', () => {
  it('count only as far as the pager reaches from the page shown; the whole library as far as its limit', async () => {
    const other = await createOrg(t.deps);
    const folder = await createContainer(t.deps, other.id, { name: 'Many' });
    for (let i = 0; i < 12; i += 1) await createPublishedPnp(t.deps, other.id, folder.id, { name: `Recent ${i}` });
    const scope = adminOf(other.id);
    // No count limit given: PAGER_COUNT_PAGES (10) pages of the page's size past its first row.
    const run = (view: 'all' | 'recently_published', limit: number, offset = 0) =>
      withTenant(t.deps.database.db, other.id, (tx) =>
        listLibraryPage(tx, scope, { view }, { offset, limit, ...defaultSort(view, false) }),
      );
    expect(PAGER_COUNT_PAGES).toBe(10);
    // Pages of 10 reach 100 P&Ps: all 12 are counted.
    expect(await run('recently_published', 10)).toMatchObject({ total: 12, capped: false });
    // Pages of 1 reach 10 from the first: '10+'.
    const first = await run('recently_published', 1);
    expect(first).toMatchObject({ total: 10, capped: true });
    expect(first.rows).toHaveLength(1);
    // From the fifth row they reach 15: all 12, exactly (a later page counts apart).
    expect(await run('recently_published', 1, 4)).toMatchObject({ total: 12, capped: false });
    // The whole library is read from its tallies, counted to LIBRARY_COUNT_LIMIT whatever the page.
    expect(await run('all', 1)).toMatchObject({ total: 12, capped: false });
  });
});
