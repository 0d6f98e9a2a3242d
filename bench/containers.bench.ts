// Containers budget (issue 4): GET o/{org}/containers for an organisation with 10,000 nodes comes
// from a constant number of SQL queries, whatever the size of the tree. On PGlite: every statement
// drizzle sends (the session lookup, the transaction's settings, the tree) is counted through the
// driver's query logger, for trees of 1,000 and 10,000 nodes, and the request is timed.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { Logger as DrizzleLogger } from 'drizzle-orm';
import { CSRF_COOKIE, CSRF_HEADER } from '../shared/api/errors';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { buildApp } from '../server/http/app';
import type { Deps } from '../server/http/deps';
import type { App } from '../server/http/routes';
import { systemClock } from '../server/platform/clock';
import { localFileStore } from '../server/platform/file-store';
import { ADMIN_LOGIN, PASSWORD, READER_LOGIN, percentile, seedTree, type TreeSeed } from './containers-fixture';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SIZES = (process.env.BENCH_NODES ?? '1000,10000').split(',').map(Number);

/** Counts the statements the driver runs (drizzle's logger sees every one, transactions included). */
class QueryCounter implements DrizzleLogger {
  count = 0;
  statements: string[] = [];
  logQuery(query: string): void {
    this.count++;
    this.statements.push(query.replace(/\s+/g, ' ').slice(0, 80));
  }
  reset(): void {
    this.count = 0;
    this.statements = [];
  }
}

function attachCounter(database: Database, counter: QueryCounter): void {
  // The session's logger is handed to every prepared query, and its options to every transaction's session.
  const session = (
    database.db as unknown as { session: { logger: DrizzleLogger; options: { logger?: DrizzleLogger } } }
  ).session;
  session.logger = counter;
  session.options.logger = counter;
}

type Call = (url: string) => Promise<{ status: number; body: string }>;

async function signIn(app: App, login: string): Promise<Call> {
  const cookies = new Map<string, string>();
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: { cookies: Array<{ name: string; value: string }> }) => {
    for (const c of res.cookies) cookies.set(c.name, c.value);
  };
  remember(await app.inject({ method: 'GET', url: '/api/sessions' }));
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/developer/login',
    headers: { cookie: header(), [CSRF_HEADER]: cookies.get(CSRF_COOKIE) ?? '', 'content-type': 'application/json' },
    payload: JSON.stringify({ credentials: { login, password: PASSWORD } }),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${res.statusCode} ${res.body}`);
  remember(res);
  return async (url) => {
    const r = await app.inject({ method: 'GET', url, headers: { cookie: header() } });
    return { status: r.statusCode, body: r.body };
  };
}

interface Row {
  nodes: number;
  who: string;
  items: number;
  queries: number;
  p50: number;
  p95: number;
}

async function measureSize(nodes: number): Promise<{ seed: TreeSeed; rows: Row[]; statements: string[] }> {
  const fileDir = mkdtempSync(path.join(os.tmpdir(), 'tenet-tree-bench-'));
  const database = await openDatabase({ databaseUrl: null, dataDir: '', memory: true });
  const started = Date.now();
  const seed = await seedTree(database, nodes);
  process.stdout.write(
    `seeded ${seed.containers} containers and ${seed.pnps} P&Ps in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  const config = {
    ...loadConfig({ NODE_ENV: 'production' }),
    seedDemo: false,
    fileStoreDir: fileDir,
    webDist: path.join(fileDir, 'none'),
    loginRateLimitPerMinute: 100_000,
  };
  const deps: Deps = {
    config,
    database,
    clock: systemClock,
    files: localFileStore(fileDir),
    log: pino({ level: 'silent' }),
  };
  const app = await buildApp(deps);
  await app.ready();
  const counter = new QueryCounter();
  attachCounter(database, counter);
  const rows: Row[] = [];
  let statements: string[] = [];
  try {
    const cases = [
      {
        who: 'admin, bypass_val=true (whole tree)',
        login: ADMIN_LOGIN,
        url: `/api/o/${seed.orgId}/containers?bypass_val=true`,
      },
      { who: 'reader (roles via group + overrides)', login: READER_LOGIN, url: `/api/o/${seed.orgId}/containers` },
    ];
    for (const c of cases) {
      const call = await signIn(app, c.login);
      const first = await call(c.url);
      if (first.status !== 200) throw new Error(`GET containers failed: ${first.status} ${first.body.slice(0, 200)}`);
      counter.reset();
      await call(c.url);
      const queries = counter.count;
      if (c.login === ADMIN_LOGIN) statements = [...counter.statements];
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await call(c.url);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const items = (JSON.parse(first.body) as { items: unknown[] }).items.length;
      rows.push({ nodes, who: c.who, items, queries, p50: percentile(times, 50), p95: percentile(times, 95) });
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(fileDir, { recursive: true, force: true });
  }
  return { seed, rows, statements };
}

async function main(): Promise<void> {
  const all: Row[] = [];
  let lastStatements: string[] = [];
  for (const size of SIZES) {
    const { rows, statements } = await measureSize(size);
    all.push(...rows);
    lastStatements = statements;
  }
  process.stdout.write(`\nGET o/{org}/containers on PGlite, ${RUNS} runs each\n`);
  process.stdout.write(
    `${'nodes'.padStart(6)}  ${'caller'.padEnd(38)}${'items'.padStart(7)}${'queries'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}\n`,
  );
  for (const r of all) {
    process.stdout.write(
      `${String(r.nodes).padStart(6)}  ${r.who.padEnd(38)}${String(r.items).padStart(7)}${String(r.queries).padStart(9)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}\n`,
    );
  }
  process.stdout.write(
    `\nstatements of one admin request at ${SIZES.at(-1)} nodes:\n${lastStatements.map((s) => `  ${s}`).join('\n')}\n`,
  );
  const byCaller = new Map<string, Set<number>>();
  for (const r of all) byCaller.set(r.who, (byCaller.get(r.who) ?? new Set()).add(r.queries));
  const constant = [...byCaller.values()].every((set) => set.size === 1);
  process.stdout.write(`\nquery count constant across tree sizes: ${constant ? 'yes' : 'NO'}\n`);
  if (!constant) process.exitCode = 1;
}

await main();
