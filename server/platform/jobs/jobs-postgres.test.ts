import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { systemClock } from '../clock';
import { BOSS_SCHEMA, createJobRunner, type JobDefinition, type JobRunner } from './runner';
import { DURABLE_TABLES_SQL, durableJob } from './test-fixtures/durable-job';

/**
 * Concurrency and crashes need a real server: PGlite is one connection in one process. These run
 * on TEST_DATABASE_URL's server, else on the local PostgreSQL; skipped only when neither answers.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const available = process.env.TEST_DATABASE_URL !== undefined || (await reachable(ADMIN_URL));

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Waits, up to `ms`, until no session is connected to the test's database. */
async function untilNoConnections(ms: number): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (Number(rows[0]?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

const name = `tenet_jobs_${process.pid}_${randomBytes(4).toString('hex')}`;
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const DB_URL = url.toString();
let database: Database;
let probe: pg.Pool;
const log = pino({ level: process.env.JOBS_TEST_LOG ?? 'silent' });
const runners: JobRunner[] = [];

function runner(jobs: JobDefinition[]): JobRunner {
  const created = createJobRunner({
    database,
    databaseUrl: DB_URL,
    jobs,
    clock: systemClock,
    log,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    schedule: false,
  });
  runners.push(created);
  return created;
}

const count = async (query: string, values: unknown[] = []): Promise<number> =>
  Number((await probe.query<{ n: string }>(query, values)).rows[0]!.n);

describe.skipIf(!available)('background jobs on PostgreSQL', () => {
  beforeAll(async () => {
    await admin(`create database "${name}"`);
    database = await openDatabase({ databaseUrl: DB_URL, dataDir: '' });
    probe = new pg.Pool({ connectionString: DB_URL, max: 2 });
    await probe.query(DURABLE_TABLES_SQL);
    await probe.query('create table once_runs (job_id text not null, runner integer not null)');
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop(1_000).catch(() => undefined)));
    await probe?.end();
    await database?.close();
    // A runner that outlived its stop may still hold a connection: the forced drop would end it
    // with 57P01, an error no one listens for any more. Its connections are given a moment to go.
    await untilNoConnections(5_000);
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it("creates pg-boss's schema as the owner, apart from the application's tables", async () => {
    const boss = runner([]);
    await boss.start();
    expect(
      await count(`select count(*) as n from information_schema.tables where table_schema = $1`, [BOSS_SCHEMA]),
    ).toBeGreaterThan(0);
    // The request role has no way into it.
    expect(
      await count(`select count(*) as n from (select has_schema_privilege('tenet_app', $1, 'USAGE') as u) x where u`, [
        BOSS_SCHEMA,
      ]),
    ).toBe(0);
  });

  it('two workers on one database run each job once, and a start-up job once between them', async () => {
    const onceJob = (id: number): JobDefinition => ({
      name: 'once-test',
      run: async ({ job }) => {
        // Long enough that one worker cannot drain the queue before the other polls.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await probe.query('insert into once_runs (job_id, runner) values ($1, $2)', [job.id, id]);
      },
    });
    const dailyJob = (id: number): JobDefinition => ({
      name: 'daily-test',
      runAtStart: true,
      run: async ({ job }) => {
        await probe.query('insert into once_runs (job_id, runner) values ($1, $2)', [`daily:${job.id}`, id]);
      },
    });
    const first = runner([onceJob(1), dailyJob(1)]);
    const second = runner([onceJob(2), dailyJob(2)]);
    await Promise.all([first.start(), second.start()]);
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? first : second).send('once-test', { i })),
    );
    await expect
      .poll(() => count(`select count(*) as n from once_runs where job_id not like 'daily:%'`), { timeout: 15_000 })
      .toBe(30);
    await expect.poll(() => count(`select count(*) as n from once_runs where job_id like 'daily:%'`)).toBe(1);
    expect(await count(`select count(distinct job_id) as n from once_runs where job_id not like 'daily:%'`)).toBe(30);
    expect(new Set(ids).size).toBe(30);
    // Both processes took part (the work is shared, not only deduplicated).
    expect(await count(`select count(distinct runner) as n from once_runs`)).toBe(2);
  });

  it('a job whose worker is killed with SIGKILL mid-job completes exactly once after a restart', async () => {
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'test-fixtures', 'durable-worker.ts')],
      {
        env: { ...process.env, JOBS_TEST_DATABASE_URL: DB_URL },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await expect.poll(() => output, { timeout: 15_000 }).toContain('ready');
      // The child created the queue; this pg-boss only sends (it works nothing).
      const sender = runner([]);
      await sender.boss.start();
      const jobId = await sender.boss.send('durable-test', {});
      await expect.poll(() => output, { timeout: 15_000 }).toContain(`started ${jobId}`);
      child.kill('SIGKILL');
      await exited;
      expect(await count('select count(*) as n from job_effects where job_id = $1', [jobId])).toBe(0);

      // The restarted worker (this process) finds the attempt expired, retries it, and finishes it.
      const restarted = durableJob(DB_URL, { holdSeconds: 0 });
      const worker = runner([restarted]);
      await worker.start();
      await expect
        .poll(async () => (await worker.boss.getJobById('durable-test', jobId!))?.state, { timeout: 15_000 })
        .toBe('completed');
      expect(await count('select count(*) as n from job_effects where job_id = $1', [jobId])).toBe(1);
      expect(await count('select count(*) as n from job_attempts where job_id = $1', [jobId])).toBe(2);
      const [effect] = (await probe.query<{ pid: number }>('select pid from job_effects where job_id = $1', [jobId]))
        .rows;
      expect(effect!.pid).toBe(process.pid);
      await restarted.close();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
