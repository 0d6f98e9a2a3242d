import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SNAPSHOT_MAX_AGE_MS, snapshotIn, snapshotIsCurrent, type DemoSnapshot } from './snapshot';

const HOUR = 3_600_000;
let dir: string;
let snapshot: DemoSnapshot;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'demo-snapshot-'));
  snapshot = snapshotIn(dir);
  writeFileSync(snapshot.database, 'database');
  mkdirSync(snapshot.files);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('whether a first start copies in the demo snapshot', () => {
  const seeded = new Date('2026-03-02T09:00:00Z');
  const seededThen = () => writeFileSync(snapshot.seededAt, `${seeded.toISOString()}\n`);

  it('does on the day it was built: its dates are still those of today', () => {
    seededThen();
    expect(snapshotIsCurrent(snapshot, new Date(seeded.getTime() + 2 * HOUR))).toBe(true);
    expect(snapshotIsCurrent(snapshot, new Date(seeded.getTime() + SNAPSHOT_MAX_AGE_MS - 1))).toBe(true);
  });

  it('does not once it is a day old or more: its due dates and reminders would be in the past', () => {
    seededThen();
    expect(snapshotIsCurrent(snapshot, new Date(seeded.getTime() + SNAPSHOT_MAX_AGE_MS))).toBe(false);
    expect(snapshotIsCurrent(snapshot, new Date(seeded.getTime() + 7 * 24 * HOUR))).toBe(false);
  });

  it('does not when its seeding time is unknown, unreadable or ahead of the clock', () => {
    expect(snapshotIsCurrent(snapshot, seeded)).toBe(false);
    writeFileSync(snapshot.seededAt, 'yesterday');
    expect(snapshotIsCurrent(snapshot, seeded)).toBe(false);
    seededThen();
    expect(snapshotIsCurrent(snapshot, new Date(seeded.getTime() - HOUR))).toBe(false);
  });

  it('does not when its database or files are missing', () => {
    seededThen();
    rmSync(snapshot.files, { recursive: true });
    expect(snapshotIsCurrent(snapshot, seeded)).toBe(false);
  });
});
