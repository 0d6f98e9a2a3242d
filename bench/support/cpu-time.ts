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

/**
 * CPU seconds so far of the application, and of each process of the local PostgreSQL by pid (null:
 * not on this machine).
 */
export interface CpuReading {
  app: number | null;
  database: ReadonlyMap<number, number> | null;
}

export type CpuSampler = () => CpuReading;

/** A sampler for one application process, and for PostgreSQL when the fixture lives in a server on this machine. */
export function cpuSampler(appPid: number, localPostgres: boolean): CpuSampler {
  return () => {
    let database: Map<number, number> | null = null;
    if (localPostgres) {
      database = new Map();
      for (const pid of postgresPids()) {
        const seconds = processCpuSeconds(pid);
        if (seconds !== null) database.set(pid, seconds);
      }
      if (database.size === 0) database = null;
    }
    return { app: processCpuSeconds(appPid), database };
  };
}

/**
 * CPU seconds spent between two readings, by the application and by PostgreSQL. The database's is
 * what each process alive at the second reading used since the first (all of it for one started
 * since): a backend that ended in between takes its last part with it, so the figure is a floor.
 * Summing the processes' totals instead made one ended backend subtract its whole life from the
 * rest (a search's row read "0 us" when the pool replaced a connection during its load).
 */
export function cpuBetween(before: CpuReading, after: CpuReading): { app: number | null; database: number | null } {
  const app = before.app === null || after.app === null ? null : Math.max(0, after.app - before.app);
  if (before.database === null || after.database === null) return { app, database: null };
  let database = 0;
  for (const [pid, seconds] of after.database) database += Math.max(0, seconds - (before.database.get(pid) ?? 0));
  return { app, database };
}

/** Microseconds of CPU per response, or null when the seconds are unknown. */
export function microsecondsEach(seconds: number | null, responses: number): number | null {
  if (seconds === null || responses === 0) return null;
  return (seconds * 1e6) / responses;
}
