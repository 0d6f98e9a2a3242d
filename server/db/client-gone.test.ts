import type { Socket } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { CLIENT_CHECK_INTERVAL_MS, STATEMENT_TIMEOUT_MS } from './client';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * PostgreSQL only (PGlite runs inside the process, which cannot leave it behind): the statement of an
 * application process that was killed must not run on, holding its locks, until its time limit.
 */
describe.runIf(onPostgres)('a statement whose application process is gone', () => {
  let t: TestApp;
  let pool: pg.Pool;
  beforeAll(async () => {
    t = await createTestApp();
    // drizzle keeps the driver's pool on `$client`; its PgDatabase type does not declare it.
    pool = (t.deps.database.db as unknown as { $client: pg.Pool }).$client;
  });
  afterAll(async () => t.close());

  const stateOf = async (pid: number): Promise<string | null> => {
    const { rows } = await pool.query<{ state: string | null }>('select state from pg_stat_activity where pid = $1', [
      pid,
    ]);
    return rows[0]?.state ?? 'gone';
  };

  it('is ended by PostgreSQL within seconds of its connection closing, not at the statement timeout', async () => {
    const seconds = 20;
    expect(seconds * 1000).toBeLessThan(STATEMENT_TIMEOUT_MS);
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const pid = rows[0]!.pid;
    const running = client.query(`select pg_sleep(${seconds})`).catch(() => 'ended');
    await expect.poll(() => stateOf(pid)).toBe('active');

    // A process killed by the system says nothing to the server: its socket just closes.
    (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
    const closedAt = Date.now();
    await expect.poll(() => stateOf(pid), { timeout: 10 * CLIENT_CHECK_INTERVAL_MS }).toBe('gone');
    expect(Date.now() - closedAt).toBeLessThan((seconds * 1000) / 2);
    expect(await running).toBe('ended');
  });
});
