import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tenet-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('refuses a second process on the same PGlite data directory with a clear message', async () => {
  const first = await openDatabase({ databaseUrl: null, dataDir: dir });
  // Another live process holds the lock: pretend with our parent's pid.
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path.join(dir, 'tenet.lock'), String(process.ppid));
  await expect(openDatabase({ databaseUrl: null, dataDir: dir })).rejects.toThrow(/in use by another Tenet process/);
  writeFileSync(path.join(dir, 'tenet.lock'), String(process.pid));
  await first.close();
}, 60_000);
