import pg from 'pg';
import type { JobDefinition } from '../runner';

/** Tables the durable-job tests read: every attempt, and the job's one effect (unique per job). */
export const DURABLE_TABLES_SQL = `
  create table if not exists job_attempts (job_id text not null, pid integer not null, at timestamptz not null default now());
  create table if not exists job_effects (job_id text primary key, pid integer not null)`;

/**
 * A job whose effect commits in one transaction with its work: an attempt killed midway leaves no
 * effect, and the retry writes it. `holdSeconds` keeps the transaction open (the test kills the
 * process meanwhile); `onStarted` is told once the attempt is recorded.
 */
export function durableJob(
  databaseUrl: string,
  options: { holdSeconds: number; onStarted?: (jobId: string) => void },
): JobDefinition & { close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // The test drops the database at the end, which ends idle connections: not an error here.
  pool.on('error', () => undefined);
  return {
    name: 'durable-test',
    retryLimit: 3,
    retryDelaySeconds: 1,
    expireInSeconds: 3,
    async run({ job }) {
      await pool.query('insert into job_attempts (job_id, pid) values ($1, $2)', [job.id, process.pid]);
      options.onStarted?.(job.id);
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('insert into job_effects (job_id, pid) values ($1, $2)', [job.id, process.pid]);
        // Held open by the process, not by the server (pg_sleep would keep the server busy after the
        // process died): a killed process's connection closes and the server rolls back at once.
        if (options.holdSeconds > 0) await new Promise((resolve) => setTimeout(resolve, options.holdSeconds * 1000));
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      return { pid: process.pid };
    },
    close: () => pool.end(),
  };
}
