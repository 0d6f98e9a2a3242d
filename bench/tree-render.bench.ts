// Tree budget (issue 4): the manage screen shows a tree of 10,000 nodes in Chromium in under 200 ms.
// Seeds an organisation with 10,000 nodes on PGlite, builds the web application into a directory
// of its own, starts the real server on it, and opens orgs/{org}/manage in Debian's Chromium as the
// org admin (the whole tree). Measured in the page with the User Timing marks the screen sets:
// from the tree data arriving ('manage-tree-data') to the tree committed to the DOM
// ('manage-tree-rendered'), then "Expand All" (every one of the 10,000 nodes in the virtual list).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '../shared/api/errors';
import { openDatabase } from '../server/db/client';
import { ADMIN_LOGIN, PASSWORD, percentile, seedTree } from './containers-fixture';

const NODES = Number(process.env.BENCH_NODES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3197);
const BUDGET_MS = 200;
const base = `http://localhost:${PORT}`;

interface BrowserGlobals {
  document: { querySelector(selector: string): { click(): void } | null };
  requestAnimationFrame(callback: () => void): number;
}

async function waitForServer(server: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start in 2 minutes');
}

/** One page load: data-to-DOM time of the first render, and of Expand All. */
async function measureOnce(page: Page, url: string): Promise<{ render: number; expand: number; rows: number }> {
  await page.goto(url);
  await page.getByRole('tree').waitFor();
  await page.waitForFunction(() => performance.getEntriesByName('manage-tree-rendered').length > 0);
  const render = await page.evaluate(() => {
    const data = performance.getEntriesByName('manage-tree-data').at(-1)!;
    const rendered = performance.getEntriesByName('manage-tree-rendered').at(-1)!;
    return rendered.startTime - data.startTime;
  });
  const expand = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // This runs in the page (the bench itself has no DOM types).
        const browser = globalThis as unknown as BrowserGlobals;
        const button = browser.document.querySelector('button[aria-label="Expand All"]')!;
        const t0 = performance.now();
        button.click();
        // The click is a discrete event: React commits before it returns; wait for the next frame too.
        browser.requestAnimationFrame(() => resolve(performance.now() - t0));
      }),
  );
  const rows = await page.getByRole('treeitem').count();
  return { render, expand, rows };
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'tenet-tree-render-'));
  const dataDir = path.join(work, 'data');
  const dist = path.join(work, 'dist');
  let server: ChildProcess | null = null;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const database = await openDatabase({ databaseUrl: null, dataDir });
    const seed = await seedTree(database, NODES, 'tree-render');
    await database.close();
    process.stdout.write(`seeded ${seed.containers} containers and ${seed.pnps} P&Ps\n`);
    const built = spawnSync(
      'node_modules/.bin/vite',
      ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'],
      {
        stdio: 'inherit',
      },
    );
    if (built.status !== 0) throw new Error('the web build failed');
    server = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        WEB_DIST: dist,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForServer(server);

    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.request.get('/api/sessions');
    const csrf = (await context.cookies()).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
    const login = await page.request.post('/api/auth/developer/login', {
      headers: { [CSRF_HEADER]: decodeURIComponent(csrf) },
      data: { credentials: { login: ADMIN_LOGIN, password: PASSWORD } },
    });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    const url = `/orgs/${seed.orgId}/manage`;
    await measureOnce(page, url); // warm-up: caches, code chunks

    const renders: number[] = [];
    const expands: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS; i++) {
      const result = await measureOnce(page, url);
      renders.push(result.render);
      expands.push(result.expand);
      rows = result.rows;
    }
    renders.sort((a, b) => a - b);
    expands.sort((a, b) => a - b);
    const line = (label: string, list: number[]) =>
      `${label.padEnd(44)}${percentile(list, 50).toFixed(1).padStart(9)}${percentile(list, 95).toFixed(1).padStart(9)}${list.at(-1)!.toFixed(1).padStart(9)}\n`;
    process.stdout.write(
      `\nmanage tree of ${seed.containers + seed.pnps} nodes in Chromium, ${RUNS} page loads (ms)\n`,
    );
    process.stdout.write(`${''.padEnd(44)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'max'.padStart(9)}\n`);
    process.stdout.write(line('data -> tree in the DOM (binders open)', renders));
    process.stdout.write(line('Expand All (all nodes in the virtual list)', expands));
    process.stdout.write(`rows in the DOM after Expand All: ${rows} (virtual scrolling)\n`);
    // The machine is shared (2 cores, other work running): the median is the budget's figure; the
    // tail is printed with the load average so that a noisy run can be recognised as such.
    const median = Math.max(percentile(renders, 50), percentile(expands, 50));
    const tail = Math.max(percentile(renders, 95), percentile(expands, 95));
    process.stdout.write(
      `load average: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores\n`,
    );
    process.stdout.write(
      `budget ${BUDGET_MS} ms: median ${median <= BUDGET_MS ? 'met' : 'NOT met'}, p95 ${tail <= BUDGET_MS ? 'met' : 'not met'}\n`,
    );
    if (median > BUDGET_MS) process.exitCode = 1;
    await context.close();
  } finally {
    await browser.close();
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
