import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import type { Deps } from '../http/deps';
import { systemClock } from '../platform/clock';
import { localFileStore } from '../platform/file-store';
import { seedDemo } from './demo';

/**
 * The demo organisation, prepared at build time: an embedded database already migrated and
 * seeded, and the files its P&Ps point to. A first start on an empty data directory copies it in
 * instead of creating the database, running every migration and playing forty P&Ps through the
 * workflow (more than ten seconds of CPU on a small machine). Migrations added after the build still
 * run on top of it at start. Its dates are those of the build.
 */
export interface DemoSnapshot {
  database: string;
  files: string;
}

export const snapshotIn = (dir: string): DemoSnapshot => ({
  database: path.join(dir, 'pgdata.tar'),
  files: path.join(dir, 'files'),
});

export const snapshotExists = (snapshot: DemoSnapshot): boolean =>
  existsSync(snapshot.database) && existsSync(snapshot.files);

/** Seeds a fresh in-memory database and writes it, with its files, into `dir` (replacing what was there). */
export async function writeDemoSnapshot(dir: string): Promise<void> {
  const staging = `${dir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  const target = snapshotIn(staging);
  mkdirSync(target.files, { recursive: true });
  const config = { ...loadConfig({ NODE_ENV: 'production' }), fileStoreDir: target.files, seedDemo: true };
  const database = await openDatabase({ databaseUrl: null, dataDir: '', memory: true });
  try {
    const deps: Deps = {
      config,
      database,
      clock: systemClock,
      files: localFileStore(target.files),
      log: pino({ level: 'warn' }),
    };
    await seedDemo(deps);
    const dump = await database.dump!();
    writeFileSync(target.database, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
}

/** The snapshot's database as PGlite loads it, after copying its files into the file store. */
export function restoreDemoSnapshot(snapshot: DemoSnapshot, fileStoreDir: string): Blob {
  mkdirSync(fileStoreDir, { recursive: true });
  cpSync(snapshot.files, fileStoreDir, { recursive: true });
  return new Blob([readFileSync(snapshot.database)]);
}
