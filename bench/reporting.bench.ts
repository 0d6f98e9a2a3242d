// Reporting budget (issue 15): each report's and dashboard figure's first page on an organisation of
// 50,000 P&Ps within 3x the p95 of GET sessions measured in the same run (request by request in turn
// with each route), for an org admin and for a binder owner who owns half; approval turnaround over
// the default year is timed beside them, as kept and, after a write it reads, computed afresh; and a
// 100,000-row export streamed with the server's memory flat (the heap and RSS growth while it
// streams are printed next to the size of the file).
// BENCH_PNPS (default 50000), BENCH_RUNS (default 100: a p95 of 15 or 30 runs is the second-slowest
// request, which a neighbour's burst decides). On PGlite (in memory) by default; with
// BENCH_REPORTS_DATABASE_URL on that PostgreSQL database instead, where a fixture seeded by an
// earlier run is reused (BENCH_RESEED=1 makes the database again and seeds it). BENCH_ONLY=a,b keeps only the routes whose
// path contains one of the words; BENCH_EXPORT=0 skips the exports.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { CSRF_COOKIE, CSRF_HEADER } from '../shared/api/errors';
import { DASH_FIGURES, REPORT_KEYS } from '../shared/api/reporting';
import { loadConfig } from '../server/config';
import { openDatabase, queryRows, type Tx } from '../server/db/client';
import { withSystem } from '../server/db/tenant';
import { buildApp } from '../server/http/app';
import type { Deps } from '../server/http/deps';
import type { App } from '../server/http/routes';
import { hashPassword } from '../server/modules/auth/password';
import { systemClock } from '../server/platform/clock';
import { localFileStore } from '../server/platform/file-store';

const PNPS = Number(process.env.BENCH_PNPS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const DATABASE_URL = process.env.BENCH_REPORTS_DATABASE_URL || null;
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const EXPORTS = process.env.BENCH_EXPORT !== '0';
/** People who act in the workflow and open documents (history, views): the turnaround's "by person". */
const STAFF = 20;
const TENANT = 'bench-reporting';
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
      sql`insert into organizations (name, tenant) values ('Bench reporting', ${TENANT}) returning id`,
    );
    const user = (login: string, admin: boolean) =>
      one<{ id: number }>(
        sql`insert into org_users (org_id, first_name, last_name, email, username, password_hash, is_admin)
            values (${org.id}, 'Bench', ${login}, ${`${login}@example.com`}, ${login}, ${hash}, ${admin}) returning id`,
      );
    await user('bench.admin', true);
    const owner = await user('bench.owner', false);
    await tx.execute(sql`insert into org_users (org_id, first_name, last_name, email, username, password_hash)
                         select ${org.id}, 'Staff', 'Member ' || lpad(i::text, 2, '0'), 'bench.staff' || i || '@example.com',
                                'bench.staff' || i, ${hash}
                           from generate_series(1, ${STAFF}) i`);
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
    await seedActivity(tx, org.id, range!.lo, range!.hi, 1_000);
    await tx.execute(sql`analyze`);
    return { orgId: org.id };
  });
}

/**
 * The workflow history behind every published version (Start Revision in Authoring, Submit to
 * Reviewing, Accept to Approving step 1, Approve to Publishing, Publish: 20 days in all, each stay
 * up to two days longer or shorter by P&P) and the opening of every draft, by the staff in turn;
 * and 100,000 openings of documents, a third of them on the first 100 P&Ps (popular documents).
 */
