// Compiles the server ahead of time: `server/main.ts` into `dist/main.js` and every
// `server/workers/<name>.worker.ts` into `dist/workers/<name>.worker.js` (the layout that
// server/platform/worker-entry.ts expects), with the database migrations beside main.js because
// server/db/client.ts reads them from `import.meta.dirname/migrations`. Packages stay external:
// node_modules is used at run time, so the bundle holds only the project's own code.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { run } from './run.mjs';

const OUT = 'dist';
/** Built beside, then swapped in: a failed build leaves the last good dist/ in place. */
const STAGING = path.join('.tmp', 'server-build');
const MAIN = 'server/main.ts';
const WORKERS = 'server/workers';
const MIGRATIONS = 'server/db/migrations';
/** The demo data prepared at build time (server/seed/snapshot.ts): kept across server rebuilds. */
export const DEMO_SNAPSHOT = path.join(OUT, 'demo');
/** What the compiled server is made of: newer than dist/main.js means a rebuild. */
const SOURCES = ['server', 'shared', 'package-lock.json', 'tsconfig.base.json', 'scripts/build-server.mjs'];

export function workerEntries() {
  if (!existsSync(WORKERS)) return {};
  const entries = {};
  for (const file of readdirSync(WORKERS)) {
    if (file.endsWith('.worker.ts')) entries[`workers/${file.slice(0, -'.ts'.length)}`] = path.join(WORKERS, file);
  }
  return entries;
}

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** True when dist/main.js is missing or older than anything it is built from. */
export function serverIsStale() {
  const main = path.join(OUT, 'main.js');
  if (!existsSync(main)) return true;
  const built = statSync(main).mtimeMs;
  return Math.max(...SOURCES.filter(existsSync).map(newestMtime)) > built;
}

export async function buildServer() {
  const started = Date.now();
  rmSync(STAGING, { recursive: true, force: true });
  mkdirSync(STAGING, { recursive: true });
  cpSync(MIGRATIONS, path.join(STAGING, 'migrations'), { recursive: true });
  try {
    await build({
      entryPoints: { main: MAIN, 'demo-snapshot': 'server/seed/snapshot.cli.ts', ...workerEntries() },
      outdir: STAGING,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
  } catch {
    // esbuild has printed the errors already.
    rmSync(STAGING, { recursive: true, force: true });
    return 1;
  }
  if (existsSync(DEMO_SNAPSHOT)) renameSync(DEMO_SNAPSHOT, path.join(STAGING, 'demo'));
  rmSync(OUT, { recursive: true, force: true });
  renameSync(STAGING, OUT);
  process.stdout.write(`Built the server into ${OUT}/ in ${Date.now() - started} ms.\n`);
  return 0;
}

/** Seeds the demo organisation into dist/demo with the compiled server (about ten seconds). */
export async function buildDemoSnapshot() {
  return run('node', [path.join(OUT, 'demo-snapshot.js'), DEMO_SNAPSHOT]);
}

export async function buildServerIfStale({ force = false } = {}) {
  if (!force && !serverIsStale()) return 0;
  return buildServer();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await buildServerIfStale({ force: process.argv.includes('--force') }));
}
