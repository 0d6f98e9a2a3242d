import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../platform/clock';
import type { FileStore } from '../platform/file-store';
import type { JobWaker } from '../platform/jobs/job-waker';

/** What the composition root hands to every module. */
export interface Deps {
  config: Config;
  database: Database;
  clock: Clock;
  files: FileStore;
  log: Logger;
  /** Wakes a background job after a request queued work for it; absent, its schedule finds the work. */
  jobs?: JobWaker;
}
