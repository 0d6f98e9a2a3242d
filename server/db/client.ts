import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { trackConnectionOpenings } from './connection-retry';
import { nameStatementsOf } from './named-statements';
import { openPglite } from './pglite-open';
/**
 * Without a schema: the application writes its queries with the query builder and SQL, never with
 * drizzle's relational queries (`db.query.*`), and a database given a schema builds one relational
 * query builder per table for every transaction it opens (a few percent of a list request's CPU).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; inside a transaction callback always use it, never the outer `db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory (backups, test templates). */
  dump?(): Promise<Blob>;
  /**
   * Where a lost connection is reported (a terminated backend, a restart, a failover). Until the
   * application sets one, a line goes to stderr; the pool replaces the connection either way.
   */
  onConnectionError(listener: (error: Error) => void): void;
}

/** Every statement ends after this long (PostgreSQL and PGlite): a runaway query must not hold the connection. */
export const STATEMENT_TIMEOUT_MS = 30_000;
/** How long a request waits for a free connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * How often PostgreSQL checks, while a statement runs, that the application is still connected
 * (`client_connection_check_interval`, PostgreSQL 14 and later). A backend otherwise learns that its
 * client is gone only when the statement ends and it writes the answer: the statement of an
 * application process killed mid-transaction (a crash, an out-of-memory kill, a deployment that
 * does not wait) ran on for up to STATEMENT_TIMEOUT_MS, holding its locks against the processes
 * still serving, a connection slot and a core (server/db/client-gone.test.ts: ended within about a
 * second now, after its whole 20 s before).
 */
export const CLIENT_CHECK_INTERVAL_MS = 1_000;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** A PGlite data-dir tarball to start from (tests copy one migrated template). */
  loadDataDir?: Blob;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** PGlite: how long one statement may run (tests shorten it); PostgreSQL uses STATEMENT_TIMEOUT_MS. */
  statementTimeoutMs?: number;
  /**
   * PGlite on the main thread instead of its worker: tests only, where a database per test file
   * opens faster without a thread. A long query then stops the event loop and has no timeout.
   */
  inProcess?: boolean;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite under dataDir; migrations run here. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Every statement of this application is short and interactive. PostgreSQL's JIT compiles a
      // plan whose estimated cost is high (a visibility walk over a large library, or any plan with
      // nested loops turned off, is estimated in the millions) and spent 0.9-3 s compiling queries
      // that run in 50-80 ms (bench/api-postgres.bench.ts): off for every connection of the pool.
      options: `-c jit=off -c client_connection_check_interval=${CLIENT_CHECK_INTERVAL_MS}`,
    });
    pool.on('connect', (client) => nameStatementsOf(client));
    // A transaction whose connection was found dead at its opening runs again on a newer one (tenant.ts).
    trackConnectionOpenings(pool);
    const onConnectionError = listenForConnectionErrors(pool);
    releaseClientsWhoseConnectionEnds(pool);
    const db = drizzlePg({ client: pool }) as unknown as Db;
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: 'postgres', close: () => pool.end(), onConnectionError };
  }
  return openPglite(options, {
    migrationsFolder: MIGRATIONS_DIR,
    statementTimeoutMs: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
  });
}

/**
 * node-postgres emits 'error' on the pool for an idle connection and on the client for one that is
 * checked out between two queries; with no listener either one crashes the process (57P01 after
 * pg_terminate_backend). Both are listened to: the broken client is discarded by the pool, the
 * next checkout opens a new connection, and the query in flight fails into the error handler (503).
 */
function listenForConnectionErrors(pool: pg.Pool): (listener: (error: Error) => void) => void {
  let report = (error: Error): void => {
    process.stderr.write(`${JSON.stringify({ level: 'warn', msg: 'database connection lost', err: error.message })}\n`);
  };
  pool.on('error', (error) => report(error));
  pool.on('connect', (client) => client.on('error', (error) => report(error)));
  return (listener) => {
    report = listener;
  };
}

/**
 * drizzle's transaction() checks a client out and sends BEGIN before its try/finally: when the
 * connection dies at that moment nobody releases the client, its pool slot is lost for good (after
 * `max` of them every request waits for a connection) and pool.end() never returns. A client whose
 * connection ends while it is checked out is handed back to the pool here (which discards it); the
 * holder's own release afterwards does nothing.
 */
function releaseClientsWhoseConnectionEnds(pool: pg.Pool): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.once('end', () => {
      const holder = client;
      if (!checkedOut.has(holder)) return;
      holder.release(new Error('The database connection ended while in use.'));
      holder.release = () => undefined;
    });
  });
}

/** Raw SQL rows on either driver (both answer `{ rows }`; the shared base type does not say so). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A list of ids as one int[] parameter (`= any(...)`): one bind value whatever the list's length. */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;
