// `npm run reliability -- throughput`: what a second process buys on this machine. One cluster
// (private PostgreSQL, two processes, haproxy); GET sessions and a library page measured with
// autocannon against one process directly, one process behind haproxy (the other stopped), and
// two behind haproxy, with the CPU time each part used per request (from /proc), which is what
// says how a machine with more cores would do.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startCluster, type Cluster } from '../cluster.mjs';
import { postgres } from './database';
import { Browser, DEMO } from './http';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of a process, with its reaped children's. */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14-17 of proc(5) (utime stime cutime cstime), counted here from field 3.
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** A process and every live process it started (PostgreSQL's backends, for one). */
function cpuOfTree(root: number): number {
  let total = cpuOf(root);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === root) total += cpuOf(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

interface CpuSnapshot {
  apps: number;
  postgres: number;
  haproxy: number;
  load: number;
}

function snapshot(cluster: Cluster): CpuSnapshot {
  const own = process.cpuUsage();
  return {
    apps: cluster.apps.reduce((sum, a) => sum + (a.running ? cpuOf(a.pid) : 0), 0),
    postgres: cluster.database ? cpuOfTree(cluster.database.pid) : 0,
    haproxy: cpuOf(cluster.haproxy.pid),
    load: (own.user + own.system) / 1e6,
  };
}

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  failures: number;
  /** CPU milliseconds per successful request, by part. */
  cpu: CpuSnapshot;
  /** Cores kept busy, all parts together. */
  cores: number;
}

function fire(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const times: number[] = [];
  let good = 0;
  let bad = 0;
  return new Promise<{ times: number[]; good: number; bad: number }>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, headers, timeout: 60, sampleInt: 100 },
      (error) => (error ? reject(error) : resolve({ times, good, bad })),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      times.push(time);
      if (status >= 200 && status < 300) good += 1;
      else bad += 1;
    });
    instance.on('reqError', () => {
      bad += 1;
    });
  });
}

async function measureOne(
  cluster: Cluster,
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Figures> {
  await fire(url, headers, connections, Math.max(1, Math.round(seconds / 5)));
  const before = snapshot(cluster);
  const started = performance.now();
  const run = await fire(url, headers, connections, seconds);
  const wall = (performance.now() - started) / 1000;
  const after = snapshot(cluster);
  const sorted = [...run.times].sort((a, b) => a - b);
  const per = (key: keyof CpuSnapshot): number =>
    Math.round(((after[key] - before[key]) * 1000 * 100) / Math.max(1, run.good)) / 100;
  const busy = (Object.keys(before) as Array<keyof CpuSnapshot>).reduce((sum, k) => sum + after[k] - before[k], 0);
  return {
    rps: Math.round(run.good / wall),
    p50: Math.round((sorted[Math.floor(sorted.length * 0.5)] ?? 0) * 10) / 10,
    p95: Math.round((sorted[Math.floor(sorted.length * 0.95)] ?? 0) * 10) / 10,
    failures: run.bad,
    cpu: { apps: per('apps'), postgres: per('postgres'), haproxy: per('haproxy'), load: per('load') },
    cores: Math.round((busy / wall) * 100) / 100,
  };
}

export async function measureThroughput({ port, say }: { port: number; say: (line: string) => void }): Promise<void> {
  const seconds = Number(process.env.THROUGHPUT_SECONDS ?? 10);
  const connections = (process.env.THROUGHPUT_CONNECTIONS ?? '10,50').split(',').map(Number);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'tenet-throughput-'));
  // The private PostgreSQL runs as another user when the suite runs as root: it must reach its directory.
  chmodSync(tmp, 0o755);
  const cluster = await startCluster({
    port,
    dir: path.join(tmp, 'cluster'),
    host: '127.0.0.1',
    env: { LOGIN_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' },
  });
  try {
    const b = new Browser(cluster.url);
    const { orgId } = await b.signIn(DEMO.admin.login, DEMO.admin.password);
    const headers = { cookie: b.cookieHeader, 'x-xsrf-token': b.csrf, 'accept-encoding': 'br, gzip' };
    const db = postgres(cluster.databaseUrl);
    const [size] = await db.sql<{ pnps: number }>('select count(*)::int as pnps from pnps');
    await db.close();
    const endpoints = [
      { label: 'GET sessions', path: '/api/sessions' },
      { label: 'library first page (all)', path: `/api/o/${orgId}/library?list=true&view=all` },
    ];
    const [a, second] = cluster.apps;
    if (!a || !second) throw new Error('the cluster needs two processes');
    const setups = [
      { label: '1 process, direct', url: a.url, prepare: () => Promise.resolve() },
      {
        label: '1 process behind haproxy',
        url: cluster.url,
        prepare: async () => {
          await second.stop();
          await cluster.haproxy.waitServer(second.name, 'DOWN');
        },
      },
      {
        label: '2 processes behind haproxy',
        url: cluster.url,
        prepare: async () => {
          await second.start();
          await cluster.haproxy.waitServer(second.name, 'UP');
        },
      },
    ];
    say(
      `\nThroughput, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, ${size?.pnps} P&Ps, ${seconds} s per figure`,
    );
    say(
      '\n| Setup | Endpoint | Connections | req/s | p50 ms | p95 ms | CPU ms per request: processes / PostgreSQL / haproxy / load | Cores busy | req/s per busy core |',
    );
    say('| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
    for (const setup of setups) {
      await setup.prepare();
      for (const endpoint of endpoints) {
        for (const c of connections) {
          const f = await measureOne(cluster, `${setup.url}${endpoint.path}`, headers, c, seconds);
          say(
            `| ${setup.label} | ${endpoint.label} | ${c} | ${f.rps} | ${f.p50} | ${f.p95} | ${f.cpu.apps} / ${f.cpu.postgres} / ${f.cpu.haproxy} / ${f.cpu.load} | ${f.cores}${f.failures ? ` (${f.failures} failed)` : ''} | ${Math.round(f.rps / Math.max(0.01, f.cores))} |`,
          );
        }
      }
    }
    say(
      `\nLoad average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await cluster.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
