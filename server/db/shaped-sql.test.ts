import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { shapedSql } from './shaped-sql';

const dialect = new PgDialect();
const render = (query: SQL) => dialect.sqlToQuery(query);
let shapes = 0;
/** A shape name of its own for each test: kept shapes live as long as the process. */
const fresh = (name: string) => `shaped-sql.test:${name}:${(shapes += 1)}`;

describe('shapedSql', () => {
  const pageOf = (v: { orgId: number; userId: number; today: string }, admin: boolean) =>
    sql`select * from pnps p where p.org_id = ${v.orgId} and p.status = ${2}
        ${admin ? sql`` : sql`and p.id in (select pnp_id from grants where user_id = ${v.userId})`}
        and p.effective_dt <= ${v.today}::date limit ${sql.raw('10')}`;

  it('gives the text and parameters of a fresh build, for each call’s own values', () => {
    const shape = fresh('reader');
    for (const values of [
      { orgId: 1, userId: 2, today: '2026-11-28' },
      { orgId: 7, userId: 9, today: '2026-12-01' },
    ]) {
      const kept = render(shapedSql(shape, values, (v) => pageOf(v, false)));
      expect(kept).toEqual(render(pageOf(values, false)));
      expect(kept.params).toEqual([values.orgId, 2, values.userId, values.today]);
    }
  });

  it('refuses a value written into the text', () => {
    expect(() => shapedSql(fresh('raw'), { userId: 3 }, (v) => sql`select ${sql.raw(String(v.userId))}`)).toThrow(
      /reaches the statement's text/,
    );
  });

  it('refuses a parameter computed from a value', () => {
    expect(() => shapedSql(fresh('computed'), { userId: 3 }, (v) => sql`select ${v.userId + 1}`)).toThrow(
      /computed from a value/,
    );
    expect(() =>
      shapedSql(fresh('cut'), { today: '2026-11-28T10:00:00Z' }, (v) => sql`select ${v.today.slice(0, 10)}::date`),
    ).toThrow(/computed from a value/);
  });

  it('outside production, catches a shape that leaves out what decides the text', () => {
    const shape = fresh('missing');
    const values = { orgId: 1, userId: 2, today: '2026-11-28' };
    shapedSql(shape, values, (v) => pageOf(v, true));
    // The same shape name for a reader's statement: the kept admin text would be wrong.
    expect(() => shapedSql(shape, values, (v) => pageOf(v, false))).toThrow(/differs from a fresh build/);
  });
});
