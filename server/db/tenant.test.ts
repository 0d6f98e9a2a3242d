import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, createOrg } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { queryRows } from './client';
import {
  APP_ROLE,
  beginAgainIfCommitted,
  commitWithFinalStatement,
  commitWithoutFlushWait,
  planOnce,
  withSystem,
  withTenant,
} from './tenant';

/**
 * A request's transaction (docs/adr/0014-list-plans.md): its BEGIN and settings ride with its first
 * statement, and statements planned once per connection (generic plans) still answer each
 * organisation with its own rows only: the organisation is read at execution, never planned in.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/**
 * Whether the transaction that ran the first statement is still open: that statement set a
 * transaction-local setting, which outlives it only inside a transaction. (Comparing now() with
 * statement_timestamp() was flaky on PGlite, whose clock can give both the same value.)
 */
async function transactionStillOpen(tx: Parameters<typeof queryRows>[0]): Promise<boolean> {
  const [probe] = await queryRows<{ probe: string | null }>(
    tx,
    sql`select current_setting('app.probe', true) as probe`,
  );
  return probe?.probe === 'inside';
}

describe('a request transaction', () => {
  it('runs its first statement as the application role, with the organisation, inside the transaction', async () => {
    const org = await createOrg(t.deps);
    const row = await withTenant(t.deps.database.db, org.id, async (tx) => {
      await planOnce(tx);
      const [first] = await queryRows<{ role: string; org: string; plans: string }>(
        tx,
        sql`select current_user as role, current_setting('app.org_id') as org,
                   current_setting('plan_cache_mode') as plans, set_config('app.probe', 'inside', true) as probe
              from (select ${1}::int) one`,
      );
      return { ...first, open: await transactionStillOpen(tx) };
    });
    expect(row).toEqual({
      role: APP_ROLE,
      org: String(org.id),
      plans: 'force_generic_plan',
      probe: 'inside',
      open: true,
    });
  });

  it('plans kept per connection answer each organisation its own rows', async () => {
    const orgs = [await createOrg(t.deps), await createOrg(t.deps)];
    const binders = [await createContainer(t.deps, orgs[0]!.id), await createContainer(t.deps, orgs[1]!.id)];
    const ask = (org: number, asOrg: number) =>
      withTenant(t.deps.database.db, org, async (tx) => {
        await planOnce(tx);
        return queryRows<{ id: number }>(
          tx,
          sql`select id from containers where org_id = ${asOrg} or ${true}::boolean order by id`,
        );
      });
    for (let round = 0; round < 8; round += 1) {
      for (const [i, org] of orgs.entries()) {
        expect(await ask(org.id, org.id), `round ${round}`).toEqual([{ id: binders[i]!.id }]);
        // The other organisation's id as a parameter finds nothing either: row-level security decides.
        expect(await ask(org.id, orgs[1 - i]!.id), `round ${round}`).toEqual([{ id: binders[i]!.id }]);
      }
    }
  });

  it('sends nothing when it makes no statement, and rolls back what it began when it throws', async () => {
    const org = await createOrg(t.deps);
    expect(await withTenant(t.deps.database.db, org.id, () => Promise.resolve('nothing asked'))).toBe('nothing asked');
    await expect(
      withTenant(t.deps.database.db, org.id, async (tx) => {
        await tx.execute(sql`insert into containers (org_id, type, name, position) values (${org.id}, 1, 'Gone', 0)`);
        throw new Error('half-way');
      }),
    ).rejects.toThrow('half-way');
    const left = await withTenant(t.deps.database.db, org.id, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from containers where name = 'Gone'`),
    );
    expect(left).toEqual([{ n: 0 }]);
  });

  it('system work runs as the owner inside one transaction, and rolls back what it began when it throws', async () => {
    const org = await createOrg(t.deps);
    const row = await withSystem(t.deps.database.db, async (tx) => {
      const [first] = await queryRows<{ role: string }>(
        tx,
        sql`select current_user as role, set_config('app.probe', 'inside', true) from (select ${1}::int) one`,
      );
      return { ...first, open: await transactionStillOpen(tx) };
    });
    expect(row.role).not.toBe(APP_ROLE);
    expect(row.open).toBe(true);
    await expect(
      withSystem(t.deps.database.db, async (tx) => {
        await tx.execute(
          sql`insert into containers (org_id, type, name, position) values (${org.id}, 1, 'Gone too', 0)`,
        );
        throw new Error('half-way');
      }),
    ).rejects.toThrow('half-way');
    const left = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from containers where name = ${'Gone too'}`),
    );
    expect(left).toEqual([{ n: 0 }]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'commits without waiting for the disk only the transaction that asks, on PostgreSQL',
    async () => {
      const org = await createOrg(t.deps);
      const setting = (ask: boolean, late: boolean) =>
        withTenant(t.deps.database.db, org.id, async (tx) => {
          if (late) await tx.execute(sql`select 1`);
          if (ask) await commitWithoutFlushWait(tx);
          const [row] = await queryRows<{ sync: string }>(
            tx,
            sql`select current_setting('synchronous_commit') as sync`,
          );
          return row?.sync;
        });
      const usual = await setting(false, false);
      expect(usual).not.toBe('off');
      // Asked before the first statement (it rides with it) and after (a statement of its own).
      expect(await setting(true, false)).toBe('off');
      expect(await setting(true, true)).toBe('off');
      // The connection goes back to the pool with the database's own setting.
      for (let i = 0; i < 4; i += 1) expect(await setting(false, false)).toBe(usual);
    },
  );

  it('commits what its final statement wrote, and refuses a statement after it on PostgreSQL', async () => {
    const org = await createOrg(t.deps);
    const named = (name: string) =>
      sql`insert into containers (org_id, type, name, position) values (${org.id}, 1, ${name}, 0) returning name`;
    const [row] = await withTenant(t.deps.database.db, org.id, async (tx) => {
      commitWithFinalStatement(tx);
      return queryRows<{ name: string }>(tx, named('Kept'));
    });
    expect(row?.name).toBe('Kept');
    const after = withTenant(t.deps.database.db, org.id, async (tx) => {
      await planOnce(tx);
      commitWithFinalStatement(tx);
      await queryRows(tx, named('Kept too'));
      return queryRows(tx, named('After the end'));
    });
    if (process.env.TEST_DATABASE_URL) {
      // drizzle reports the query it ran, with the connection's refusal as the cause.
      const error = await after.then(
        () => null,
        (failure: unknown) => failure as Error & { cause?: Error },
      );
      expect(error?.cause?.message).toMatch(/committed with its final statement/);
    } else await after;
    const names = await withTenant(t.deps.database.db, org.id, (tx) =>
      queryRows<{ name: string }>(tx, sql`select name from containers where org_id = ${org.id} order by name`),
    );
    expect(names.map((n) => n.name)).toEqual(
      process.env.TEST_DATABASE_URL ? ['Kept', 'Kept too'] : ['After the end', 'Kept', 'Kept too'],
    );
    // The connection goes back to the pool usable: the next transactions run as usual.
    for (let i = 0; i < 4; i += 1) {
      const [n] = await withTenant(t.deps.database.db, org.id, (tx) =>
        queryRows<{ n: number }>(tx, sql`select count(*)::int as n from containers where org_id = ${org.id}`),
      );
      expect(n?.n).toBe(process.env.TEST_DATABASE_URL ? 2 : 3);
    }
  });

  it('begins again after the final statement committed: the next statements run in a new transaction as the same role and organisation', async () => {
    const org = await createOrg(t.deps);
    const other = await createOrg(t.deps);
    const insert = (name: string) =>
      sql`insert into containers (org_id, type, name, position) values (${org.id}, 1, ${name}, 0) returning name`;
    let seen: unknown = null;
    const failure = await withTenant(t.deps.database.db, org.id, async (tx) => {
      await planOnce(tx);
      commitWithFinalStatement(tx);
      await queryRows(tx, insert('First, committed with its statement'));
      beginAgainIfCommitted(tx);
      const [again] = await queryRows<{ role: string; org: string; plans: string }>(
        tx,
        sql`select current_user as role, current_setting('app.org_id') as org,
                   current_setting('plan_cache_mode') as plans, ${'x'}::text as parameter`,
      );
      await queryRows(tx, insert('Second, then rolled back'));
      // Row-level security holds in the new transaction: another organisation's rows stay out.
      const [foreign] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from containers where org_id = ${other.id}`,
      );
      seen = { role: again?.role, org: again?.org, plans: again?.plans, foreign: foreign?.n };
      throw new Error('roll back the second');
    }).catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    const names = await withTenant(t.deps.database.db, org.id, (tx) =>
      queryRows<{ name: string }>(tx, sql`select name from containers where org_id = ${org.id} order by name`),
    );
    if (process.env.TEST_DATABASE_URL) {
      // A new transaction, without the first's settings (plan_cache_mode is the server's again).
      expect(seen).toEqual({ role: APP_ROLE, org: String(org.id), plans: 'auto', foreign: 0 });
      // The first transaction committed alone; the second rolled back whole.
      expect(names.map((n) => n.name)).toEqual(['First, committed with its statement']);
    } else {
      // PGlite: one transaction all along (its generic plans still set), rolled back whole.
      expect(seen).toEqual({ role: APP_ROLE, org: String(org.id), plans: 'force_generic_plan', foreign: 0 });
      expect(names).toEqual([]);
    }
  });

  it('does nothing when no final statement committed: the transaction goes on', async () => {
    const org = await createOrg(t.deps);
    const open = await withTenant(t.deps.database.db, org.id, async (tx) => {
      await tx.execute(sql`select set_config('app.probe', 'inside', true)`);
      beginAgainIfCommitted(tx);
      return transactionStillOpen(tx);
    });
    expect(open).toBe(true);
  });
});
