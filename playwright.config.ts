import { defineConfig } from '@playwright/test';

// Browser tests run against the compiled server (dist/main.js, as `npm start` runs it) on its own
// port and a fresh embedded database, serving the built web application (scripts/e2e.mjs builds
// both first). Debian's Chromium (its headless shell), never a download.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// scripts/e2e.mjs names the data directory so that it can remove exactly this run's database after.
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${Date.now()}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: '.tmp/test-results',
  fullyParallel: false,
  // Two cores: one server, and at most two browsers beside it.
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  // Generous for a busy 2-core machine: the slowest journeys took 45-57 s under full load.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    // The trace keeps its DOM snapshots but not a screencast: recording frames for every test made
    // Chromium composite in software all the time, a third of the suite's CPU on two cores (ADR 0028).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // scripts/e2e.mjs sets it (Debian's headless shell by default: scripts/ensure-chromium.mjs).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --enable-source-maps dist/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      WEB_DIST: 'web/dist',
      // Every test signs in through the API, all from one address: on a fast machine two workers
      // pass the production limit of 100 sign-ins a minute. The limit itself is tested by the API
      // and security suites, against the server, with their own setting.
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
});
