// CPU time of the processes under load, read from /proc: what one request costs the server and the
// database, whatever else the two cores are doing at the time. Requests per second on this machine
// move by up to 30% between runs of the same code (three processes share two cores: the load
// generator, Node and PostgreSQL); the CPU a request costs moves by a few percent.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, almost always 100). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User plus system CPU seconds of one process (all its threads), or null when it is gone. */
function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

/** The processes of the PostgreSQL server on this machine (postmaster and every backend). */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** CPU seconds so far of the application and of the local PostgreSQL (null: not on this machine). */
export interface CpuReading {
  app: number | null;
  database: number | null;
}

export type CpuSampler = () => CpuReading;

/**
 * A sampler for one application process, and for PostgreSQL when the fixture lives in a server on
 * this machine. Backends that end between two readings take their time with them, so the database's
 * figure is a floor; the bench's connections are pooled and live through a measurement.
 */
export function cpuSampler(appPid: number, localPostgres: boolean): CpuSampler {
  return () => {
    let database: number | null = null;
    if (localPostgres) {
      const pids = postgresPids();
      database = pids.length ? pids.reduce((sum, pid) => sum + (processCpuSeconds(pid) ?? 0), 0) : null;
    }
    return { app: processCpuSeconds(appPid), database };
  };
}

/** Microseconds of CPU per response between two readings, or null when either is missing. */
export function microsecondsEach(before: number | null, after: number | null, responses: number): number | null {
  if (before === null || after === null || responses === 0) return null;
  // A backend that ended between the readings takes its time away from the sum: never below zero.
  return Math.max(0, ((after - before) * 1e6) / responses);
}
