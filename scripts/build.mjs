// `npm run build` and the package's prepare step (which `npm ci` and `npm install` run): builds
// the web application into web/dist, the server into dist/, and the demo data a first start
// copies instead of seeding (dist/demo). An install without the build tools
// (`npm ci --omit=dev`, for an image that ships a prebuilt dist/) skips it with a note.
import { existsSync } from 'node:fs';
import { buildDemoSnapshot, buildServer } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';

const preparing = process.argv.includes('--prepare');
if (preparing && !(existsSync('node_modules/vite') && existsSync('node_modules/esbuild'))) {
  process.stdout.write('Build tools are not installed (production install): skipping the build.\n');
  process.exit(0);
}
const started = Date.now();
const web = await buildWebIfStale({ force: true });
if (web !== 0) process.exit(web);
const server = (await buildServer()) || (await buildDemoSnapshot());
if (server === 0)
  process.stdout.write(
    `Built the web application, the server and the demo data in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
process.exit(server);
