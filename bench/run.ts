// `npm run bench`: runs every bench/*.bench.ts one after another (they measure; they do not assert
// in the test suite) and reports which ones failed to run. Pass names to run only some.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname);
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

let failures = 0;
for (const file of files) {
  process.stdout.write(`\n=== ${file} ===\n`);
  const result = spawnSync(path.resolve('node_modules/.bin/tsx'), [path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failures++;
}
process.stdout.write(`\n${files.length - failures} benchmarks ran, ${failures} failed\n`);
process.exit(failures ? 1 : 0);
