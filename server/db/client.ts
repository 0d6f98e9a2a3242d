import { mkdirSync, openSync, closeSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
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

/** Every statement on PostgreSQL ends after this long: a runaway query must not hold a connection. */
export const STATEMENT_TIMEOUT_MS = 30_000;
/** How long a request waits for a free connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 10_000;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** A PGlite data-dir tarball to start from (tests copy one migrated template). */
  loadDataDir?: Blob;
  /** In-memory PGlite (tests). */
  memory?: boolean;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite under dataDir; migrations run here. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    const onConnectionError = listenForConnectionErrors(pool);
    releaseClientsWhoseConnectionEnds(pool);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: 'postgres', close: () => pool.end(), onConnectionError };
  }
  const release = options.memory ? () => undefined : lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create({
      ...(options.memory ? {} : { dataDir: path.join(options.dataDir, 'pgdata') }),
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    yieldBetweenMessages(client);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
      dump: async () => client.dumpDataDir('none'),
      // PGlite lives in this process: there is no connection to lose.
      onConnectionError: () => undefined,
    };
  } catch (error) {
    release();
    throw error;
  }
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

/**
 * PGlite runs on Node's main thread: a run of queries would starve every other request. Each
 * protocol message first yields to the event loop, so HTTP work interleaves with database work.
 */
function yieldBetweenMessages(client: PGlite): void {
  const execProtocol = client.execProtocol.bind(client);
  client.execProtocol = async (message, options) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return execProtocol(message, options);
  };
}

/**
 * Two processes on one PGlite data directory destroy it, so the first takes a lock file and a
 * second is refused with a clear message. A lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'tenet.lock');
  if (existsSync(lockPath)) {
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The data directory ${dataDir} is in use by another Tenet process (pid ${pid}). ` +
          'Stop it first, or set DATA_DIR to another directory.',
      );
    }
    rmSync(lockPath, { force: true });
  }
  const fd = openSync(lockPath, 'wx');
  writeFileSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(lockPath, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Raw SQL rows on either driver (both answer `{ rows }`; the shared base type does not say so). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
