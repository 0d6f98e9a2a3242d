import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../db/client';
import { commitWithFinalStatement, withSystem, withTenant } from '../db/tenant';
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

  /** How often each probe route below has started (a transaction run again starts it again). */
  const started = { afterFirstStatement: 0, inFirstStatement: 0, committedWork: 0 };
  /** How often the work the probe route asks for after its commit has run. */
  let afterCommit = 0;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extraRoutes: (app, deps) => {
          // Its first statement done, its connection ends, and its second statement fails.
          orgRoute(
            app,
            deps,
            { method: 'GET', url: '/api/o/:org/lost_after_first_statement', schema: {} },
            async (ctx) => {
              started.afterFirstStatement += 1;
              // With a parameter, as a route's first statement usually is: it goes with the opening.
              const [own] = await queryRows<{ pid: number }>(ctx.tx, sql`select pg_backend_pid() + ${0}::int as pid`);
              await admin.query('select pg_terminate_backend($1, 5000)', [own!.pid]);
              await ctx.tx.execute(sql`select ${1}::int`);
              return { done: true };
            },
          );
          // Asks for work after its commit before its first statement: a run again asks afresh.
          orgRoute(app, deps, { method: 'GET', url: '/api/o/:org/work_after_commit', schema: {} }, async (ctx) => {
            started.committedWork += 1;
            ctx.whenCommitted(() => {
              afterCommit += 1;
            });
            await queryRows(ctx.tx, sql`select ${1}::int as one`);
            return { done: true };
          });
          // Its first statement, sent with the transaction's opening, is running when its connection ends.
          orgRoute(
            app,
            deps,
            { method: 'GET', url: '/api/o/:org/lost_in_first_statement', schema: {} },
            async (ctx) => {
              started.inFirstStatement += 1;
              await ctx.tx.execute(sql`select pg_sleep(${10}::int)`);
              return { done: true };
            },
          );
        },
      },
    );
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

  /**
   * Terminates the application's backends from another process, this one waiting with its event
   * loop stopped until they have exited: every idle connection of the pool is then dead, its
   * server's goodbye unread, and the pool hands it out to the next request as if alive (what a
   * loaded machine does now and then, when the pool reads the goodbye after the next checkout).
   */
  const terminateAppBackendsUnnoticed = (): number => {
    const script = `
      const pg = require(process.argv[1]);
      const client = new pg.Client({ connectionString: process.argv[2] });
      client
        .connect()
        .then(() => client.query(
          'select count(*) filter (where pg_terminate_backend(pid, 5000))::int as terminated ' +
            'from (select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) as app',
          [process.argv[3]],
        ))
        .then((result) => { process.stdout.write(String(result.rows[0].terminated)); return client.end(); })
        .catch((error) => { process.stderr.write(String(error)); process.exitCode = 1; });
    `;
    const pgModule = createRequire(import.meta.url).resolve('pg');
    const run = spawnSync(process.execPath, ['-e', script, pgModule, process.env.TEST_DATABASE_URL!, databaseName], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`terminating the backends failed: ${run.stderr}`);
    return Number(run.stdout);
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

  it('answers 200 when the pool hands out a connection whose backend was terminated before the request', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id, { isAdmin: true });
    const agent = await t.signIn(user.username, user.password);
    const url = `/api/o/${org.id}/containers`;
    // Several connections idle in the pool, every one of them about to be dead.
    for (const res of await Promise.all(Array.from({ length: 4 }, () => agent.get(url)))) {
      expect(res.statusCode).toBe(200);
    }
    for (let round = 0; round < 3; round++) {
      expect(terminateAppBackendsUnnoticed()).toBeGreaterThan(0);
      const res = await agent.get(url);
      expect(res.statusCode, res.body).toBe(200);
    }
  }, 30_000);

  it('does the work a route asked for after its commit once, when its transaction ran again', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id, { isAdmin: true });
    const agent = await t.signIn(user.username, user.password);
    const url = `/api/o/${org.id}/work_after_commit`;
    for (const res of await Promise.all(Array.from({ length: 4 }, () => agent.get(url)))) {
      expect(res.statusCode).toBe(200);
    }
    started.committedWork = 0;
    afterCommit = 0;
    expect(terminateAppBackendsUnnoticed()).toBeGreaterThan(0);
    const res = await agent.get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(started.committedWork).toBe(2);
    expect(afterCommit).toBe(1);
  }, 30_000);

  /** Four connections idle in the pool: each one about to be dead when the backends are terminated. */
  const idleConnections = async (): Promise<void> => {
    await Promise.all(
      Array.from({ length: 4 }, () =>
        withSystem(t.deps.database.db, (tx) => tx.execute(sql`select pg_sleep(${0.05})`)),
      ),
    );
  };

  it('runs a transaction again on a new connection when its first statement found the connection dead', async () => {
    const org = await createOrg(t.deps);
    await idleConnections();
    expect(terminateAppBackendsUnnoticed()).toBeGreaterThan(0);
    let runs = 0;
    const rows = await withTenant(t.deps.database.db, org.id, async (tx) => {
      runs += 1;
      return queryRows<{ one: number }>(tx, sql`select ${1}::int as one`);
    });
    expect(rows).toEqual([{ one: 1 }]);
    expect(runs).toBe(2);
  }, 30_000);

  it('runs it again when its COMMIT went with that statement too, and the server said it had done none of it', async () => {
    const org = await createOrg(t.deps);
    await queryRows(t.deps.database.db, sql`create table if not exists retry_probe (note text not null)`);
    await idleConnections();
    expect(terminateAppBackendsUnnoticed()).toBeGreaterThan(0);
    let runs = 0;
    await withSystem(t.deps.database.db, async (tx) => {
      runs += 1;
      commitWithFinalStatement(tx);
      await tx.execute(sql`insert into retry_probe (note) values (${`org ${org.id}`})`);
    });
    expect(runs).toBe(2);
    const written = await queryRows<{ count: number }>(
      t.deps.database.db,
      sql`select count(*)::int as count from retry_probe where note = ${`org ${org.id}`}`,
    );
    expect(written).toEqual([{ count: 1 }]);
  }, 30_000);

  it('does not run a route again whose connection ended after its first statement: 503, run once', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const agent = await t.signIn(user.username, user.password);
    const res = await agent.get(`/api/o/${org.id}/lost_after_first_statement`);
    expect(res.statusCode).toBe(503);
    expect(res.json().errors).toEqual([DatabaseMessages.unavailable]);
    expect(started.afterFirstStatement).toBe(1);
  }, 30_000);

  it('does not run a route again whose first statement was running when its connection ended: 503, run once', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const agent = await t.signIn(user.username, user.password);
    const answer = agent.get(`/api/o/${org.id}/lost_in_first_statement`);
    let terminated = false;
    for (let attempt = 0; attempt < 200 && !terminated; attempt++) {
      await sleep(25);
      const sleeping = await admin.query<{ terminated: boolean }>(
        `select pg_terminate_backend(pid, 5000) as terminated from pg_stat_activity
          where datname = $1 and state = 'active' and query like 'select pg_sleep(%'`,
        [databaseName],
      );
      terminated = sleeping.rows.some((row) => row.terminated);
    }
    expect(terminated).toBe(true);
    const res = await answer;
    expect(res.statusCode).toBe(503);
    expect(res.json().errors).toEqual([DatabaseMessages.unavailable]);
    expect(started.inFirstStatement).toBe(1);
  }, 30_000);

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
