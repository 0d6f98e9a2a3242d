import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyDatabaseError, DatabaseMessages } from '../http/database-errors';
import { pgliteTemplate } from '../test/pglite-template';
import { openDatabase, queryRows, type Database } from './client';

// PGlite's WebAssembly cannot be interrupted: a statement past the timeout ends its worker, and the
// database is opened again from its directory. pg_sleep keeps PGlite's thread busy like a heavy
// query, without depending on how fast this machine is.

/** Long enough for an ordinary statement on a busy machine, short enough for a test. */
const TIMEOUT_MS = 3_000;
const SLOW = sql`select pg_sleep(60)`;

const dirs: string[] = [];
const open: Database[] = [];
afterAll(async () => {
  await Promise.all(open.map((database) => database.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function onDisk(): Promise<{ database: Database; restarts: Error[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tenet-timeout-'));
  dirs.push(dir);
  const database = await openDatabase({
    databaseUrl: null,
    dataDir: dir,
    loadDataDir: await pgliteTemplate(),
    statementTimeoutMs: TIMEOUT_MS,
  });
  open.push(database);
  const restarts: Error[] = [];
  database.onConnectionError((error) => restarts.push(error));
  await database.db.execute(sql`create table kept (id int primary key)`);
  await database.db.execute(sql`insert into kept values (1)`);
  return { database, restarts };
}

const count = async (database: Database): Promise<number> =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from kept`))[0]!.n;

describe('a statement past the timeout on PGlite', () => {
  it('fails as PostgreSQL does (57014, answered 503); a queued request waits for the reopened database', async () => {
    const { database, restarts } = await onDisk();
    const started = performance.now();
    const slow = database.db.execute(SLOW).catch((error: unknown) => error);
    const queued = count(database);
    const error = await slow;
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(error).toMatchObject({ cause: { code: '57014' } });
    expect(classifyDatabaseError(error)).toEqual({ status: 503, message: DatabaseMessages.tooSlow });
    expect(await queued).toBe(1);
    expect(restarts).toHaveLength(1);
  }, 60_000);

  it('inside a transaction: the transaction is lost and rolled back; the database goes on', async () => {
    const { database } = await onDisk();
    const seen: unknown[] = [];
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (2)`);
        seen.push(await tx.execute(SLOW).catch((error: unknown) => error));
        // The worker that held this transaction is gone: its next statement cannot run elsewhere.
        seen.push(await tx.execute(sql`insert into kept values (3)`).catch((error: unknown) => error));
      })
      .catch((error: unknown) => error);
    expect(seen[0]).toMatchObject({ cause: { code: '57014' } });
    expect(seen[1]).toMatchObject({ cause: { code: '08006' } });
    expect(failure).toMatchObject({ code: '08006' });
    expect(await count(database)).toBe(1);
  }, 60_000);

  it('on an in-memory database: the database cannot be reopened, and every later request says so', async () => {
    const database = await openDatabase({
      databaseUrl: null,
      dataDir: '',
      memory: true,
      loadDataDir: await pgliteTemplate(),
      statementTimeoutMs: TIMEOUT_MS,
    });
    open.push(database);
    database.onConnectionError(() => undefined);
    await expect(database.db.execute(SLOW)).rejects.toMatchObject({ cause: { code: '57014' } });
    const after = await database.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(after).toMatchObject({ cause: { code: '08006', message: expect.stringMatching(/cannot be reopened/) } });
    expect(classifyDatabaseError(after)?.status).toBe(503);
  }, 60_000);
});

/** How long the event loop went without a turn while one statement ran, and how long it ran. */
async function stallsDuring(database: Database): Promise<{ longestStall: number; ticks: number; duration: number }> {
  let running = true;
  let last = performance.now();
  let longestStall = 0;
  let ticks = 0;
  const tick = (): void => {
    const now = performance.now();
    longestStall = Math.max(longestStall, now - last);
    last = now;
    ticks += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const started = performance.now();
  await database.db.execute(sql`select pg_sleep(1.5)`);
  const ended = performance.now();
  running = false;
  // The turn that would have come during the statement's last stretch counts too.
  longestStall = Math.max(longestStall, ended - last);
  const duration = ended - started;
  return { longestStall, ticks, duration };
}

describe('the event loop while PGlite works', () => {
  it('keeps turning while a long statement runs in the worker (and stops on the main thread)', async () => {
    const [worker, inProcess] = await Promise.all([
      openDatabase({ databaseUrl: null, dataDir: '', memory: true, loadDataDir: await pgliteTemplate() }),
      openDatabase({ databaseUrl: null, dataDir: '', memory: true, loadDataDir: await pgliteTemplate(), inProcess: true }),
    ]);
    open.push(worker, inProcess);
    const off = await stallsDuring(worker);
    const on = await stallsDuring(inProcess);
    // The control: on the main thread the statement holds the loop for most of its run.
    expect(on.longestStall).toBeGreaterThan(on.duration / 2);
    expect(off.longestStall).toBeLessThan(off.duration / 4);
    expect(off.ticks).toBeGreaterThan(on.ticks * 10);
  }, 60_000);
});
