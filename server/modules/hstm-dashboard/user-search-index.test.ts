import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { UserStatus } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/harness';
import { searchPattern, userSearchText, usersLockedOutSql } from './index';

/**
 * The staff search's expression must stay the one migration 0036 indexed: if the two drift apart the
 * answers stay right, but every search reads every user of every organisation. PostgreSQL uses an
 * expression index only for the same expression, and prints both the same way: the search's filter,
 * as the plan shows it, must hold the index's expression, as the catalogue shows it. (A handful of
 * test users is read more cheaply through another index, so which index a plan picks here tells
 * nothing.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it("the staff user search filters on migration 0036's indexed expression", async () => {
  const { indexed, filter } = await withSystem(t.deps.database.db, async (tx) => {
    const [index] = await queryRows<{ expression: string; predicate: string }>(
      tx,
      sql`select pg_get_expr(i.indexprs, i.indrelid) as expression, pg_get_expr(i.indpred, i.indrelid) as predicate
            from pg_index i where i.indexrelid = 'org_users_staff_search_idx'::regclass`,
    );
    const plan = await queryRows<{ 'QUERY PLAN': unknown }>(
      tx,
      sql`explain (format json) select u.id from org_users u
           where u.status <> ${sql.raw(String(UserStatus.Deleted))} and ${userSearchText} ilike ${searchPattern('Ward')}`,
    );
    return { indexed: index!, filter: JSON.stringify(plan.map((row) => row['QUERY PLAN'])) };
  });
  expect(indexed.predicate).toBe(`(status <> '-1'::integer)`);
  expect(indexed.expression.length).toBeGreaterThan(40);
  const [, filterText] = /"Filter":("(?:[^"\\]|\\.)*")/.exec(filter) ?? [];
  expect(JSON.parse(filterText ?? '""')).toContain(`(${indexed.expression} ~~* '%Ward%'::text)`);
});

it("the users locked out are counted from migration 0047's index of the locked ones, not by reading every user", async () => {
  const plan = await withSystem(t.deps.database.db, async (tx) => {
    // A handful of test users is cheaper to read whole: the question is whether the index serves
    // once the planner knows that few users are locked (as in any real organisation).
    await tx.execute(sql`analyze org_users`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': unknown }>(
      tx,
      sql`explain (format json) ${usersLockedOutSql(new Date())}`,
    );
    return JSON.stringify(rows.map((row) => row['QUERY PLAN']));
  });
  expect(plan).toContain('"Index Name":"org_users_locked_out_idx"');
});
