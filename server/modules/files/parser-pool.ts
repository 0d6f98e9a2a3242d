import Piscina from 'piscina';
import { workerEntry } from '../../platform/worker-entry';
import type { DiffResult, HtmlResult, InspectResult, ParserJob, ParserResult } from './parser-jobs';
import { DEFAULT_PARSER_LIMITS, DEFAULT_POOL_LIMITS, type ParserLimits, type PoolLimits } from './parser-limits';

/** Why the pool, not the parser, stopped a job: past its clock, past its heap, or no room in the queue. */
export type PoolFailure = 'timeout' | 'memory' | 'busy';

export class ParserJobStopped extends Error {
  constructor(readonly failure: PoolFailure) {
    super(`Parser job stopped: ${failure}`);
  }
}

export interface ParserPoolSettings {
  pool: PoolLimits;
  parser: ParserLimits;
}

type JobInput = ParserJob extends infer J ? (J extends ParserJob ? Omit<J, 'limits'> : never) : never;

/** A worker killed for its heap reports this code; Piscina passes the error through. */
const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';

function classify(error: unknown): PoolFailure | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'AbortError') return 'timeout';
  if ((error as NodeJS.ErrnoException).code === OUT_OF_MEMORY) return 'memory';
  if (error.message === 'Task queue is at limit') return 'busy';
  return null;
}

/**
 * The pool of parser worker threads (issue 9): every job runs with a heap limit (the thread is
 * killed past it), a wall-clock limit (the job is aborted and its thread terminated), at most
 * `maxThreads` at once and at most `maxQueue` waiting. The request thread never parses a file.
 */
export class ParserPool {
  private readonly piscina: Piscina<ParserJob, ParserResult>;
  /** Jobs handed to the pool since it started (tests check that a refused request parsed nothing). */
  jobsStarted = 0;
  /** Jobs running or waiting now; past maxThreads + maxQueue a new one is refused at once. */
  private inFlight = 0;

  constructor(readonly settings: ParserPoolSettings) {
    const entry = workerEntry('parser');
    this.piscina = new Piscina<ParserJob, ParserResult>({
      filename: entry.filename,
      execArgv: entry.execArgv,
      minThreads: 0,
      maxThreads: settings.pool.maxThreads,
      maxQueue: settings.pool.maxQueue,
      // One job per thread at a time: a thread's heap limit is then one job's heap limit.
      concurrentTasksPerWorker: 1,
      // Idle threads go after a minute: a parse is rare, a thread holds tens of MB.
      idleTimeout: 60_000,
      resourceLimits: {
        maxOldGenerationSizeMb: settings.pool.heapMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(settings.pool.heapMb / 8))),
        stackSizeMb: 4,
      },
    });
  }

  async run<R extends ParserResult>(job: JobInput): Promise<R> {
    if (this.inFlight >= this.settings.pool.maxThreads + this.settings.pool.maxQueue) {
      throw new ParserJobStopped('busy');
    }
    this.jobsStarted += 1;
    this.inFlight += 1;
    const signal = AbortSignal.timeout(this.settings.pool.timeoutMs);
    try {
      return (await this.piscina.run({ ...job, limits: this.settings.parser }, { signal })) as R;
    } catch (error) {
      const failure = classify(error);
      if (failure) throw new ParserJobStopped(failure);
      throw error;
    } finally {
      this.inFlight -= 1;
    }
  }

  /** Jobs running or waiting now. */
  get jobsInFlight(): number {
    return this.inFlight;
  }

  close(): Promise<void> {
    return this.piscina.destroy();
  }
}

let current: ParserPool | null = null;

/** The process's parser pool, started on first use. */
export function parserPool(): ParserPool {
  current ??= new ParserPool({ pool: DEFAULT_POOL_LIMITS, parser: DEFAULT_PARSER_LIMITS });
  return current;
}

/**
 * Replaces the pool with one of other limits (tests use small ones to stay fast), closing the old.
 * Returns the new pool.
 */
export async function configureParserPool(settings: {
  pool?: Partial<PoolLimits>;
  parser?: Partial<ParserLimits>;
}): Promise<ParserPool> {
  const previous = current;
  current = new ParserPool({
    pool: { ...DEFAULT_POOL_LIMITS, ...settings.pool },
    parser: { ...DEFAULT_PARSER_LIMITS, ...settings.parser },
  });
  await previous?.close();
  return current;
}

/** Stops the pool's threads (server shutdown). */
export async function closeParserPool(): Promise<void> {
  const previous = current;
  current = null;
  await previous?.close();
}

const view = (bytes: Buffer): Uint8Array => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Type, zip bounds and text of an uploaded file, read in a worker. */
export const inspectInWorker = (bytes: Buffer): Promise<InspectResult> =>
  parserPool().run<InspectResult>({ kind: 'inspect', bytes: view(bytes) });

/** A DOCX as HTML for the preview, converted in a worker. */
export const docxHtmlInWorker = (bytes: Buffer): Promise<HtmlResult> =>
  parserPool().run<HtmlResult>({ kind: 'docx-html', bytes: view(bytes) });

/** Line differences of two versions' texts, computed in a worker. */
export const diffInWorker = (from: string, to: string): Promise<DiffResult> =>
  parserPool().run<DiffResult>({ kind: 'diff', from, to });
