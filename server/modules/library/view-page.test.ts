import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_VIEWS, type LibraryView } from '../../../shared/api/library';
import { queryRows } from '../../db/client';
import { libraryFavorites, libraryViews } from '../../db/schema/index';
import { withSystem, withTenant } from '../../db/tenant';
import { createContainer, createGroup, createOrg, createUser, grant, type TestOrg } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPublishedPnp } from '../../test/library-factories';
import {
  defaultSort,
  generalPageSql,
  libraryPageSql,
  walkedView,
  type LibraryScope,
  type PageOptions,
} from './search.repo';

/**
 * The views' own walks (view-page.repo.ts, docs/adr/0014-list-plans.md) against the general
 * statement they stand in for: the same rows in the same order and the same counts, for an admin
 * and a reader, on first and later pages, with the plans PostgreSQL caches (generic) and the ones
 * it makes per call (custom). The library mixes what each view must leave out: hidden, scheduled,
 * retired, draft and old P&Ps, P&Ps with participants of their own, name ties, old views.
 */

let t: TestApp;
let org: TestOrg;
const scopes: Record<'admin' | 'reader', LibraryScope> = {} as Record<'admin' | 'reader', LibraryScope>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  const admin = await createUser(t.deps, org.id, { isAdmin: true });
  const reader = await createUser(t.deps, org.id);
  const readers = await createGroup(t.deps, org.id, [reader.id]);
  const shared = await createContainer(t.deps, org.id, { name: 'Shared' });
  const hidden = await createContainer(t.deps, org.id, { name: 'Hidden' });
  const folder = await createContainer(t.deps, org.id, { parentId: shared.id, name: 'Folder' });
  await grant(t.deps, org.id, { containerId: shared.id }, { groupId: readers.id }, 5);
  await grant(t.deps, org.id, { containerId: shared.id }, { userId: reader.id }, 5);

  const now = t.clock.now().getTime();
  const day = (offset: number) => new Date(now + offset * DAY);
  const date = (offset: number) => day(offset).toISOString().slice(0, 10);
  const ids: number[] = [];
  for (let i = 0; i < 9; i += 1) {
    const at = day(-10 * i);
    const pnp = await createPublishedPnp(t.deps, org.id, i % 2 ? folder.id : shared.id, {
      name: i < 3 ? 'Same Name' : `Policy ${String.fromCharCode(74 - i)}`,
      publishedAt: at,
      effectiveDt: date(-10 * i),
    });
    ids.push(pnp.id);
  }
  for (let i = 0; i < 3; i += 1)
    ids.push((await createPublishedPnp(t.deps, org.id, hidden.id, { name: `Hidden ${i}` })).id);
  ids.push((await createPublishedPnp(t.deps, org.id, folder.id, { name: 'Scheduled', effectiveDt: date(3) })).id);
  ids.push((await createPublishedPnp(t.deps, org.id, folder.id, { name: 'Retired', status: 3, versionStatus: 3 })).id);
  ids.push((await createPublishedPnp(t.deps, org.id, folder.id, { name: 'Draft', status: 1, versionStatus: 1 })).id);
  ids.push(
    (
      await createPublishedPnp(t.deps, org.id, folder.id, {
        name: 'Old',
        publishedAt: day(-700),
        effectiveDt: date(-700),
      })
    ).id,
  );
  const own = await createPublishedPnp(t.deps, org.id, hidden.id, { name: 'Own Participants', inheritsAccess: false });
  await grant(t.deps, org.id, { pnpId: own.id }, { userId: reader.id }, 5);
  ids.push(own.id);

  // Favourites (two at the same moment: a tie) and views, some out of the one-year window.
  await withSystem(t.deps.database.db, async (tx) => {
    for (const userId of [admin.id, reader.id]) {
      await tx.insert(libraryFavorites).values(
        ids
          .filter((_, i) => i % 2 === 0)
          .map((pnpId, i) => ({
            orgId: org.id,
            userId,
            pnpId,
            favorite: i !== 3,
            favoriteUpdatedAt: day(-Math.floor(i / 2)),
          })),
      );
      await tx
        .insert(libraryViews)
        .values(
          ids
            .filter((_, i) => i % 3 !== 1)
            .map((pnpId, i) => ({ orgId: org.id, userId, pnpId, viewedAt: day(i === 2 ? -400 : -i) })),
        );
    }
  });
  const at = t.clock.now();
  const windowStart = new Date(at.getTime() - 365 * DAY);
  scopes.admin = { orgId: org.id, userId: admin.id, isAdmin: true, now: at, windowStart };
  scopes.reader = { orgId: org.id, userId: reader.id, isAdmin: false, now: at, windowStart };
});
afterAll(async () => t.close());

const run = (scope: LibraryScope, statements: SQL[], generic: boolean) =>
  withTenant(t.deps.database.db, scope.orgId, async (tx) => {
    if (generic) await tx.execute(sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`);
    const rows = await queryRows<Record<string, unknown>>(tx, statements[0]!);
    // A view's first page carries its count on every row; the others count in a second statement.
    const total = statements[1]
      ? (await queryRows<{ total: number }>(tx, statements[1]))[0]?.total
      : ((rows[0]?.total as number | undefined) ?? 0);
    return { rows: rows.map(({ total: _total, ...row }) => row), total };
  });

describe("the views' own walks", () => {
  it('are the ones a view without filters takes, in its default order, as a list', () => {
    for (const view of LIBRARY_VIEWS) {
      const page: PageOptions = { offset: 0, limit: 10, ...defaultSort(view, false) };
      expect(walkedView({ view }, page)).toBe(view);
      expect(walkedView({ view, owner_id: 1 }, page)).toBeNull();
      expect(walkedView({ view }, { ...page, treeOrder: true })).toBeNull();
      expect(walkedView({ view }, { ...page, dir: page.dir === 'asc' ? 'desc' : 'asc' })).toBeNull();
    }
    expect(walkedView({}, { offset: 0, limit: 10, sort: 'name', dir: 'asc' })).toBe('all');
  });

  it('list and count what the general statement lists and counts, with generic and custom plans', async () => {
    for (const who of ['admin', 'reader'] as const) {
      const scope = scopes[who];
      for (const view of LIBRARY_VIEWS as readonly LibraryView[]) {
        for (const [limit, offset, countLimit] of [
          [100, 0, 10_000],
          [3, 0, 10_000],
          [3, 3, 10_000],
          [2, 5, 4],
          [1, 0, 2],
        ] as const) {
          const page: PageOptions = { offset, limit, countLimit, ...defaultSort(view, false) };
          const label = `${who} ${view} limit ${limit} offset ${offset} count to ${countLimit}`;
          const expected = await run(scope, generalPageSql(scope, { view }, page), false);
          if (offset === 0) expect(expected.rows.length, label).toBeGreaterThan(0);
          for (const generic of [false, true]) {
            const walked = await run(scope, libraryPageSql(scope, { view }, page), generic);
            expect(walked.rows, `${label} generic ${generic}`).toEqual(expected.rows);
            expect(walked.total, `${label} generic ${generic}`).toBe(expected.total);
          }
        }
      }
    }
  });
});
