// The API benchmark of issue 11 for one database: for each size, a seeded fixture, the application
// in a process of its own on it, a hello-world beside it, and every endpoint loaded by autocannon
// at each number of connections for an admin and a reader who sees half, with the floor (GET
// sessions) and the no-database route in the same run.
//
// Settings (environment): BENCH_SIZES (P&P counts, comma-separated), BENCH_DURATION (seconds
// measured per figure), BENCH_WARMUP (seconds), BENCH_ONLY (endpoint ids to keep, comma-separated;
// the floors are always kept), BENCH_REUSE=1 (keep and reuse seeded databases).
import { execSync } from 'node:child_process';
import os from 'node:os';
import type { Row } from './budgets';
import { cpuSampler } from './cpu-time';
import { ADMIN_URL, activityWatcher, preparePglite, preparePostgres, type Prepared } from './databases';
import { containersQuery, endpointsFor, type Kind, type User } from './endpoints';
import { ADMIN_LOGIN, READER_LOGIN, STAFF_LOGIN } from './fixture';
import { measure, measureInTurns, type LoadSettings, type Measurement } from './load';
import { startApp, startHelloWorld, type Server } from './processes';
import { markdown, withVerdicts, writeResults, type RunResult, type SizeResult } from './report';
import { signIn } from './sign-in';

export interface ApiBenchOptions {
  database: 'postgres' | 'pglite';
  defaultSizes: number[];
  connections: number[];
}

/** The kinds whose p95 is held to the floor's: each is measured in turns with a floor of its own. */
const HELD_TO_THE_FLOOR: ReadonlySet<Kind> = new Set(['list', 'search', 'typo']);
/** How many turns of the floor and the endpoint share the measured time at the lowest connection count. */
const TURNS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const numbers = (text: string | undefined, fallback: number[]) =>
  text ? text.split(',').map((part) => Number(part.trim())) : fallback;

/**
 * Waits until the application has nothing left from the last load: its no-database route answers
 * quickly twice in a row and (PostgreSQL) no statement is running on the fixture database. Returns
 * the seconds waited (at most 120).
 */
