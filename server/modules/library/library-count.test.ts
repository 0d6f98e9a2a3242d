import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { createContainer, createOrg, type TestOrg } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPublishedPnp } from '../../test/library-factories';
import { NAME_SIMILARITY_THRESHOLD } from './search-match';
import { listLibraryPage, type LibraryScope } from './search.repo';

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
    await createPublishedPnp(t.deps, org.id, folder.id, { name: `Wound Care ${i}`, text: 'Dressings are changed daily.' });
  const now = t.clock.now();
  admin = { orgId: org.id, userId: 0, isAdmin: true, now, windowStart: new Date(now.getTime() - 365 * 86_400_000) };
});
afterAll(async () => t.close());

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
