import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './http/app';
import type { Deps } from './http/deps';
import { systemClock } from './platform/clock';
import { localFileStore } from './platform/file-store';
import { s3FileStore } from './platform/s3-file-store';
import { seedDemo } from './seed/demo';
import { DEMO_ORG, DEMO_STAFF, DEMO_USERS } from './seed/demo-users';

/** The composition root: configuration, database, platform services, the HTTP app. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const files = config.s3 ? s3FileStore(config.s3) : localFileStore(config.fileStoreDir);
  const deps: Deps = { config, database, clock: systemClock, files, log };
  const seeded = config.seedDemo ? await seedDemo(deps) : false;
  // PGlite has no autovacuum: without statistics its planner guesses badly on large tables.
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  const app = await buildApp(deps);

  const shutdown = async (signal: string): Promise<void> => {
    log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
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
    '',
  ].filter((line, i, all) => line !== '' || i === 0 || i === all.length - 1);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Tenet could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
