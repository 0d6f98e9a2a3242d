// Reporting budget (issue 15): each report's and dashboard figure's first page on an organisation of
// 50,000 P&Ps within 3x the p95 of GET sessions measured in the same run, for an org admin and for
// a binder owner who owns half; and a 100,000-row export streamed with the server's memory flat
// (the heap and RSS growth while it streams are printed next to the size of the file).
// BENCH_PNPS (default 50000), BENCH_RUNS (default 15).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { CSRF_COOKIE, CSRF_HEADER } from '../shared/api/errors';
import { DASH_FIGURES, REPORT_KEYS } from '../shared/api/reporting';
import { loadConfig } from '../server/config';
import { openDatabase, queryRows } from '../server/db/client';
import { withSystem } from '../server/db/tenant';
import { buildApp } from '../server/http/app';
import type { Deps } from '../server/http/deps';
import type { App } from '../server/http/routes';
import { hashPassword } from '../server/modules/auth/password';
import { systemClock } from '../server/platform/clock';
import { localFileStore } from '../server/platform/file-store';

const PNPS = Number(process.env.BENCH_PNPS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PASSWORD = 'BenchPassword123';

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function seed(deps: Deps): Promise<{ orgId: number }> {
  const hash = await hashPassword(PASSWORD);
  return withSystem(deps.database.db, async (tx) => {
    const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(tx, q))[0]!;
    const org = await one<{ id: number }>(
      sql`insert into organizations (name, tenant) values ('Bench reporting', 'bench-reporting') returning id`,
    );
    const user = (login: string, admin: boolean) =>
      one<{ id: number }>(
        sql`insert into org_users (org_id, first_name, last_name, email, username, password_hash, is_admin)
            values (${org.id}, 'Bench', ${login}, ${`${login}@example.com`}, ${login}, ${hash}, ${admin}) returning id`,
      );
    await user('bench.admin', true);
    const owner = await user('bench.owner', false);
    const binders = 20;
    await tx.execute(sql`insert into containers (org_id, type, name, inherits_access)
                         select ${org.id}, 1, 'Binder ' || i, false from generate_series(1, ${binders}) i`);
    await tx.execute(sql`insert into containers (org_id, type, parent_id, name)
                         select ${org.id}, 2, c.id, 'Folder ' || c.id || '-' || i
                           from containers c, generate_series(1, 10) i where c.org_id = ${org.id} and c.type = 1`);
    await tx.execute(sql`insert into access_grants (org_id, container_id, user_id, role)
                         select ${org.id}, c.id, ${owner.id}, 1 from containers c
                          where c.org_id = ${org.id} and c.type = 1 and c.id % 2 = 0`);
    // In chunks: one statement stays well under the statement timeout on a busy machine.
    const folders = binders * 10;
    const chunk = 5_000;
    for (let from = 1; from <= PNPS; from += chunk) {
      const to = Math.min(PNPS, from + chunk - 1);
      await tx.execute(sql`with f as (select array_agg(id order by id) as ids from containers where org_id = ${org.id} and type = 2)
                           insert into pnps (org_id, container_id, name, status)
                           select ${org.id}, f.ids[1 + i % ${folders}], 'Policy ' || lpad(i::text, 6, '0'),
                                  case when i % 10 = 0 then 1 else 2 end
                             from generate_series(${from}::int, ${to}::int) i, f`);
    }
    const [range] = await queryRows<{ lo: number; hi: number }>(
      tx,
      sql`select min(id) as lo, max(id) as hi from pnps where org_id = ${org.id}`,
    );
    for (let from = range!.lo; from <= range!.hi; from += chunk) {
      const to = from + chunk - 1;
      await tx.execute(sql`insert into pnp_documents (org_id, pnp_id, version_number, status, published_at, effective_dt)
                           select ${org.id}, p.id, 1, 3, now() - interval '400 days', current_date - 400
                             from pnps p where p.org_id = ${org.id} and p.id between ${from} and ${to}`);
      await tx.execute(sql`insert into pnp_documents (org_id, pnp_id, version_number, status, draft_stage, published_at, effective_dt, review_dt)
                           select ${org.id}, p.id, case when p.status = 2 then 2 end, case when p.status = 2 then 2 else 1 end,
                                  case when p.status = 1 then 2 end,
                                  case when p.status = 2 then now() - (p.id % 300) * interval '1 day' end,
                                  case when p.status = 2 then current_date - (p.id % 300) end,
                                  case when p.status = 2 then current_date + (p.id % 400) - 30 end
                             from pnps p where p.org_id = ${org.id} and p.id between ${from} and ${to}`);
    }
    await tx.execute(sql`analyze`);
    return { orgId: org.id };
  });
}

