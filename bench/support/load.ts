// One measurement: autocannon against a running server for a fixed time after a short warm-up,
// with every response's time recorded here (autocannon's own histogram has no p95). Afterwards it
// waits until the server has finished what the load left running, so that the next measurement
// does not pay for this one.
import autocannon from 'autocannon';
import { cpuBetween, microsecondsEach, type CpuSampler } from './cpu-time';

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface Measurement {
  connections: number;
  seconds: number;
  /** Responses received within the measured time. */
  requests: number;
  /** Successful (2xx) responses per second. */
  rps: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  /** Non-2xx responses, connection errors and timeouts (any is a failed measurement). */
  failures: number;
  statuses: Record<string, number>;
  /** Mean bytes of a response as sent (compressed when the server compresses). */
  bytes: number;
  /** How long the server stayed busy after the load stopped (seconds). */
  drainSeconds: number;
  /**
   * CPU microseconds of the application process, and of the local PostgreSQL, per response over the
   * whole run (warm-up included); absent in older results, null where it cannot be read.
   */
  appCpuUs?: number | null;
  databaseCpuUs?: number | null;
}

export interface LoadSettings {
  warmupSeconds: number;
  seconds: number;
  /** Resolves when the server has nothing left running from the previous load. */
  waitIdle: () => Promise<number>;
  /** Reads the CPU time of the server (and database) processes; none for the hello-world. */
  cpu?: CpuSampler;
}

interface Run {
  /** Seconds from the end of the warm-up to the end of the run. */
  seconds: number;
  times: number[];
  bytes: number;
  statuses: Record<string, number>;
  errors: number;
  /** Every response of the run, warm-up included (what the CPU time was spent on). */
  all: number;
}

/**
 * One autocannon run of warm-up plus measured time, without a pause between them, so that the
 * measured responses meet a server already in its steady state at that concurrency; only the
 * responses that arrive after the warm-up count.
 */
function fire(baseUrl: string, request: Request, connections: number, warmup: number, seconds: number): Promise<Run> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  let errors = 0;
  let all = 0;
  return new Promise((resolve, reject) => {
    const measureFrom = performance.now() + warmup * 1000;
    const instance = autocannon(
      {
        url: `${baseUrl}${request.path}`,
        connections,
        duration: warmup + seconds,
        timeout: 60,
        // autocannon checks for the end of the run at each sample: every 100 ms, not every second.
        sampleInt: 100,
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      },
      (error) => {
        if (error) reject(error);
        else resolve({ seconds: (performance.now() - measureFrom) / 1000, times, bytes, statuses, errors, all });
      },
    );
    instance.on('response', (_client, statusCode, resBytes, responseTime) => {
      all += 1;
      if (performance.now() < measureFrom) return;
      times.push(responseTime);
      bytes += resBytes;
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
    instance.on('reqError', () => {
      if (performance.now() >= measureFrom) errors += 1;
    });
  });
}

const percentile = (sorted: number[], q: number): number | null =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** One measurement of the responses of `runs` (one run, or the turns of one request). */
function summarise(runs: Run[], connections: number, drainSeconds: number): Measurement {
  const times = runs.flatMap((run) => run.times);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const run of runs) {
    for (const [status, count] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const ok = Object.entries(statuses)
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  const bytes = runs.reduce((sum, run) => sum + run.bytes, 0);
  return {
    connections,
    seconds,
    requests: times.length,
    rps: ok / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    failures: times.length - ok + runs.reduce((sum, run) => sum + run.errors, 0),
    statuses,
    bytes: times.length ? Math.round(bytes / times.length) : 0,
    drainSeconds,
  };
}

export async function measure(
  baseUrl: string,
  request: Request,
  connections: number,
  settings: LoadSettings,
): Promise<Measurement> {
  const cpuBefore = settings.cpu?.();
  const run = await fire(baseUrl, request, connections, settings.warmupSeconds, settings.seconds);
  const cpuAfter = settings.cpu?.();
  const drainSeconds = await settings.waitIdle();
  return {
    ...summarise([run], connections, drainSeconds),
    ...(cpuBefore && cpuAfter
      ? (() => {
          const spent = cpuBetween(cpuBefore, cpuAfter);
          return {
            appCpuUs: microsecondsEach(spent.app, run.all),
            databaseCpuUs: microsecondsEach(spent.database, run.all),
          };
        })()
      : {}),
  };
}

/** The warm-up of each turn after the first (new connections, nothing else to warm). */
const TURN_WARMUP_SECONDS = 0.2;

/**
 * Two requests measured in turns: `turns` rounds of the reference, then the subject, each an equal
 * share of the measured time, so that both meet the same minutes of the machine. A p95 of one
 * connection moves with the machine's minute (on a busy one, the floor's moved from 0.5 to 3.6 ms
 * between two endpoints of one run), and a ratio of two p95s measured one after the other said more
 * about those two minutes than about the endpoint. Each turn is a run of its own, after the server
 * has finished the last one's work.
 */
export async function measureInTurns(
  baseUrl: string,
  reference: Request,
  subject: Request,
  connections: number,
  settings: LoadSettings,
  turns: number,
): Promise<{ reference: Measurement; subject: Measurement }> {
  const share = settings.seconds / turns;
  const referenceRuns: Run[] = [];
  const subjectRuns: Run[] = [];
  let drainSeconds = 0;
  for (let turn = 0; turn < turns; turn += 1) {
    const warmup = turn === 0 ? settings.warmupSeconds : Math.min(settings.warmupSeconds, TURN_WARMUP_SECONDS);
    referenceRuns.push(await fire(baseUrl, reference, connections, warmup, share));
    drainSeconds += await settings.waitIdle();
    subjectRuns.push(await fire(baseUrl, subject, connections, warmup, share));
    drainSeconds += await settings.waitIdle();
  }
  return {
    reference: summarise(referenceRuns, connections, drainSeconds),
    subject: summarise(subjectRuns, connections, drainSeconds),
  };
}
