/**
 * A job worker in a process of its own, for the test that kills it with SIGKILL in the middle of a
 * job: it works the durable test job on the database JOBS_TEST_DATABASE_URL, holding each attempt
 * open for a long time, and prints "started <job id>" when an attempt begins.
 */
import { pino } from 'pino';
import { openDatabase } from '../../../db/client';
import { systemClock } from '../../clock';
import { createJobRunner } from '../runner';
import { durableJob } from './durable-job';

const url = process.env.JOBS_TEST_DATABASE_URL;
if (!url) throw new Error('JOBS_TEST_DATABASE_URL is not set');
const database = await openDatabase({ databaseUrl: url, dataDir: '' });
const job = durableJob(url, {
  holdSeconds: 60,
  onStarted: (id) => process.stdout.write(`started ${id}\n`),
});
const runner = createJobRunner({
  database,
  databaseUrl: url,
  jobs: [job],
  clock: systemClock,
  log: pino({ level: 'silent' }),
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  schedule: false,
});
await runner.start();
process.stdout.write('ready\n');
