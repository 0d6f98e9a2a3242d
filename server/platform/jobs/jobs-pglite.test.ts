import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase, queryRows, type Database } from '../../db/client';
import { withSystem } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import { exportSpoolFileName } from '../../modules/reporting/export-spool-name';
import { TEMPLATE_TARBALL } from '../../test/global-setup';
import { systemClock } from '../clock';
import { localFileStore } from '../file-store';
import { smtpTransport, type MailTransport } from '../mail-delivery';
import { enqueueMail } from '../mailer';
import { startTestSmtpServer, type TestSmtpServer } from '../smtp-test-server';
import { applicationJobs, JOB } from './app-jobs';
import { createJobRunner, type JobDefinition, type JobRunner } from './runner';

/** pg-boss on the embedded PGlite (PostgreSQL 18 in WebAssembly, in its worker thread), as `npm start` runs it. */
let database: Database;
let deps: Deps;
let smtp: TestSmtpServer;
let transport: MailTransport;
const runners: JobRunner[] = [];
/** Export files this file leaves in the system's temporary directory, removed afterwards if still there. */
const exportFiles: string[] = [];
const log = pino({ level: 'silent' });

beforeAll(async () => {
  // The migrated template of PGlite test runs when there is one (a PostgreSQL run has none).
  const template = existsSync(TEMPLATE_TARBALL) ? new Blob([readFileSync(TEMPLATE_TARBALL)]) : undefined;
  database = await openDatabase({
    databaseUrl: null,
    dataDir: '',
    memory: true,
    ...(template ? { loadDataDir: template } : {}),
  });
  const fileDir = mkdtempSync(path.join(os.tmpdir(), 'tenet-jobs-'));
  deps = {
    config: { ...loadConfig({ NODE_ENV: 'test' }), fileStoreDir: fileDir, publicUrl: 'https://tenet.example' },
    database,
    clock: systemClock,
    files: localFileStore(fileDir),
    log,
  };
  smtp = await startTestSmtpServer();
  transport = smtpTransport(smtp.url);
});
afterAll(async () => {
  for (const runner of runners) await runner.stop(1_000);
  transport?.close();
  await smtp?.stop();
  await database?.close();
  for (const file of exportFiles) await rm(file, { force: true });
});

function runner(jobs: JobDefinition[]): JobRunner {
  const created = createJobRunner({
    database,
    databaseUrl: null,
    jobs,
    clock: systemClock,
    log,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
  });
  runners.push(created);
  return created;
}

describe('pg-boss on the embedded PGlite', () => {
  it('runs a job scheduled for later, once, and retries a failing one with back-off until it succeeds', async () => {
    const runs: string[] = [];
    let failuresLeft = 2;
    const jobs = runner([
      {
        name: 'later-test',
        run: ({ job }) => {
          runs.push(job.id);
          return Promise.resolve();
        },
      },
      {
        name: 'flaky-test',
        retryLimit: 3,
        retryDelaySeconds: 1,
        run: () => {
          if (failuresLeft > 0) {
            failuresLeft -= 1;
            return Promise.reject(new Error('not yet'));
          }
          return Promise.resolve({ ok: true });
        },
      },
    ]);
    await jobs.start();
    const sentAt = Date.now();
    const later = await jobs.send('later-test', {}, { startAfter: 1 });
    const flaky = await jobs.send('flaky-test', {});
    await expect.poll(() => runs, { timeout: 10_000 }).toEqual([later]);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(900);
    await expect
      .poll(async () => (await jobs.boss.getJobById('flaky-test', flaky!))?.state, { timeout: 15_000 })
      .toBe('completed');
    const done = await jobs.boss.getJobById('flaky-test', flaky!);
    expect(done?.retryCount).toBe(2);
    expect(done?.output).toEqual({ ok: true });
    expect(runs).toEqual([later]);
  });

  it("starts the application's jobs: their schedules, the mail delivery and both file sweeps at start", async () => {
    const to = `pglite.${Date.now()}@example.com`;
    await withSystem(database.db, (tx) =>
      enqueueMail(tx, { orgId: null, to, subject: 'Delivered by the job', text: 'Hello from the outbox.' }),
    );
    const orphan = await deps.files.put(Buffer.from('left behind'), 'txt');
    const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await utimes(path.join(deps.config.fileStoreDir, orphan), old, old);
    // An export's temporary file left by a killed process, in the directory the exports really use.
    const leftoverExport = path.join(os.tmpdir(), exportSpoolFileName('csv'));
    exportFiles.push(leftoverExport);
    await writeFile(leftoverExport, 'Name,Status\r\n', { mode: 0o600 });
    await utimes(leftoverExport, old, old);

    const jobs = runner(applicationJobs(deps, transport));
    await jobs.start();

    const schedules = await jobs.boss.getSchedules();
    expect(Object.fromEntries(schedules.map((s) => [s.name, s.cron]))).toMatchObject({
      [JOB.reviewReminders]: '5 0 * * *',
      [JOB.ackReminders]: '0 7 * * *',
      [JOB.dailySummaries]: '0 6 * * *',
      [JOB.notificationMail]: '* * * * *',
      [JOB.mailDelivery]: '* * * * *',
      [JOB.fileCleanup]: '30 3 * * *',
      [JOB.exportSpoolSweep]: '40 3 * * *',
    });
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(to)).length, { timeout: 15_000 }).toBe(1);
    expect(smtp.received.find((m) => m.to.includes(to))?.text?.trim()).toBe('Hello from the outbox.');
    // The server receives the mail before the job records it as sent: wait for that commit too.
    const statusOf = async () => {
      const [row] = await withSystem(database.db, (tx) =>
        queryRows<{ status: string }>(tx, sql`select status from mail_outbox where to_address = ${to}`),
      );
      return row?.status;
    };
    await expect.poll(statusOf, { timeout: 15_000 }).toBe('sent');
    await expect
      .poll(
        () =>
          deps.files.get(orphan).then(
            () => true,
            () => false,
          ),
        { timeout: 15_000 },
      )
      .toBe(false);
    await expect.poll(() => existsSync(leftoverExport), { timeout: 15_000 }).toBe(false);
  });

  it("sends an every-minute job again when a process starts after the others' start window", async () => {
    // The bulk reassignment's own timing, under a queue of this test's (no cron: only the starts send it).
    const { cron: _everyMinute, ...reassignment } = applicationJobs(deps, null).find(
      (job) => job.name === JOB.bulkReassignment,
    )!;
    let runs = 0;
    const definition: JobDefinition = {
      ...reassignment,
      name: 'restart-window-test',
      run: () => {
        runs += 1;
        return Promise.resolve();
      },
    };
    const first = runner([definition]);
    await first.start();
    const firstStartedAt = Date.now();
    await expect.poll(() => runs, { timeout: 10_000 }).toBe(1);
    // The first process is killed and its replacement starts seven seconds after the first started
    // (a restart after a kill takes a second or two): it must run the job itself, since the work the
    // killed process was doing waits for it.
    await first.stop(1_000);
    const wait = firstStartedAt + 7_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await runner([definition]).start();
    await expect.poll(() => runs, { timeout: 10_000 }).toBe(2);
  });
});
