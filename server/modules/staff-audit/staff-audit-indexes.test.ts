import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withSystem } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/harness';
import { indexDefinition, planOf } from '../../test/plans';
import { staffActionCountQuery, staffActionPageQuery } from './staff-audit.routes';

/**
 * The staff log grows with every change provider staff make: its page must walk an index and stop,
 * and its search must be one the trigram index of migration 0048 answers. If the search's
 * expression drifts from the indexed one the answers stay right, but every search reads the whole
 * log. A handful of test rows is cheaper to read whole, so which plan wins here tells nothing: the
 * tests turn the whole-table reads off and ask whether an index can serve.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it("the staff activity search filters on migration 0048's indexed expression, and that index answers it", async () => {
  const { index, plans } = await withSystem(t.deps.database.db, async (tx) => {
    const index = await indexDefinition(tx, 'staff_action_logs_search_idx');
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    const plans = [
      await planOf(tx, staffActionPageQuery(tx, 'Ward', { limit: 10, offset: 0 })),
      await planOf(tx, staffActionCountQuery(tx, 'Ward', 101)),
    ];
    return { index, plans };
  });
  expect(index.expression).toContain('staff_email');
  for (const plan of plans) {
    expect(plan).toContainEqual(
      expect.objectContaining({
        'Node Type': 'Bitmap Index Scan',
        'Index Name': 'staff_action_logs_search_idx',
        'Index Cond': `(${index.expression} ~~* '%Ward%'::text)`,
      }),
    );
  }
});

it('the newest-first page walks staff_action_logs_created_idx and stops after the page, unsorted', async () => {
  const plan = await withSystem(t.deps.database.db, async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return planOf(tx, staffActionPageQuery(tx, undefined, { limit: 10, offset: 20 }));
  });
  expect(plan[0]?.['Node Type']).toBe('Limit');
  expect(plan).toContainEqual(
    expect.objectContaining({ 'Node Type': 'Index Scan', 'Index Name': 'staff_action_logs_created_idx' }),
  );
  // Not even an incremental sort: the index gives the whole order.
  expect(plan.map((node) => node['Node Type']).filter((type) => type.includes('Sort'))).toEqual([]);
});
