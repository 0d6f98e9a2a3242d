import type { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { startWorker } from '../platform/worker-entry';
import {
  errorFromWire,
  type PgliteWorkerData,
  type WireQueryOptions,
  type WireResults,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStartup,
} from './pglite-protocol';
import { decodeResults, type ClientQueryOptions } from './pglite-results';

/**
 * The main thread's side of the PGlite worker: the subset of PGlite's client that drizzle's pglite
 * driver calls (query, exec, transaction), plus close and dump. PGlite is one connection, so the
 * worker gets one request at a time (a FIFO lock); a transaction keeps the lock from BEGIN to
 * COMMIT, so other requests queue behind it exactly as with PGlite's own `transaction()`.
 *
 * WebAssembly cannot be interrupted, so the statement timeout is kept here: a statement that runs
 * past it fails with PostgreSQL's 57014, the worker is terminated and a new one opens the data
 * directory again (PostgreSQL's WAL makes that a crash recovery; the transaction that was open is
 * lost, as on a server crash). Requests queued meanwhile wait for the new worker. An in-memory
 * database cannot be opened again: after a timeout every request fails with 08006.
 */

export interface PgliteWorkerOptions {
  /** The cluster's directory; absent for an in-memory database. */
  dataDir?: string;
  loadDataDir?: Blob;
  statementTimeoutMs: number;
  /** Told when a worker was replaced (a statement timeout, a crash). */
  onRestart?: (reason: Error) => void;
}

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;
type ReplyValue = Extract<WorkerReply, { ok: true }>['value'];

interface Pending {
  resolve(value: ReplyValue): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout | undefined;
}

function databaseError(message: string, code: string, detail?: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR', ...(detail ? { detail } : {}) });
}

/** Runs tasks one after another, in the order they asked. */
class FifoLock {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export class WorkerTransaction {
  closed = false;
  constructor(
    private readonly client: PgliteWorkerClient,
    readonly id: number,
    readonly generation: number,
  ) {}

  async query<T>(sql: string, params: unknown[] = [], options: ClientQueryOptions = {}): Promise<Results<T>> {
    this.checkOpen();
    return this.client.runQuery<T>(sql, params, options, this.id);
  }

  async exec(sql: string, options: ClientQueryOptions = {}): Promise<Results[]> {
    this.checkOpen();
    return this.client.runExec(sql, options, this.id);
  }

  async rollback(): Promise<void> {
    this.checkOpen();
    this.closed = true;
    await this.client.endTransaction(this, false);
  }

  private checkOpen(): void {
    if (this.closed) throw new Error('Transaction is closed');
    this.client.checkGeneration(this.generation);
  }
}

export class PgliteWorkerClient {
  private readonly lock = new FifoLock();
  private readonly pending = new Map<number, Pending>();
  private worker: Worker | null = null;
  private current: Promise<Worker>;
  /** Bumped whenever a worker is replaced: a transaction of an older generation is gone. */
  private generation = 0;
  private nextId = 0;
  private closed = false;
  private lost: Error | null = null;

  private constructor(private readonly options: PgliteWorkerOptions, loadDataDir: ArrayBuffer | undefined) {
    this.current = this.spawn(loadDataDir);
  }

  /** Starts the worker and resolves once its database is open. */
  static async open(options: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
    const tarball = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const client = new PgliteWorkerClient(options, tarball);
    await client.current;
    return client;
  }

  query<T>(sql: string, params: unknown[] = [], options: ClientQueryOptions = {}): Promise<Results<T>> {
    return this.lock.run(() => this.runQuery<T>(sql, params, options));
  }

  exec(sql: string, options: ClientQueryOptions = {}): Promise<Results[]> {
    return this.lock.run(() => this.runExec(sql, options));
  }

  transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    return this.lock.run(async () => {
      const tx = new WorkerTransaction(this, ++this.nextId, this.generation);
      await this.send({ op: 'begin', tx: tx.id }, true);
      try {
        const result = await callback(tx);
        if (!tx.closed) {
          tx.closed = true;
          await this.endTransaction(tx, true);
        }
        return result;
      } catch (error) {
        if (!tx.closed) {
          tx.closed = true;
          // The caller's error is the one that matters; a rollback that fails too (the worker was
          // replaced meanwhile) has nothing left to undo.
          await this.endTransaction(tx, false).catch(() => undefined);
        }
        throw error;
      }
    });
  }

  /** An uncompressed tarball of the data directory (backups, test templates), as PGlite's 'none'. */
  dumpDataDir(_compression: 'none' = 'none'): Promise<Blob> {
    return this.lock.run(async () => new Blob([(await this.send({ op: 'dump' }, false)) as ArrayBuffer]));
  }

  /** Waits for the statement or transaction in progress, closes PGlite, ends the worker. */
  close(): Promise<void> {
    return this.lock.run(async () => {
      if (this.closed) return;
      try {
        if (!this.lost) await this.send({ op: 'close' }, false);
      } finally {
        this.closed = true;
        const worker = this.worker;
        this.worker = null;
        await worker?.terminate();
      }
    });
  }

  /** @internal A query in the caller's turn of the lock (a transaction's, or one just taken). */
  async runQuery<T>(sql: string, params: unknown[], options: ClientQueryOptions, tx?: number): Promise<Results<T>> {
    const wire = (await this.send(
      { op: 'query', sql, params, options: wireOptions(options), ...(tx !== undefined ? { tx } : {}) },
      true,
    )) as WireResults;
    return decodeResults(wire, options) as Results<T>;
  }

  /** @internal */
  async runExec(sql: string, options: ClientQueryOptions, tx?: number): Promise<Results[]> {
    const wire = (await this.send(
      { op: 'exec', sql, options: wireOptions(options), ...(tx !== undefined ? { tx } : {}) },
      true,
    )) as WireResults[];
    return wire.map((result) => decodeResults(result, options));
  }

  /** @internal */
  async endTransaction(tx: WorkerTransaction, commit: boolean): Promise<void> {
    this.checkGeneration(tx.generation);
    await this.send({ op: commit ? 'commit' : 'rollback', tx: tx.id }, true);
  }

  /** @internal A transaction begun in an earlier worker cannot go on in this one. */
  checkGeneration(generation: number): void {
    if (generation !== this.generation) {
      throw databaseError(
        'The database was reopened after a statement timeout; this transaction was rolled back.',
        '08006',
      );
    }
  }

  private async send(request: Request, timed: boolean): Promise<ReplyValue> {
    if (this.closed) throw databaseError('The database is closed.', '08003');
    if (this.lost) throw this.lost;
    const worker = await this.current;
    const id = ++this.nextId;
    return new Promise<ReplyValue>((resolve, reject) => {
      const timer = timed ? setTimeout(() => this.timedOut(id), this.options.statementTimeoutMs) : undefined;
      this.pending.set(id, { resolve, reject, timer });
      // Referenced only while it has work: an idle database never keeps the process alive.
      worker.ref();
      worker.postMessage({ ...request, id });
    });
  }

  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    if (!pending) return undefined;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    if (this.pending.size === 0) this.worker?.unref();
    return pending;
  }

  private onReply(worker: Worker, reply: WorkerReply): void {
    if (worker !== this.worker) return;
    const pending = this.settle(reply.id);
    if (!pending) return;
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(errorFromWire(reply.error));
  }

  private timedOut(id: number): void {
    const pending = this.settle(id);
    if (!pending) return;
    const ms = this.options.statementTimeoutMs;
    pending.reject(
      databaseError(
        'canceling statement due to statement timeout',
        '57014',
        `PGlite ran one statement for more than ${ms} ms; its worker was stopped and the database reopened.`,
      ),
    );
    this.replaceWorker(databaseError(`A statement ran for more than ${ms} ms.`, '57014'));
  }

  private onFailure(worker: Worker, error: Error): void {
    if (worker !== this.worker || this.closed) return;
    this.replaceWorker(databaseError(`The database worker stopped: ${error.message}`, '08006'));
  }

  /** Ends the worker (WebAssembly cannot be interrupted any other way) and opens the directory again. */
  private replaceWorker(reason: Error): void {
    const old = this.worker;
    this.worker = null;
    this.generation += 1;
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(reason);
    // Two PGlite instances on one directory destroy it: the new one opens only once the old thread has stopped.
    const stopped = old?.terminate();
    this.options.onRestart?.(reason);
    if (!this.options.dataDir) {
      this.lost = databaseError(
        'The in-memory database was stopped (a statement ran too long or its worker failed) and cannot be reopened.',
        '08006',
      );
      return;
    }
    this.current = Promise.resolve(stopped).then(() => this.spawn(undefined));
    this.current.catch((error: Error) => {
      this.lost = databaseError(`The database could not be reopened: ${error.message}`, '08006');
    });
  }

  private spawn(loadDataDir: ArrayBuffer | undefined): Promise<Worker> {
    const data: PgliteWorkerData = {
      ...(this.options.dataDir ? { dataDir: this.options.dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
    };
    const worker = startWorker('pglite', {
      workerData: data,
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    return new Promise<Worker>((resolve, reject) => {
      let started = false;
      worker.once('message', (startup: WorkerStartup) => {
        started = true;
        if (!startup.ready) {
          void worker.terminate();
          reject(errorFromWire(startup.error));
          return;
        }
        this.worker = worker;
        worker.on('message', (reply: WorkerReply) => this.onReply(worker, reply));
        if (this.pending.size === 0) worker.unref();
        resolve(worker);
      });
      worker.on('error', (error) => (started ? this.onFailure(worker, error) : reject(error)));
      worker.on('exit', (code) => {
        const error = new Error(`the worker exited with code ${code}`);
        if (started) this.onFailure(worker, error);
        else reject(error);
      });
    });
  }
}

function wireOptions(options: ClientQueryOptions): WireQueryOptions {
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    rawTypes: Object.keys(options.parsers ?? {}).map(Number),
  };
}
