import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type Db } from '../db/client';

/**
 * For tests of two transactions at once (PostgreSQL only, `TEST_DATABASE_URL`: PGlite has one
 * connection, so two transactions never interleave there): a connection of the test's own to the
 * test app's database, to hold locks while the application's request or job runs.
 */
export async function connectBeside(db: Db): Promise<pg.Client> {
  const [row] = await queryRows<{ name: string }>(db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

/**
 * Whether another backend of the database comes to wait for a lock while `pending` runs (asked on
 * `observer`'s connection every 25 ms, for at most 5 s); false as soon as `pending` settles first.
 */
export async function waitsForALock(observer: pg.Client, pending: Promise<unknown>): Promise<boolean> {
  let done = false;
  void pending.then(
    () => (done = true),
    () => (done = true),
  );
  for (let tries = 0; tries < 200 && !done; tries++) {
    const { rows } = await observer.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.waiting > 0) return true;
    await sleep(25);
  }
  return false;
}