async function seedActivity(tx: Tx, orgId: number, lo: number, hi: number, chunk: number): Promise<void> {
  const staff = sql`(select array_agg(id order by id) as ids from org_users where org_id = ${orgId} and username like 'bench.staff%')`;
  for (let from = lo; from <= hi; from += chunk) {
    const to = from + chunk - 1;
    await tx.execute(sql`
      insert into workflow_history (org_id, pnp_id, document_id, actor_id, actor_name, action,
                                    from_status, to_status, from_stage, to_stage, from_step, to_step, created_at)
      select ${orgId}, d.pnp_id, d.id, s.ids[1 + (d.pnp_id + w.n) % ${STAFF}], 'Staff Member', w.action,
             w.fs, w.ts, w.fst, w.tst, w.fsp, w.tsp,
             d.published_at - w.before * interval '1 day' + case when w.n < 5 then (d.pnp_id * w.n) % 47 else 0 end * interval '1 hour'
        from pnp_documents d, ${staff} s,
             (values (1, 'Start Revision', null::int, 1, null::int, 2, null::int, null::int, 20),
                     (2, 'Submit', 1, 1, 2, 3, null, null, 14),
                     (3, 'Accept', 1, 1, 3, 4, null, 1, 8),
                     (4, 'Approve', 1, 1, 4, 5, 1, null, 2),
                     (5, 'Publish', 1, 2, 5, null, null, null, 0)) w(n, action, fs, ts, fst, tst, fsp, tsp, before)
       where d.org_id = ${orgId} and d.published_at is not null and d.pnp_id between ${from} and ${to}`);
    await tx.execute(sql`
      insert into workflow_history (org_id, pnp_id, document_id, actor_id, actor_name, action, to_status, to_stage, created_at)
      select ${orgId}, d.pnp_id, d.id, s.ids[1 + d.pnp_id % ${STAFF}], 'Staff Member', 'Create', 1, 2,
             now() - (d.pnp_id % 60) * interval '1 day'
        from pnp_documents d, ${staff} s
       where d.org_id = ${orgId} and d.status = 1 and d.pnp_id between ${from} and ${to}`);
  }
  const n = hi - lo + 1;
  for (let from = 1; from <= 100_000; from += 25_000) {
    await tx.execute(sql`
      insert into library_views (org_id, user_id, pnp_id, document_id, viewed_at)
      select ${orgId}, s.ids[1 + i % ${STAFF}], d.pnp_id, d.id, now() - (i % 2000) * interval '1 hour'
        from generate_series(${from}::int, ${from + 24_999}::int) i, ${staff} s,
             lateral (select x.pnp_id, x.id from pnp_documents x
                       where x.org_id = ${orgId}
                         and x.pnp_id = ${lo} + case when i % 3 = 0 then i % 100 else (i::bigint * 7919) % ${n} end
                       order by x.status = 2 desc, x.id desc limit 1) d`);
  }
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

async function fetchTime(base: string, cookie: string, url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

interface Timing {
  p50: number;
  p95: number;
  floorP50: number;
  floorP95: number;
}

/**
 * The route and the floor (GET sessions) in turn, request by request: on a shared machine whose
 * load changes from minute to minute, each route is judged against the floor of its own minutes.
 */
async function time(base: string, cookie: string, url: string): Promise<Timing> {
  const times: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const f = await fetchTime(base, cookie, '/api/sessions');
    const t = await fetchTime(base, cookie, url);
    if (i >= 2) {
      floor.push(f);
      times.push(t);
    }
  }
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    floorP50: percentile(floor, 50),
    floorP95: percentile(floor, 95),
  };
}

/**
 * A full garbage collection, for measuring what the server holds rather than what it has not yet
 * collected: `global.gc` when node runs with --expose-gc, else the same function made available now.
 */
const fullCollection =
  global.gc ??
  (() => {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  })();
const collectGarbage = (): void => fullCollection();

/**
 * Streams an export through a real socket (an injected request would hold the whole body) and watches
 * memory: every 100 ms a full collection, then the heap's size, so the growth is what the server
 * holds while the rows flow (sampled without collecting, a fast export's garbage counted as held).
 */
async function exportMemory(base: string, cookie: string, url: string) {
  collectGarbage();
  const before = process.memoryUsage();
  let peakHeld = before.heapUsed;
  let peakRss = before.rss;
  const timer = setInterval(() => {
    collectGarbage();
    const now = process.memoryUsage();
    peakHeld = Math.max(peakHeld, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 100);
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
    heapGrowthMb: (peakHeld - before.heapUsed) / 1e6,
    rssGrowthMb: (peakRss - before.rss) / 1e6,
  };
}

/**
 * BENCH_RESEED=1 on PostgreSQL: the fixture's database is dropped and made again, empty, before it
 * is opened (and migrated). Deleting the organisation instead cascades through every table's rows
 * and their triggers one by one (more than ten minutes at 50,000 P&Ps), and the tallies' triggers,
 * run by the cascade after the organisation's row is gone, fail its foreign key.
 */
async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    await client.query(`drop database if exists ${quoted} with (force)`);
    await client.query(`create database ${quoted}`);
  } finally {
    await client.end();
  }
}
if (DATABASE_URL && process.env.BENCH_RESEED === '1') await recreateDatabase(DATABASE_URL);

