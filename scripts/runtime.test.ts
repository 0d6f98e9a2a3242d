import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The production runtime as a process manager sees it: `npm start` serves the compiled server, and
// a signal to the process npm began stops the whole application, releasing the port and the
// embedded database's lock. The test builds nothing: `npm test` compiles the server first.
const compiled = existsSync('dist/main.js');
// With the demo data prepared by the build, the first start copies it in (the quickest start, and
// the path a new user takes); without it, no demo data rather than seconds of seeding.
const demoPrepared = existsSync('dist/demo/pgdata.tar');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(true)));
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited early with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe.skipIf(!compiled)('npm start', () => {
  it('stops the whole application on SIGTERM to the npm process: exits, frees the port, releases the database lock', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tenet-runtime-'));
    dataDirs.push(dataDir);
    const npm = spawn('npm', ['start'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        // The key file in DATA_DIR, whatever the calling shell sets.
        SECRETS_KEY: '',
        SEED_DEMO: String(demoPrepared),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // npm test has just built everything: start what is built.
        SKIP_BUILD: '1',
      },
      stdio: 'ignore',
    });
    try {
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, npm, 60_000);
      const lockFile = path.join(dataDir, 'tenet.lock');
      expect(existsSync(lockFile)).toBe(true);
      // With no SECRETS_KEY, the first start makes the key of the stored secrets, readable by its owner only.
      expect(statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);

      npm.kill('SIGTERM');

      expect(await exited(npm, 12_000)).toBe(true);
      expect(await portIsFree(port)).toBe(true);
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
    }
    // A few seconds on an idle machine; the margin is for two cores shared with other work.
  }, 90_000);
});