async function signIn(base: string, login: string): Promise<string> {
  const first = await fetch(`${base}/api/sessions`);
  const csrf =
    first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .find((c) => c.startsWith(`${CSRF_COOKIE}=`))
      ?.slice(CSRF_COOKIE.length + 1) ?? '';
  const cookies = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${base}/api/auth/developer/login`, {
    method: 'POST',
    headers: { cookie: cookies, [CSRF_HEADER]: csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ credentials: { login, password: PASSWORD } }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${login} failed: ${res.status}`);
  return [cookies, ...res.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
}

async function time(base: string, cookie: string, url: string): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (i >= 2) times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Streams an export through a real socket (an injected request would hold the whole body) and watches memory. */
async function exportMemory(base: string, cookie: string, url: string) {
  global.gc?.();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  await new Promise<void>((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers: { cookie } }, (res) => {
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (const b of chunk) if (b === 10) lines++;
        });
        res.on('end', resolve);
        res.on('error', reject);
      })
      .on('error', reject);
  });
  clearInterval(timer);
  return {
    seconds: (performance.now() - started) / 1000,
    mb: bytes / 1e6,
    lines,
    heapGrowthMb: (peakHeap - before.heapUsed) / 1e6,
    rssGrowthMb: (peakRss - before.rss) / 1e6,
  };
}

const fileDir = mkdtempSync(path.join(os.tmpdir(), 'tenet-reporting-bench-'));
const database = await openDatabase({ databaseUrl: null, dataDir: '', memory: true });
const deps: Deps = {
  config: {
    ...loadConfig({ NODE_ENV: 'production' }),
    seedDemo: false,
    fileStoreDir: fileDir,
    webDist: path.join(fileDir, 'none'),
    loginRateLimitPerMinute: 100_000,
  },
  database,
  clock: systemClock,
  files: localFileStore(fileDir),
  log: pino({ level: 'silent' }),
};
const seeded = Date.now();
const { orgId } = await seed(deps);
process.stdout.write(`seeded ${PNPS} P&Ps (${PNPS * 2} versions) in ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`);
const app: App = await buildApp(deps);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
let failed = 0;
try {
  for (const who of ['bench.admin', 'bench.owner']) {
    const cookie = await signIn(base, who);
    const floor = await time(base, cookie, '/api/sessions');
    process.stdout.write(
      `\n${who}: floor GET sessions p50 ${floor.p50.toFixed(1)} ms, p95 ${floor.p95.toFixed(1)} ms\n`,
    );
    const urls = [
      ...DASH_FIGURES.map((f) => `/api/o/${orgId}/reporting/dash/${f}`),
      ...REPORT_KEYS.map((r) => `/api/o/${orgId}/reporting/${r}`),
    ];
    for (const url of urls) {
      const t = await time(base, cookie, url);
      const ratio = t.p95 / Math.max(floor.p95, 0.001);
      const met = ratio <= 3;
      if (!met) failed++;
      process.stdout.write(
        `${met ? 'ok  ' : 'SLOW'} ${url.replace(`/api/o/${orgId}/reporting/`, '').padEnd(32)} p50 ${t.p50.toFixed(1).padStart(7)} ms  p95 ${t.p95.toFixed(1).padStart(7)} ms  ${ratio.toFixed(1)}x floor\n`,
      );
    }
    if (who === 'bench.admin') {
      const csv = await exportMemory(base, cookie, `/api/o/${orgId}/reporting/pnp_documents?format=csv`);
      process.stdout.write(
        `export csv: ${csv.lines - 1} rows, ${csv.mb.toFixed(1)} MB in ${csv.seconds.toFixed(1)} s; heap growth ${csv.heapGrowthMb.toFixed(1)} MB, rss growth ${csv.rssGrowthMb.toFixed(1)} MB\n`,
      );
      const xlsx = await exportMemory(base, cookie, `/api/o/${orgId}/reporting/pnp_documents?format=xlsx`);
      process.stdout.write(
        `export xlsx: ${xlsx.mb.toFixed(1)} MB in ${xlsx.seconds.toFixed(1)} s; heap growth ${xlsx.heapGrowthMb.toFixed(1)} MB, rss growth ${xlsx.rssGrowthMb.toFixed(1)} MB\n`,
      );
    }
  }
} finally {
  await app.close();
  await database.close();
  rmSync(fileDir, { recursive: true, force: true });
}
process.stdout.write(`\n${failed} report routes over 3x the floor\n`);
