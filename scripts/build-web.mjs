// Builds the web application when web/dist is missing or older than any source it is built from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { bin, run } from './run.mjs';

const DIST_INDEX = 'web/dist/index.html';
const SOURCES = ['web', 'shared', 'package-lock.json'];

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    if (child === 'dist' || child === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

export async function buildWebIfStale({ force = false } = {}) {
  const built = existsSync(DIST_INDEX) ? statSync(DIST_INDEX).mtimeMs : 0;
  const newest = Math.max(...SOURCES.filter(existsSync).map(newestMtime));
  if (!force && built > newest) return 0;
  process.stdout.write('Building the web application...\n');
  return run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await buildWebIfStale({ force: process.argv.includes('--force') }));
}
