// A seeded fixture database per size: a fresh PostgreSQL database, or a PGlite data directory that
// the application process opens afterwards (this process closes it first: one process at a time).
// BENCH_REUSE=1 keeps them between runs and reuses one seeded by the same fixture code (its name
// carries a hash of it); a kept fixture is brought to the current migrations when reopened, as a
// database in service is (seeding 50,000 P&Ps again for each new migration took 8 minutes).
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { forgetBenchViews, seedLibrary, type Fixture } from './fixture';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REUSE = process.env.BENCH_REUSE === '1';

export type Target = { databaseUrl: string } | { dataDir: string };

export interface Prepared {
  target: Target;
  fixture: Fixture;
  /** Seconds spent seeding (0 when reused). */
  seedSeconds: number;
  /** Kept from an earlier run (BENCH_REUSE=1), seeded by the same code on the same migrations. */
  reused: boolean;
  /** PostgreSQL only: the database name (to watch its active queries). */
  databaseName?: string;
  dispose(): Promise<void>;
}

/** A hash of the fixture's code: what a kept fixture must match (migrations are applied on reopening). */
function fixtureKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(import.meta.dirname, 'fixture.ts')));
  return hash.digest('hex').slice(0, 10);
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * The fixture's database opened by this process: PGlite on this thread without a statement timeout
 * (seeding 10,000 documents' text is one long statement; nothing else uses it meanwhile).
 */
const openHere = (options: { databaseUrl: string | null; dataDir: string }) =>
  openDatabase({ ...options, inProcess: true, statementTimeoutMs: 3_600_000 });

/**
 * Seeds through the application's own migrations, then vacuums (a database in service is vacuumed:
 * without it the visibility map is empty and no index-only scan pays, and this machine's
 * PostgreSQL runs without autovacuum), then closes the database.
 */
async function seedInto(options: { databaseUrl: string | null; dataDir: string }, pnps: number): Promise<Fixture> {
  const database = await openHere(options);
  try {
    const fixture = await seedLibrary(database, pnps);
    await database.db.execute(sql`vacuum analyze`);
    return fixture;
  } finally {
    await database.close();
  }
}

/**
 * A kept fixture, migrated to the current migrations (opening the database does it) and without an
 * earlier run's views; analysed again, as a migration may have added an index on an expression,
 * whose statistics only ANALYZE gathers.
 */
async function reopen(options: { databaseUrl: string | null; dataDir: string }, fixture: Fixture): Promise<void> {
  const database = await openHere(options);
  try {
    await forgetBenchViews(database, fixture);
    await database.db.execute(sql`vacuum analyze library_views, library_last_views`);
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

export async function preparePostgres(pnps: number): Promise<Prepared> {
  const name = REUSE ? `tenet_bench_${pnps}_${fixtureKey()}` : `tenet_bench_${pnps}_p${process.pid}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const stored = await admin(async (client) => {
    const row = await client.query<{ description: string | null }>(
      'select shobj_description(oid, $2) as description from pg_database where datname = $1',
      [name, 'pg_database'],
    );
    return row.rows[0]?.description ?? null;
  });
  if (REUSE && stored) {
    const fixture = JSON.parse(stored) as Fixture;
    await reopen({ databaseUrl, dataDir: '' }, fixture);
    return {
      target: { databaseUrl },
      fixture,
      seedSeconds: 0,
      reused: true,
      databaseName: name,
      dispose: () => Promise.resolve(),
    };
  }
  await admin(async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
  const started = Date.now();
  const fixture = await seedInto({ databaseUrl, dataDir: '' }, pnps);
  const seedSeconds = (Date.now() - started) / 1000;
  // The fixture's description rides on the database, so a reused one need not be asked again.
  await admin((client) => client.query(`comment on database "${name}" is '${JSON.stringify(fixture)}'`));
  return {
    target: { databaseUrl },
    fixture,
    seedSeconds,
    reused: false,
    databaseName: name,
    dispose: async () => {
      if (REUSE) return;
      await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

export async function preparePglite(pnps: number): Promise<Prepared> {
  const dataDir = REUSE
    ? path.join(os.tmpdir(), `tenet-bench-pglite-${pnps}-${fixtureKey()}`)
    : mkdtempSync(path.join(os.tmpdir(), `tenet-bench-pglite-${pnps}-`));
  const description = path.join(dataDir, 'bench-fixture.json');
  if (REUSE && existsSync(description)) {
    const fixture = JSON.parse(readFileSync(description, 'utf8')) as Fixture;
    await reopen({ databaseUrl: null, dataDir }, fixture);
    return { target: { dataDir }, fixture, seedSeconds: 0, reused: true, dispose: () => Promise.resolve() };
  }
  rmSync(dataDir, { recursive: true, force: true });
  const started = Date.now();
  const fixture = await seedInto({ databaseUrl: null, dataDir }, pnps);
  const seedSeconds = (Date.now() - started) / 1000;
  writeFileSync(description, JSON.stringify(fixture));
  return {
    target: { dataDir },
    fixture,
    seedSeconds,
    reused: false,
    dispose: () => {
      if (!REUSE) rmSync(dataDir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

/** Counts the statements running on the database (its own connection left out); one connection kept. */
export async function activityWatcher(
  databaseName: string,
): Promise<{ active(): Promise<number>; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  return {
    async active() {
      const res = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()",
        [databaseName],
      );
      return res.rows[0]?.n ?? 0;
    },
    close: () => client.end(),
  };
}
