// Builds the web application when web/dist is missing or older than any source it is built from,
// and writes a brotli and a gzip copy beside each hashed text asset: the server sends those as they
// are (no compression work per request), and browsers cache the hashed names for a year.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { bin, run } from './run.mjs';

const DIST_INDEX = 'web/dist/index.html';
const ASSETS = 'web/dist/assets';
/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;
/** Below this size a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function compressAssets() {
  const names = readdirSync(ASSETS).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(ASSETS, name);
      const bytes = await readFile(file);
      if (bytes.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}
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
  const code = await run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
  if (code !== 0) return code;
  await compressAssets();
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await buildWebIfStale({ force: process.argv.includes('--force') }));
}
