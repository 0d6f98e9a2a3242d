import { lstat, lutimes, mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB } from '../../platform/jobs/job-names';
import { EXPORT_SPOOL_MAX_IDLE_MS, exportSpoolSweepJob, sweepExportSpool } from './export-spool-sweep';
import { EXPORT_SPOOL_PREFIX, exportSpoolFileName } from './export-spool-name';

interface LogLine {
  level: number;
  msg: string;
  removed?: number;
}
const WARN = 40;
const INFO = 30;
const MINUTE = 60 * 1000;

/**
 * A moment far from the real clock: files are aged relative to it, so a sweep that measured ages
 * from the real clock instead of the `now` it is given would find every file young.
 */
const now = new Date('2031-06-15T12:00:00Z');
const roots: string[] = [];
let dir: string;
let lines: LogLine[];
let log: pino.Logger;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tenet-spool-sweep-'));
  roots.push(dir);
  lines = [];
  log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
});
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

/** Writes a file in the test's directory, last written `idleMs` before `now`. */
async function file(name: string, idleMs: number): Promise<string> {
  const where = path.join(dir, name);
  await writeFile(where, 'Name,Status\r\n');
  await age(where, idleMs);
  return name;
}
async function age(where: string, idleMs: number): Promise<void> {
  const when = new Date(now.getTime() - idleMs);
  await utimes(where, when, when);
}
const OLD = EXPORT_SPOOL_MAX_IDLE_MS + MINUTE;
const YOUNG = EXPORT_SPOOL_MAX_IDLE_MS - MINUTE;

const listing = async (): Promise<string[]> => (await readdir(dir)).sort();
const warnings = (): LogLine[] => lines.filter((line) => line.level === WARN);
const sweep = () => sweepExportSpool({ directory: dir, now, log });

describe('the sweep of leftover export files', () => {
  it('removes CSV and XLSX export files nobody has written to for longer than the threshold', async () => {
    await file(exportSpoolFileName('csv'), OLD);
    await file(exportSpoolFileName('xlsx'), OLD);

    expect(await sweep()).toEqual({ removed: 2 });
    expect(await listing()).toEqual([]);
  });

  it('keeps an export file written to within the threshold (another process may still be writing it)', async () => {
    const young = await file(exportSpoolFileName('csv'), YOUNG);
    await file(exportSpoolFileName('csv'), OLD);

    expect(await sweep()).toEqual({ removed: 1 });
    expect(await listing()).toEqual([young]);
  });

  it('keeps old files whose names are not exactly those the spool makes', async () => {
    const uuid = exportSpoolFileName('csv').slice(EXPORT_SPOOL_PREFIX.length, -'.csv'.length);
    const others = [
      `${EXPORT_SPOOL_PREFIX}report.csv`, // no UUID
      `${EXPORT_SPOOL_PREFIX}${uuid}`, // no extension
      `${EXPORT_SPOOL_PREFIX}${uuid}.csv.part`, // more after the extension
      `${EXPORT_SPOOL_PREFIX}${uuid.toUpperCase()}.csv`, // not as randomUUID writes it
      `other-${EXPORT_SPOOL_PREFIX}${uuid}.csv`, // the prefix not at the start
      `${uuid}.csv`, // no prefix
    ];
    for (const name of others) await file(name, OLD);
    await file(exportSpoolFileName('csv'), OLD);

    expect(await sweep()).toEqual({ removed: 1 });
    expect(await listing()).toEqual([...others].sort());
  });

  it('leaves a directory and a symbolic link with an export name alone, and the file the link points at', async () => {
    const folder = path.join(dir, exportSpoolFileName('csv'));
    await mkdir(folder);
    await writeFile(path.join(folder, 'inside.txt'), 'kept');
    await age(folder, OLD);
    const target = path.join(dir, await file('target.csv', OLD));
    const link = path.join(dir, exportSpoolFileName('xlsx'));
    await symlink(target, link);
    const when = new Date(now.getTime() - OLD);
    await lutimes(link, when, when); // the link itself old too: only its kind spares it

    expect(await sweep()).toEqual({ removed: 0 });
    expect((await lstat(folder)).isDirectory()).toBe(true);
    expect(await readdir(folder)).toEqual(['inside.txt']);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect((await lstat(target)).isFile()).toBe(true);
    expect(warnings()).toEqual([]);
  });

  it('answers nothing removed for a directory that does not exist, without a warning', async () => {
    await expect(sweepExportSpool({ directory: path.join(dir, 'missing'), now, log })).resolves.toEqual({
      removed: 0,
    });
    expect(warnings()).toEqual([]);
  });

  it('logs a warning, never throws, when the directory cannot be read', async () => {
    // A file where the directory should be (ENOTDIR): like a directory the server may not read,
    // which a test running as root cannot make.
    const notADirectory = path.join(dir, await file('plain.txt', OLD));

    await expect(sweepExportSpool({ directory: notADirectory, now, log })).resolves.toEqual({ removed: 0 });
    expect(warnings().map((line) => line.msg)).toEqual(['The temporary directory could not be read']);
  });

  it('two sweeps at once (two processes sharing the directory) remove each file once, without a warning', async () => {
    const count = 40;
    for (let i = 0; i < count; i += 1) await file(exportSpoolFileName('csv'), OLD);

    const [first, second] = await Promise.all([sweep(), sweep()]);

    expect(first.removed + second.removed).toBe(count);
    expect(await listing()).toEqual([]);
    expect(warnings()).toEqual([]);
  });
});

describe('the export sweep job', () => {
  it('logs how many files it removed, at info, and logs nothing when there were none', async () => {
    await file(exportSpoolFileName('csv'), OLD);
    const job = exportSpoolSweepJob({ log }, dir);
    const context = { now, signal: new AbortController().signal, log, job: { id: '1', name: job.name } };

    expect(job.name).toBe(JOB.exportSpoolSweep);
    expect(await job.run(context, {})).toEqual({ removed: 1 });
    expect(lines.filter((line) => line.level === INFO)).toMatchObject([
      { msg: 'Removed leftover export files', removed: 1 },
    ]);

    await job.run(context, {});
    expect(lines.filter((line) => line.level === INFO)).toHaveLength(1);
  });
});
