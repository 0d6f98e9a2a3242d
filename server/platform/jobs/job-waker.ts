import type { Logger } from 'pino';
import type { JobName } from './job-names';
import type { JobRunner } from './runner';

/**
 * Starts a background job's queue now rather than at its next minute. A bulk reassignment or a
 * directory sync queued by a request was picked up by the job's schedule (every minute), so the
 * person who asked for it waited up to a minute before it began; the request now wakes the job once
 * its transaction has committed (a wake before the commit would find nothing to run). A job woken
 * twice runs twice, and the second finds nothing left: each run takes its work under a row lock.
 */
export interface JobWaker {
  wake(name: JobName): void;
}

/**
 * The application's waker: it reaches the job runner once that has started (the runner starts after
 * the HTTP server listens, and on a first start of the embedded database that takes some seconds).
 * A wake before then does nothing, and one whose sending fails is logged: either way the job's
 * schedule still finds the work within a minute.
 */
export function lateJobWaker(log: Logger): JobWaker & { attach(runner: JobRunner): void } {
  let runner: JobRunner | null = null;
  return {
    attach(started) {
      runner = started;
    },
    wake(name) {
      if (!runner) return;
      runner.send(name, { reason: 'woken' }).catch((error: unknown) => {
        log.warn({ err: error, job: name }, 'a background job could not be woken; its schedule will run it');
      });
    },
  };
}
