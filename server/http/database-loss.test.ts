import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../db/client';
import { createOrg, createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { DatabaseMessages } from './database-errors';
import { orgRoute } from './routes';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** PostgreSQL only: PGlite runs single-threaded in this process and cannot cancel a statement. */
describe.runIf(onPostgres)('a statement past its time limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extraRoutes: (app, deps) => {
          orgRoute(app, deps, { method: 'GET', url: '/api/o/:org/slow_probe', schema: {} }, async (ctx) => {
            await ctx.tx.execute(sql`set local statement_timeout = 20`);
            await ctx.tx.execute(sql`select pg_sleep(2)`);
            return { done: true };
          });
        },
      },
    );
  });
  afterAll(async () => t.close());

  it('is answered 503 with a sentence, not 500', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const agent = await t.signIn(user.username, user.password);
    const res = await agent.get(`/api/o/${org.id}/slow_probe`);
    expect(res.statusCode).toBe(503);
    expect(res.json().errors).toEqual([DatabaseMessages.tooSlow]);
  });
});

/** PostgreSQL only: PGlite runs inside the process and has no connection to lose. */
describe.runIf(onPostgres)('the application survives its database connections being terminated', () => {
  let t: TestApp;
  let admin: pg.Client;
  let databaseName: string;

  beforeAll(async () => {
    t = await createTestApp();
    const rows = await queryRows<{ name: string }>(t.deps.database.db, sql`select current_database() as name`);
    databaseName = rows[0]!.name;
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  const terminateAppBackends = async (): Promise<number> => {
    const result = await admin.query<{ terminated: boolean }>(
      'select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    return result.rows.filter((row) => row.terminated).length;
  };

  it('gives every statement a time limit', async () => {
    const rows = await queryRows<{ statement_timeout: string }>(t.deps.database.db, sql`show statement_timeout`);
    expect(rows[0]!.statement_timeout).toBe('30s');
  });

  it('answers requests in flight 503 or success, never crashes, and serves the next requests', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id, { isAdmin: true });
    const agent = await t.signIn(user.username, user.password);
    const url = `/api/o/${org.id}/containers`;
    expect((await agent.get(url)).statusCode).toBe(200);

    let terminated = 0;
    const statuses: number[] = [];
    const bodies: string[] = [];
    for (let round = 0; round < 3; round++) {
      const inFlight = Array.from({ length: 12 }, () => agent.get(url));
      await sleep(5);
      terminated += await terminateAppBackends();
      for (const res of await Promise.all(inFlight)) {
        statuses.push(res.statusCode);
        if (res.statusCode === 503) bodies.push(res.json().errors[0]);
      }
    }
    expect(terminated).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(new Set(bodies)).toEqual(new Set(bodies.length ? [DatabaseMessages.unavailable] : []));

    for (let i = 0; i < 5; i++) expect((await agent.get(url)).statusCode).toBe(200);
  }, 60_000);

  it('survives a connection terminated while a transaction holds it between two statements', async () => {
    const failure = t.deps.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await terminateAppBackends();
        // The client is checked out and idle here: its 'error' event must not crash the process.
        await sleep(200);
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(await failure).toBeInstanceOf(Error);
    const rows = await queryRows<{ one: number }>(t.deps.database.db, sql`select 1 as one`);
    expect(rows[0]!.one).toBe(1);
  }, 30_000);

  it('maps the connection errors of an idle pool to nothing worse than a log line', async () => {
    await queryRows(t.deps.database.db, sql`select 1`);
    await terminateAppBackends();
    await sleep(200);
    const org = await createOrg(t.deps);
    expect(org.id).toBeGreaterThan(0);
    const agent = t.anonymous();
    expect((await agent.get('/api/sessions')).statusCode).toBe(200);
  }, 30_000);
});
