import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Db, OpenOptions } from './client';
import { PgliteWorkerClient } from './pglite-worker-client';

export interface PgliteSettings {
  migrationsFolder: string;
  statementTimeoutMs: number;
}

/** A client drizzle's pglite driver accepts: PGlite itself, or the worker's stand-in for it. */
type DriverClient = PGlite | PgliteWorkerClient;

/**
 * Opens the embedded PGlite under dataDir (or in memory) and migrates it. By default PGlite lives
 * in its own thread (pglite-worker-client.ts), so its WebAssembly never stops the event loop and a
 * statement past the timeout is stopped; `inProcess` keeps it on this thread (tests only).
 */
export async function openPglite(options: OpenOptions, settings: PgliteSettings): Promise<Database> {
  const release = options.memory ? () => undefined : lockDataDir(options.dataDir);
  let reportRestart = (error: Error): void => {
    process.stderr.write(`${JSON.stringify({ level: 'warn', msg: 'embedded database restarted', err: error.message })}\n`);
  };
  try {
    const dataDir = options.memory ? undefined : path.join(options.dataDir, 'pgdata');
    const client: DriverClient = options.inProcess
      ? await openInProcess(dataDir, options.loadDataDir)
      : await PgliteWorkerClient.open({
          ...(dataDir ? { dataDir } : {}),
          ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
          statementTimeoutMs: settings.statementTimeoutMs,
          onRestart: (error) => reportRestart(error),
        });
    try {
      // drizzle's driver is typed for PGlite; the worker client answers every call the driver makes
      // (query with rowMode and parsers, exec, transaction), which the driver tests prove.
      const driverClient = client as PGlite;
      const db = drizzlePglite({ client: driverClient }) as unknown as Db;
      await migratePglite(drizzlePglite({ client: driverClient }), { migrationsFolder: settings.migrationsFolder });
      return {
        db,
        kind: 'pglite',
        close: async () => {
          await client.close();
          release();
        },
        dump: async () => client.dumpDataDir('none'),
        // No connection to lose; the worker being replaced (a statement timeout) is reported here.
        onConnectionError: (listener) => {
          reportRestart = listener;
        },
      };
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    release();
    throw error;
  }
}

async function openInProcess(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<PGlite> {
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  yieldBetweenMessages(client);
  return client;
}

/**
 * On this thread a run of queries would starve every other request: each protocol message first
 * yields to the event loop, so other work interleaves with database work.
 */
function yieldBetweenMessages(client: PGlite): void {
  // query() and exec() send every message through execProtocolStream (PGlite 0.5).
  const execProtocolStream = client.execProtocolStream.bind(client);
  client.execProtocolStream = async (message, options) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return execProtocolStream(message, options);
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