const fileDir = mkdtempSync(path.join(os.tmpdir(), 'tenet-reporting-bench-'));
// The seeding's statements insert tens of thousands of rows through the reporting triggers at once:
// on PGlite that can pass the 30 s a request's statement may take, so the bench's database allows
// ten minutes (the requests measured take milliseconds either way).
const database = await openDatabase({
  databaseUrl: DATABASE_URL,
  dataDir: '',
  memory: true,
  statementTimeoutMs: 600_000,
});
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
/** PostgreSQL: the fixture of an earlier run (none after BENCH_RESEED=1: its database was made again). */
async function existing(): Promise<{ orgId: number } | null> {
  if (!DATABASE_URL) return null;
  const [org] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from organizations where tenant = ${TENANT}`,
  );
  return org ? { orgId: org.id } : null;
}
const seeded = Date.now();
const reused = await existing();
const { orgId } = reused ?? (await seed(deps));
if (reused) process.stdout.write(`reusing the fixture of organisation ${orgId}\n`);
else {
  // Index-only scans need the visibility map: a vacuum, as autovacuum would do soon after a load.
  await database.db.execute(sql`vacuum analyze`);
  process.stdout.write(
    `seeded ${PNPS} P&Ps (${PNPS * 2} versions) in ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`,
  );
}
process.stdout.write(
  `database: ${database.kind}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
const app: App = await buildApp(deps);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
let failed = 0;
try {
  for (const who of ['bench.admin', 'bench.owner']) {
    const cookie = await signIn(base, who);
    const urls = [
      ...DASH_FIGURES.map((f) => `/api/o/${orgId}/reporting/dash/${f}`),
      ...REPORT_KEYS.map((r) => `/api/o/${orgId}/reporting/${r}`),
      `/api/o/${orgId}/reporting/approval_turnaround`,
    ].filter((url) => ONLY.length === 0 || ONLY.some((word) => url.includes(word)));
    process.stdout.write(`\n${who} (each route against GET sessions timed in turn with it)\n`);
    for (const url of urls) {
      const t = await time(base, cookie, url);
      const ratio = t.p95 / Math.max(t.floorP95, 0.001);
      const met = ratio <= 3;
      if (!met) failed++;
      process.stdout.write(
        `${met ? 'ok  ' : 'SLOW'} ${url.replace(`/api/o/${orgId}/reporting/`, '').padEnd(32)} p50 ${t.p50.toFixed(1).padStart(7)} ms  p95 ${t.p95.toFixed(1).padStart(7)} ms | floor p50 ${t.floorP50.toFixed(1).padStart(5)} p95 ${t.floorP95.toFixed(1).padStart(5)} ms | p95 ${ratio.toFixed(1)}x, p50 ${(t.p50 / Math.max(t.floorP50, 0.001)).toFixed(1)}x floor\n`,
      );
    }
    if (urls.some((url) => url.endsWith('/approval_turnaround'))) {
      // The figures above are served as kept (nothing changed between the requests). Here each
      // request follows a write they read (a person renamed and back), so each computes them afresh.
      const url = `/api/o/${orgId}/reporting/approval_turnaround`;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await withSystem(database.db, (tx) =>
          tx.execute(sql`update org_users set first_name = case when first_name = 'Staff' then 'Staff ' else 'Staff' end
                          where org_id = ${orgId} and username = 'bench.staff1'`),
        );
        times.push(await fetchTime(base, cookie, url));
      }
      process.stdout.write(
        `     approval_turnaround after a write p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms (computed afresh, not held to the budget)\n`,
      );
    }
    if (who === 'bench.admin' && EXPORTS) {
      const csv = await exportMemory(base, cookie, `/api/o/${orgId}/reporting/pnp_documents?format=csv`);
      process.stdout.write(
        `export csv: ${csv.lines - 1} rows, ${csv.mb.toFixed(1)} MB in ${csv.seconds.toFixed(1)} s; heap held grew ${csv.heapGrowthMb.toFixed(1)} MB at most, rss growth ${csv.rssGrowthMb.toFixed(1)} MB\n`,
      );
      const xlsx = await exportMemory(base, cookie, `/api/o/${orgId}/reporting/pnp_documents?format=xlsx`);
      process.stdout.write(
        `export xlsx: ${xlsx.mb.toFixed(1)} MB in ${xlsx.seconds.toFixed(1)} s; heap held grew ${xlsx.heapGrowthMb.toFixed(1)} MB at most, rss growth ${xlsx.rssGrowthMb.toFixed(1)} MB\n`,
      );
    }
  }
} finally {
  await app.close();
  await database.close();
  rmSync(fileDir, { recursive: true, force: true });
}
process.stdout.write(
  `\n${failed} report routes over 3x the floor; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
