import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino, type Logger } from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './http/app';
import type { Deps } from './http/deps';
import type { App } from './http/routes';
import { systemClock } from './platform/clock';
import { localFileStore } from './platform/file-store';
import { s3FileStore } from './platform/s3-file-store';
import { smtpTransport, type MailTransport } from './platform/mail-delivery';
import { applicationJobs } from './platform/jobs/app-jobs';
import { lateJobWaker } from './platform/jobs/job-waker';
import { createJobRunner, type JobRunner } from './platform/jobs/runner';
import { closeParserPool } from './modules/files/parser-pool';
import { resealIdpSecrets } from './modules/hstm-idp/reseal-secrets';
import { sealLegacyIdpSecrets } from './modules/hstm-idp/seal-legacy-secrets';
import { secretsKeyFile, secretsKeyOf } from './platform/secrets-key';
import { seedDemo } from './seed/demo';
import { DEMO_ORG, DEMO_STAFF, DEMO_USERS } from './seed/demo-users';
import { restoreDemoSnapshot, snapshotIn, snapshotIsCurrent } from './seed/snapshot';

/** The composition root: configuration, database, platform services, the HTTP app. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  // Before anything else: a bad key file stops the start with its reason, and a first start makes one.
  const secretsKey = secretsKeyOf(config);
  if (!config.secretsKey && config.databaseUrl) {
    log.warn(
      { keyFile: secretsKeyFile(config.dataDir) },
      'SECRETS_KEY is not set: stored secrets use the key file of DATA_DIR; every process on this database must use the same key',
    );
  }
  // A first start of the compiled server on an empty embedded database copies in the demo data
  // prepared at build time (dist/demo) instead of seeding it now: it serves in seconds. A snapshot
  // more than a day old is not used (its dates would lag): the demo is seeded afresh below.
  const snapshot = snapshotIn(path.join(import.meta.dirname, 'demo'));
  const fromSnapshot =
    config.seedDemo &&
    !config.databaseUrl &&
    !config.s3 &&
    !existsSync(path.join(config.dataDir, 'pgdata')) &&
    snapshotIsCurrent(snapshot, systemClock.now());
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(fromSnapshot ? { loadDataDir: restoreDemoSnapshot(snapshot, config.fileStoreDir) } : {}),
  });
  let app: App | null = null;
  let jobs: JobRunner | null = null;
  let transport: MailTransport | null = null;
  // From here on a signal closes what is open, so even a stop during seeding releases the lock.
  stopOnSignals(async () => {
    // Running jobs get part of the grace period; one still running is retried by the next start.
    await Promise.all([
      jobs?.stop(JOBS_GRACE_MS).catch((error: unknown) => log.error({ err: error }, 'stopping the jobs failed')),
      app?.close(),
    ]);
    transport?.close();
    // Idle parser threads would otherwise keep the process alive for up to a minute.
    await closeParserPool();
    await database.close();
  }, log);
  // Secrets saved before they were encrypted at rest are sealed now that the migrations have run.
  const sealed = await sealLegacyIdpSecrets(database.db, secretsKey);
  if (sealed > 0) log.info({ sealed }, 'identity-provider secrets stored in plain text were encrypted');
  // A rotated key: what the previous key sealed is sealed again with the current one.
  if (config.secretsKeyPrevious) {
    const rotated = await resealIdpSecrets(database.db, secretsKey, config.secretsKeyPrevious);
    log.info(
      rotated,
      'identity-provider secrets sealed with SECRETS_KEY_PREVIOUS were sealed again with the current key',
    );
    if (rotated.unreadable > 0) {
      log.warn(
        { unreadable: rotated.unreadable },
        'identity-provider secrets that open with neither key: staff must enter them again',
      );
    }
  }
  const files = config.s3 ? s3FileStore(config.s3) : localFileStore(config.fileStoreDir);
  const jobWaker = lateJobWaker(log);
  const deps: Deps = { config, database, clock: systemClock, files, log, jobs: jobWaker };
  const seeded = fromSnapshot || (config.seedDemo ? await seedDemo(deps) : false);
  // PGlite has no autovacuum: without statistics its planner guesses badly on large tables.
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  app = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });
  // Background jobs (ADR 0010) once the application answers: reminders, mail, the file sweep.
  transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : null;
  const runner = createJobRunner({
    database,
    databaseUrl: config.databaseUrl,
    jobs: applicationJobs(deps, transport),
    clock: deps.clock,
    log,
  });
  jobs = runner;
  await runner.start().catch((error: unknown) => log.error({ err: error }, 'background jobs could not start'));
  jobWaker.attach(runner);
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  const lines = [
    '',
    `Tenet listening on http://localhost:${config.port} (database: ${where})`,
    seeded ? `Demo organization '${DEMO_ORG.name}' created.` : '',
    config.seedDemo ? 'Demo sign-ins (username / password):' : '',
    ...(config.seedDemo
      ? [DEMO_STAFF, ...DEMO_USERS].map((u) => `  ${u.role.padEnd(38)} ${u.username.padEnd(15)} ${u.password}`)
      : []),
    `API documentation: http://localhost:${config.port}/api/docs`,
    config.smtpUrl ? '' : 'E-mail: SMTP_URL is not set, so messages stay in the outbox (developer tools) unsent.',
    '',
  ].filter((line, i, all) => line !== '' || i === 0 || i === all.length - 1);
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** How long a clean stop may take before the process exits anyway (a request that never ends). */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long running background jobs may take to finish within that grace period. */
const JOBS_GRACE_MS = 5_000;
/** npm forwards the terminal's Ctrl-C, so one key press can arrive twice within moments. */
const REPEATED_SIGNAL_MS = 1_000;

/**
 * SIGTERM or SIGINT stops the server cleanly: no new connections, the HTTP server closed, then the
 * database (which releases the PGlite lock file). A second signal, or a stop that takes longer than
 * the grace period, exits at once.
 */
function stopOnSignals(stop: () => Promise<void>, log: Logger): void {
  let firstAt = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    const now = Date.now();
    if (firstAt !== 0) {
      if (now - firstAt < REPEATED_SIGNAL_MS) return;
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    firstAt = now;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch((error: unknown) => {
  process.stderr.write(`Tenet could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
