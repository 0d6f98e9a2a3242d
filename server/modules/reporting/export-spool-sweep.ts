import { lstat, readdir, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Deps } from '../../http/deps';
import { JOB } from '../../platform/jobs/job-names';
import type { JobDefinition } from '../../platform/jobs/runner';
import { EXPORT_SPOOL_PREFIX } from './export-spool-name';

/**
 * An export file nobody has written to for this long is a leftover of a process killed while it
 * wrote or sent it. Several application processes may share the temporary directory, so a younger
 * file may be another live process's export still being written: removing it would lose that
 * export. One still being sent is safe to remove (on POSIX its reader keeps reading), but which it
 * is cannot be told from outside, so only files idle for far longer than an export takes to write
 * are removed.
 */
export const EXPORT_SPOOL_MAX_IDLE_MS = 60 * 60 * 1000;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Exactly the spool's names (prefix, random UUID, extension): nothing else in the directory is ours. */
const SPOOL_FILE_NAME = new RegExp(
  `^${escapeRegExp(EXPORT_SPOOL_PREFIX)}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[a-z0-9]+$`,
);

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | null)?.code;

export interface ExportSpoolSweep {
  /** The directory the spool writes to (the system's temporary directory; tests give their own). */
  directory: string;
  /** The moment files' ages are measured from. */
  now: Date;
  log: Logger;
  maxIdleMs?: number;
}

/** Removes one leftover export file when it is a plain file idle since before `cutoffMs`. */
async function removeIfLeftover(file: string, cutoffMs: number, log: Logger): Promise<boolean> {
  try {
    // lstat, not stat: a symbolic link is judged as itself and never followed.
    const stats = await lstat(file);
    if (!stats.isFile() || stats.mtimeMs >= cutoffMs) return false;
    await unlink(file);
    return true;
  } catch (error) {
    // Gone already: another process's sweep, or the export's own clean-up, removed it meanwhile.
    if (errorCode(error) !== 'ENOENT') log.warn({ err: error, file }, 'A leftover export file could not be removed');
    return false;
  }
}

/**
 * Removes the export files a killed process left in `directory` (its request never ended, so
 * nothing removed them): plain files named as the spool names them, idle for longer than
 * `maxIdleMs`. Never throws: a directory that cannot be read is only logged.
 */
export async function sweepExportSpool({
  directory,
  now,
  log,
  maxIdleMs = EXPORT_SPOOL_MAX_IDLE_MS,
}: ExportSpoolSweep): Promise<{ removed: number }> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') log.warn({ err: error, directory }, 'The temporary directory could not be read');
    return { removed: 0 };
  }
  const cutoffMs = now.getTime() - maxIdleMs;
  let removed = 0;
  for (const name of names) {
    if (!SPOOL_FILE_NAME.test(name)) continue;
    if (await removeIfLeftover(path.join(directory, name), cutoffMs, log)) removed += 1;
  }
  return { removed };
}

/**
 * The sweep as a background job (ADR 0010), like the orphan file sweep: at start and every day at
 * 03:40 UTC. pg-boss runs it once among all processes, in whichever process takes it, so it sweeps
 * that process's temporary directory.
 */
export function exportSpoolSweepJob(deps: Pick<Deps, 'log'>, directory = os.tmpdir()): JobDefinition {
  return {
    name: JOB.exportSpoolSweep,
    cron: '40 3 * * *',
    runAtStart: true,
    run: async ({ now }) => {
      const result = await sweepExportSpool({ directory, now, log: deps.log });
      if (result.removed > 0) deps.log.info(result, 'Removed leftover export files');
      return result;
    },
  };
}
