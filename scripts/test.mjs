// `npm test`: lint, type checks, the build (web application and compiled server, once), unit and
// API tests (among them the compiled server started as `npm start` runs it), the web bundle's size
// budget, and the browser tests in Debian's Chromium. Ends with one line: 'N passed, N failed'.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { buildDemoSnapshot, buildServer } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { bin, run } from './run.mjs';

const started = Date.now();
const steps = [];
let passed = 0;
let failed = 0;

async function step(name, fn) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const t0 = Date.now();
  const code = await fn();
  steps.push({ name, ok: code === 0, seconds: Math.round((Date.now() - t0) / 1000) });
  return code === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numTotalTests === 0 ? 1 : 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.stats?.expected ?? 0;
  failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0) * 0;
}

mkdirSync('.tmp', { recursive: true });
rmSync('.tmp/vitest.json', { force: true });
rmSync('.tmp/playwright.json', { force: true });

await step('lint', () => run(bin('eslint'), ['.', '--max-warnings', '0']));
await step(
  'typecheck',
  async () =>
    (await run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])) ||
    run(bin('tsc'), ['-p', 'web/tsconfig.json', '--noEmit']),
);
const built = await step(
  'build',
  async () => (await buildWebIfStale({ force: true })) || (await buildServer()) || buildDemoSnapshot(),
);
await step('unit and API tests', () =>
  run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', '--outputFile=.tmp/vitest.json']),
);
countVitest('.tmp/vitest.json');
if (built && existsSync('scripts/check-bundle.mjs'))
  await step('bundle budget', () => run('node', ['scripts/check-bundle.mjs']));
if (process.env.SKIP_E2E !== '1' && built) {
  const haveBrowser = await step('chromium', async () => ((await ensureChromium()) ? 0 : 1));
  if (haveBrowser) {
    await step('browser tests', () =>
      run('node', ['scripts/e2e.mjs'], {
        env: { ...process.env, SKIP_WEB_BUILD: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json' },
      }),
    );
    countPlaywright('.tmp/playwright.json');
  }
}

process.stdout.write('\n=== summary ===\n');
for (const s of steps) process.stdout.write(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds}s)\n`);
const allOk = steps.every((s) => s.ok);
if (!allOk && failed === 0) failed = steps.filter((s) => !s.ok).length;
process.stdout.write(`total time ${Math.round((Date.now() - started) / 1000)}s\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(allOk ? 0 : 1);
