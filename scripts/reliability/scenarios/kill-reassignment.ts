// SIGKILL of the process that is running a bulk reassignment in the background job. After the
// restart the run must be done exactly once (by either process, at the job's next turn): every
// grant moved once, one change-log entry per item, one e-mail, and no run left 'running'.
import { waitFor } from '../../cluster.mjs';
import { jobStatus, processRunningReassignment, queueReassignment, reassignmentProblems } from '../reassignment';
import { admin, held, seconds, type Scenario } from '../suite';

/**
 * Items per run: enough for the run to last well past the kill's delay, so the kill lands inside it.
 * 400 did until the writes it makes got faster (November 28, 2026: a run of 400 was over before the
 * kill in 10 tries of 10, so nothing was interrupted).
 */
const ITEMS = 4_000;

export const killDuringReassignment: Scenario = {
  key: 'kill-reassignment',
  title: 'SIGKILL during a bulk reassignment job',
  async run(suite) {
    const sql = suite.db.sql;
    const b = await admin(suite.cluster.url);
    const queuedAt = Date.now();
    const run = await queueReassignment(b, sql, suite.orgId, ITEMS);
    // The job takes queued runs every minute (and at start); whichever process takes it is killed.
    let runner: string | null = null;
    await waitFor(
      `a process to start reassignment job ${run.jobId}`,
      async () => {
        runner = await processRunningReassignment(sql);
        if (!runner && (await jobStatus(sql, run.jobId)) === 'done') {
          throw Object.assign(new Error(`job ${run.jobId} was done before it was seen running`), { fatal: true });
        }
        return runner !== null;
      },
      { timeoutMs: 180_000, everyMs: 20 },
    );
    const startedAfter = seconds(queuedAt);
    const victim = suite.cluster.apps.find((a) => `tenet-${a.name}` === runner);
    if (!victim) throw new Error(`no process is named ${runner}`);
    // A moment into the run, so that part of its work is written (and must be rolled back).
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250));
    const stillRunning = (await processRunningReassignment(sql)) === runner;
    await victim.kill('SIGKILL');
    const killedAt = Date.now();
    await victim.start();
    const restartSeconds = seconds(killedAt);
    let status = '';
    await waitFor(
      `reassignment job ${run.jobId} to finish after the kill`,
      async () => {
        status = await jobStatus(sql, run.jobId);
        return status === 'done' || status === 'failed';
      },
      { timeoutMs: 240_000, everyMs: 250 },
    ).catch(() => undefined);
    const doneAfter = seconds(killedAt);
    const problems =
      status === 'done' || status === 'failed'
        ? []
        : [`job ${run.jobId} is still '${status}' ${doneAfter} s after the kill`];
    problems.push(...(await reassignmentProblems(sql, run)));
    return held(problems, {
      'killed mid-run': stillRunning ? 1 : 0,
      'job started s': startedAfter,
      'restart s': restartSeconds,
      'done after kill s': doneAfter,
    });
  },
};
