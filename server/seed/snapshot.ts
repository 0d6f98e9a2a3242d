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
 * run on top of it at start. Its dates are those of the build, so it is used only on the day it
 * was built (see snapshotIsCurrent).
 */
export interface DemoSnapshot {
  database: string;
  files: string;
  /** When the snapshot was seeded (an ISO instant, alone in the file). */
  seededAt: string;
}

/** A snapshot older than this is not copied in: a first start seeds the demo afresh instead. */
export const SNAPSHOT_MAX_AGE_MS = 24 * 3_600_000;

export const snapshotIn = (dir: string): DemoSnapshot => ({
  database: path.join(dir, 'pgdata.tar'),
  files: path.join(dir, 'files'),
  seededAt: path.join(dir, 'seeded-at.txt'),
});

export const snapshotExists = (snapshot: DemoSnapshot): boolean =>
  existsSync(snapshot.database) && existsSync(snapshot.files);

/**
 * True when the snapshot may be copied in at `now`: it exists and was seeded less than a day ago.
 * The demo is dated relative to its seeding (drafts started days ago, reviews and read
 * acknowledgements due in the coming weeks, a review reminder due "today"): a snapshot built a
 * week before the first start would greet its users with overdue work and a history that stopped
 * a week ago. Shifting every date of the snapshot by its age would have to know every date column
 * and every date written inside texts and change logs, so a stale snapshot (or one without its
 * seeding time, from an older build) is ignored and the demo seeded live, once, in ten-odd seconds.
 */
export function snapshotIsCurrent(snapshot: DemoSnapshot, now: Date): boolean {
  if (!snapshotExists(snapshot) || !existsSync(snapshot.seededAt)) return false;
  const seededAt = Date.parse(readFileSync(snapshot.seededAt, 'utf8').trim());
  if (Number.isNaN(seededAt)) return false;
  const age = now.getTime() - seededAt;
  return age >= 0 && age < SNAPSHOT_MAX_AGE_MS;
}

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
    const seededAt = systemClock.now();
    await seedDemo(deps);
    writeFileSync(target.seededAt, `${seededAt.toISOString()}\n`);
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
