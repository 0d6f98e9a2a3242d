import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';
import { pgliteBossDb } from './boss-db';

/** pg-boss's own schema (ADR 0010): created and migrated by pg-boss with the owner's connection. */
export const BOSS_SCHEMA = 'pgboss';

/** What a job's handler is given. */
export interface JobContext {
  /** The application clock's now when the job started (tests move it). */
  now: Date;
  /** Aborted when the runner stops: a long job ends its loop early and is retried later. */
  signal: AbortSignal;
  log: Logger;
  job: { id: string; name: string };
}

/** One kind of background work: a pg-boss queue, its retry policy, and when it runs by itself. */
export interface JobDefinition {
  /** The queue name (letters, digits, dashes). */
  name: string;
  /** A cron expression in UTC; absent: the job runs only when sent. */
  cron?: string;
  /**
   * Also sent once when a runner starts (a daily run missed while the application was down).
   * Two processes starting within `startWindowSeconds` send it once between them.
   */
  runAtStart?: boolean;
  startWindowSeconds?: number;
  /** Attempts after the first; retries wait retryDelaySeconds, doubling each time (pg-boss back-off). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** An attempt still running after this long counts as failed (and is retried). */
  expireInSeconds?: number;
  run(context: JobContext, data: Record<string, unknown>): Promise<unknown>;
}

export interface JobRunnerOptions {
  database: Database;
  /** PostgreSQL: pg-boss opens its own small pool here. Null on the embedded PGlite (shared client). */
  databaseUrl: string | null;
  jobs: JobDefinition[];
  clock: Clock;
  log: Logger;
  /** How often an idle worker asks for work. */
  pollingIntervalSeconds?: number;
  /** How often expired attempts are failed (and so retried) and old jobs archived. */
  maintenanceIntervalSeconds?: number;
  /** Whether this runner's cron clock sends the scheduled jobs (every runner may: they agree on one). */
  schedule?: boolean;
}

export interface JobRunner {
  readonly boss: PgBoss;
  /** Creates or updates the queues and schedules, then starts working. */
  start(): Promise<void>;
  /** Sends a job now (or at `options.startAfter`); answers its id, or null when a singleton dropped it. */
  send(name: string, data?: Record<string, unknown>, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Stops fetching, lets running jobs finish for up to `graceMs` (longer ones are marked failed and
   * retried by the next start), and closes pg-boss's connections.
   */
  stop(graceMs?: number): Promise<void>;
}

const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 15 * 60, startWindowSeconds: 3600 };

/** A durable job runner on pg-boss, on PostgreSQL (own pool) or on the embedded PGlite (adapter). */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, log, clock } = options;
  const connection: PgBoss.DatabaseOptions =
    database.kind === 'postgres'
      ? { connectionString: requireUrl(options.databaseUrl), max: 3, application_name: 'tenet-jobs' }
      : { db: pgliteBossDb(database) };
  const boss = new PgBoss({
    ...connection,
    schema: BOSS_SCHEMA,
    migrate: true,
    supervise: true,
    schedule: options.schedule ?? true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  // Without a listener an 'error' event would end the process; pg-boss retries its loops itself.
  boss.on('error', (error) => log.warn({ err: error }, 'background jobs: pg-boss reported an error'));
  const abort = new AbortController();
  const byName = new Map(options.jobs.map((job) => [job.name, job]));

  const handle = async (definition: JobDefinition, job: PgBoss.Job<Record<string, unknown>>): Promise<unknown> => {
    const started = Date.now();
    try {
      const result = await definition.run(
        { now: clock.now(), signal: abort.signal, log, job: { id: job.id, name: job.name } },
        job.data ?? {},
      );
      log.debug({ job: job.name, id: job.id, ms: Date.now() - started }, 'background job done');
      return result;
    } catch (error) {
      log.warn({ err: error, job: job.name, id: job.id }, 'background job failed; it will be retried');
      throw error;
    }
  };

  return {
    boss,
    async start() {
      await boss.start();
      for (const definition of options.jobs) {
        const queue: PgBoss.Queue = {
          name: definition.name,
          policy: 'standard',
          retryLimit: definition.retryLimit ?? DEFAULTS.retryLimit,
          retryDelay: definition.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds ?? DEFAULTS.expireInSeconds,
        };
        // create_queue does nothing for an existing queue: the update applies a changed policy.
        await retryOnDeadlock(() => boss.createQueue(definition.name, queue));
        await retryOnDeadlock(() => boss.updateQueue(definition.name, queue));
        await boss.work<Record<string, unknown>>(
          definition.name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5, batchSize: 1 },
          async ([job]) => (job ? handle(definition, job) : undefined),
        );
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
        else await boss.unschedule(definition.name);
        if (definition.runAtStart) {
          await boss.send(
            definition.name,
            { reason: 'start' },
            {
              singletonKey: 'start',
              singletonSeconds: definition.startWindowSeconds ?? DEFAULTS.startWindowSeconds,
            },
          );
        }
      }
    },
    send(name, data = {}, sendOptions = {}) {
      if (!byName.has(name)) throw new Error(`No background job named '${name}'`);
      return boss.send(name, data, sendOptions);
    },
    async stop(graceMs = 5_000) {
      abort.abort();
      await boss.stop({ graceful: true, wait: true, close: true, timeout: graceMs });
    },
  };
}

/**
 * Two processes starting at once both create the queues; pg-boss's create_queue (a table per
 * queue) can then deadlock on PostgreSQL. The loser is rolled back and simply tries again.
 */
async function retryOnDeadlock<T>(action: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await action();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

function requireUrl(url: string | null): string {
  if (!url) throw new Error('A PostgreSQL job runner needs the database URL');
  return url;
}
