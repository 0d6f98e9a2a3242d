import { writeDemoSnapshot } from './snapshot';

// The build writes the demo snapshot by running this file's compiled copy:
// `node dist/demo-snapshot.js dist/demo`.
const dir = process.argv[2];
if (!dir) {
  process.stderr.write('Usage: node dist/demo-snapshot.js <directory>\n');
  process.exit(2);
}
const started = Date.now();
await writeDemoSnapshot(dir);
process.stdout.write(`Prepared the demo data in ${dir}/ in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