function idleWaiter(app: Server, active: () => Promise<number>): () => Promise<number> {
  return async () => {
    const started = performance.now();
    let quiet = 0;
    while (quiet < 2 && performance.now() - started < 120_000) {
      const t0 = performance.now();
      const healthy = await fetch(`${app.url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      const fast = healthy && performance.now() - t0 < 50;
      const busy = await active();
      quiet = fast && busy === 0 ? quiet + 1 : 0;
      if (quiet < 2) await sleep(50);
    }
    return (performance.now() - started) / 1000;
  };
}

async function hasTasksRoute(app: Server, orgId: number, headers: Record<string, string>): Promise<boolean> {
  const res = await fetch(`${app.url}/api/o/${orgId}/tasks`, { headers });
  return res.status !== 404;
}

/** The fixture's PostgreSQL runs on this machine: its processes' CPU time can be read. */
const isLocalDatabase = (): boolean =>
  ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(new URL(ADMIN_URL).hostname);

/** The reader must see half the P&Ps and the admin all, or the figures mean nothing. */
async function checkVisibility(app: Server, prepared: Prepared, headers: Record<User, Record<string, string>>) {
  await checkPeople(app, prepared, headers);
  const { fixture } = prepared;
  for (const [user, expected] of [
    ['admin', fixture.pnps],
    ['reader', fixture.readerPnps],
  ] as const) {
    const res = await fetch(`${app.url}/api/o/${fixture.orgId}/library?list=true&view=all`, { headers: headers[user] });
    const body = (await res.json()) as { total?: number; items?: unknown[] };
    if (res.status !== 200 || !body.items?.length) throw new Error(`the ${user}'s library is empty: ${res.status}`);
    const total = body.total ?? null;
    process.stdout.write(`  ${user}: library total ${total ?? '?'} (expected ${expected})\n`);
  }
}

/** The admin's users and groups lists hold the seeded people, or their figures mean nothing. */
async function checkPeople(app: Server, prepared: Prepared, headers: Record<User, Record<string, string>>) {
  const { fixture } = prepared;
  const org = `${app.url}/api/o/${fixture.orgId}`;
  const users = (await (await fetch(`${org}/users`, { headers: headers.admin })).json()) as { total?: number };
  const groups = (await (await fetch(`${org}/user_groups`, { headers: headers.admin })).json()) as {
    user_groups?: unknown[];
  };
  process.stdout.write(
    `  admin: ${users.total ?? '?'} users (expected ${fixture.people + 2}), ${groups.user_groups?.length ?? '?'} groups (expected ${fixture.groups + 1})\n`,
  );
  const dashboard = await fetch(`${app.url}/api/hstm/dash/new`, { headers: headers.staff });
  if (dashboard.status !== 200) throw new Error(`the staff dashboard answered ${dashboard.status}`);
}

async function measureSize(
  options: ApiBenchOptions,
  pnps: number,
  settings: { warmupSeconds: number; seconds: number },
): Promise<SizeResult> {
  process.stdout.write(`\n${options.database}, ${pnps} P&Ps: seeding\n`);
  const prepared = options.database === 'postgres' ? await preparePostgres(pnps) : await preparePglite(pnps);
  process.stdout.write(
    `  ${prepared.reused ? 'kept from an earlier run' : `seeded in ${prepared.seedSeconds.toFixed(1)} s`}: ${JSON.stringify(prepared.fixture)}\n`,
  );
  const started = performance.now();
  const app = await startApp(prepared.target);
  const hello = await startHelloWorld();
  const watcher = prepared.databaseName ? await activityWatcher(prepared.databaseName) : null;
  try {
    const headers: Record<User, Record<string, string>> = {
      admin: await signIn(app.url, ADMIN_LOGIN),
      reader: await signIn(app.url, READER_LOGIN),
      staff: await signIn(app.url, STAFF_LOGIN),
    };
    await checkVisibility(app, prepared, headers);
    const tasks = await hasTasksRoute(app, prepared.fixture.orgId, headers.admin);
    const only = process.env.BENCH_ONLY?.split(',');
    const endpoints = endpointsFor(prepared.fixture, headers, tasks).filter(
      (e) => !only || e.kind === 'floor' || e.kind === 'nodb' || e.kind === 'hello' || only.includes(e.id),
    );
    const active = watcher ? () => watcher.active() : () => Promise.resolve(0);
    const load: LoadSettings = { ...settings, waitIdle: idleWaiter(app, active) };
    const cpu = cpuSampler(app.pid, options.database === 'postgres' && isLocalDatabase());
    const rows: Row[] = endpoints.map((e) => ({
      id: e.id,
      label: e.label,
      kind: e.kind,
      user: e.user,
      method: e.request.method,
      path: e.request.path,
      runs: {},
    }));
    const floorOf = (user: User | null) => endpoints.find((e) => e.kind === 'floor' && e.user === user);
    for (const connections of options.connections) {
      for (const [i, endpoint] of endpoints.entries()) {
        const base = endpoint.server === 'hello' ? hello.url : app.url;
        const floor = floorOf(endpoint.user);
        let m: Measurement;
        if (connections === options.connections[0] && HELD_TO_THE_FLOOR.has(endpoint.kind) && floor) {
          const inTurns = await measureInTurns(app.url, floor.request, endpoint.request, connections, load, TURNS);
          const beside = inTurns.reference;
          rows[i]!.floorBeside = { [connections]: beside };
          process.stdout.write(
            `  c=${String(connections).padEnd(3)} ${'  (the floor, in turns with it)'.padEnd(42)} ${(endpoint.user ?? '').padEnd(7)}` +
              `${beside.rps.toFixed(1).padStart(9)} req/s  p50 ${beside.p50 ?? '-'}  p95 ${beside.p95 ?? '-'} ms\n`,
          );
          m = inTurns.subject;
        } else {
          m = await measure(base, endpoint.request, connections, {
            ...load,
            ...(endpoint.server === 'hello' ? {} : { cpu }),
          });
        }
        rows[i]!.runs[connections] = m;
        process.stdout.write(
          `  c=${String(connections).padEnd(3)} ${endpoint.label.padEnd(42)} ${(endpoint.user ?? '').padEnd(7)}` +
            `${m.rps.toFixed(1).padStart(9)} req/s  p50 ${m.p50 ?? '-'}  p95 ${m.p95 ?? '-'}  p99 ${m.p99 ?? '-'} ms` +
            `${m.failures ? `  ${m.failures} failed ${JSON.stringify(m.statuses)}` : ''}` +
            `${m.appCpuUs != null ? `  cpu ${m.appCpuUs.toFixed(0)} us${m.databaseCpuUs != null ? ` + db ${m.databaseCpuUs.toFixed(0)} us` : ''}` : ''}` +
            `${m.drainSeconds > 1 ? `  (busy ${m.drainSeconds.toFixed(1)} s after)` : ''}\n`,
        );
      }
    }
    const [low, high] = [options.connections[0]!, options.connections.at(-1)!];
    return {
      pnps,
      containers: prepared.fixture.containers,
      readerPnps: prepared.fixture.readerPnps,
      people: prepared.fixture.people,
      groups: prepared.fixture.groups,
      seedSeconds: prepared.seedSeconds,
      reused: prepared.reused,
      containersOnDemand: containersQuery('reader').onDemand,
      tasks,
      seconds: (performance.now() - started) / 1000,
      rows: withVerdicts(rows, low, high),
    };
  } finally {
    await watcher?.close();
    await hello.stop();
    await app.stop();
    await prepared.dispose();
  }
}

/**
 * The commit measured, marked when the server's or shared sources differ from it; BENCH_COMMIT
 * names it for a run from an exported tree (no repository).
 */
function commit(): string {
  if (process.env.BENCH_COMMIT) return process.env.BENCH_COMMIT;
  try {
    const head = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain -- server shared', { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} with uncommitted server changes` : head;
  } catch {
    return 'unknown';
  }
}

export async function runApiBench(options: ApiBenchOptions): Promise<void> {
  const settings = {
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 0.5),
    seconds: Number(process.env.BENCH_DURATION ?? 2),
  };
  const sizes = numbers(process.env.BENCH_SIZES, options.defaultSizes);
  const started = new Date();
  const loadStart = os.loadavg();
  const results: SizeResult[] = [];
  const failures: Array<{ pnps: number; error: string }> = [];
  // A size that fails (a seed, a start) is reported; the other sizes still run and are written.
  for (const pnps of sizes) {
    try {
      results.push(await measureSize(options, pnps, settings));
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      process.stderr.write(`\n${options.database}, ${pnps} P&Ps failed: ${message}\n`);
      failures.push({ pnps, error: message.split('\n')[0] ?? message });
    }
  }
  const finished = new Date();
  const result: RunResult = {
    database: options.database,
    started: started.toISOString(),
    finished: finished.toISOString(),
    totalSeconds: (finished.getTime() - started.getTime()) / 1000,
    commit: commit(),
    node: process.versions.node,
    cpus: os.cpus().length,
    loadAverage: { start: loadStart, end: os.loadavg() },
    settings: { ...settings, connections: options.connections },
    sizes: results,
    failures,
  };
  const file = writeResults(result);
  process.stdout.write(`\n${markdown(result)}\nwritten to ${file} (and .json)\n`);
  if (failures.length > 0) process.exitCode = 1;
}
