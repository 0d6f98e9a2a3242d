import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  errorToWire,
  type PgliteWorkerData,
  type WireQueryOptions,
  type WireResults,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStartup,
} from '../db/pglite-protocol';
import { namedStatementsOf, type NamedStatements } from './pglite-named-statements';

/**
 * The thread that owns the embedded PGlite (server/db/pglite-worker-client.ts starts it): its
 * WebAssembly runs here, so a long query no longer stops the main thread's event loop. The main
 * thread sends one request at a time and keeps the statement timeout; this side only executes.
 * Transactions are PGlite's own `transaction()`, held open across the main thread's statements.
 */

const port = parentPort;
if (!port) throw new Error('pglite.worker must run in a worker thread');
const data = workerData as PgliteWorkerData;

/** Thrown inside PGlite's transaction callback to make it roll back. */
class RollbackRequested extends Error {}

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
  settled: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();

function openDatabase(): Promise<PGlite> {
  return PGlite.create({
    ...(data.dataDir ? { dataDir: data.dataDir } : {}),
    extensions: { pg_trgm },
    ...(data.loadDataDir ? { loadDataDir: new Blob([data.loadDataDir]) } : {}),
  });
}

/** The caller's parsers for these OIDs run on the main thread, so here they are left as text. */
function queryOptions(options: WireQueryOptions): QueryOptions {
  const raw = (value: string): string => value;
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    parsers: Object.fromEntries((options.rawTypes ?? []).map((oid) => [oid, raw])),
  };
}

function toWire(result: Results): WireResults {
  return {
    rows: result.rows,
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    ...(result.affectedRows !== undefined ? { affectedRows: result.affectedRows } : {}),
  };
}

function target(db: PGlite, tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

/** Resolves once PGlite has sent BEGIN and handed over its transaction; it stays open until `end`. */
function begin(db: PGlite, id: number): Promise<void> {
  return new Promise((started, failed) => {
    let finish: (commit: boolean) => void = () => undefined;
    const decided = new Promise<boolean>((resolve) => (finish = resolve));
    const holder: { settled?: Promise<void> } = {};
    holder.settled = db.transaction(async (tx) => {
      transactions.set(id, { tx, finish, settled: holder.settled! });
      started();
      if (!(await decided)) throw new RollbackRequested();
    });
    // Before the callback ran (BEGIN failed) this is the caller's error; afterwards `end` reports it.
    // (Rejecting after `started` does nothing.)
    holder.settled.catch((error: unknown) => failed(error instanceof Error ? error : new Error(String(error))));
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  transactions.delete(id);
  open.finish(commit);
  try {
    await open.settled;
  } catch (error) {
    if (!(error instanceof RollbackRequested)) throw error;
  }
}

type ReplyValue = WireResults | WireResults[] | ArrayBuffer | null;

async function handle(db: PGlite, named: NamedStatements, request: WorkerRequest): Promise<ReplyValue> {
  switch (request.op) {
    case 'query': {
      const options = queryOptions(request.options);
      const inTransaction = request.tx !== undefined;
      // A transaction that has ended refuses its statements, named or not.
      if (inTransaction) target(db, request.tx);
      const result =
        (await named.query(request.sql, request.params, options, inTransaction)) ??
        (await target(db, request.tx).query(request.sql, request.params, options));
      return toWire(result);
    }
    case 'exec':
      return (await target(db, request.tx).exec(request.sql, queryOptions(request.options))).map(toWire);
    case 'begin':
      return begin(db, request.tx).then(() => null);
    case 'commit':
    case 'rollback':
      return end(request.tx, request.op === 'commit').then(() => null);
    case 'dump':
      return (await db.dumpDataDir('none')).arrayBuffer();
    case 'close':
      await db.close();
      return null;
  }
}

function reply(message: WorkerReply): void {
  const value = message.ok ? message.value : null;
  port!.postMessage(message, value instanceof ArrayBuffer ? [value] : []);
}

try {
  const db = await openDatabase();
  const named = namedStatementsOf(db);
  port.on('message', (request: WorkerRequest) => {
    handle(db, named, request).then(
      (value) => reply({ id: request.id, ok: true, value }),
      (error: unknown) => reply({ id: request.id, ok: false, error: errorToWire(error) }),
    );
  });
  port.postMessage({ ready: true } satisfies WorkerStartup);
} catch (error) {
  port.postMessage({ ready: false, error: errorToWire(error) } satisfies WorkerStartup);
}
