#!/usr/bin/env node
// Browser tests: builds the web application (unless SKIP_WEB_BUILD=1) and the server when its
// compiled copy is older than its sources, then runs Playwright with the arguments given
// (e.g. `npm run test:e2e -- e2e/shell/sign-in.spec.ts`). Installs Debian's Chromium when it is
// missing, as `npm test` does, and tells Playwright where it is (CHROMIUM_PATH).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildServerIfStale } from './build-server.mjs';
import { CHROMIUM, ensureChromium } from './ensure-chromium.mjs';

const bin = (name) => join('node_modules', '.bin', name);
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env: process.env }).status ?? 1;

if (!(await ensureChromium())) {
  console.error(
    `e2e: ${CHROMIUM} is missing and could not be installed from Debian (never \`npx playwright install\`).`,
  );
  process.exit(1);
}
process.env.CHROMIUM_PATH = CHROMIUM;
if (process.env.SKIP_WEB_BUILD !== '1') {
  const built = run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
  if (built !== 0) process.exit(built);
}
// The server is compiled in well under a second, so it is always brought up to date.
const serverBuilt = await buildServerIfStale();
if (serverBuilt !== 0) process.exit(serverBuilt);
// Each run seeds a fresh database of its own; it is removed afterwards unless asked to keep it.
const dataDir = process.env.E2E_DATA_DIR ?? join('.tmp', `e2e-data-${Date.now()}-${process.pid}`);
process.env.E2E_DATA_DIR = dataDir;
const code = run(bin('playwright'), ['test', ...process.argv.slice(2)]);
if (process.env.KEEP_E2E_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
