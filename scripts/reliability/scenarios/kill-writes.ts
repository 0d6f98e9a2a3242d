// SIGKILL of an application process while it writes: bulk uploads (P&P files and user sheets) or
// workflow transitions. The process is killed at a moment it has a transaction open, restarted, and
// then every acknowledged write must be there and nothing may be half-made.
import type { AppProcess } from '../../cluster.mjs';
import { filesWithoutBytes } from '../database';
import { tag } from '../fixtures';
import { orphanBytes, pnpUploadProblems, unfinishedUploads, userUploadProblems, workflowProblems } from '../invariants';
import { momentToKill, newWorkflowPnps, transactionOpen, uploadWriters, workflowWriters, type Writers } from '../load';
import { admin, held, seconds, type Scenario, type Suite } from '../suite';

/** Kills `target` at a moment it has a transaction open, waits for the writers, restarts it. */
async function killAndRestart(
  suite: Suite,
  target: AppProcess,
  writers: Writers,
  minAcked: number,
): Promise<{ mid: boolean; restartSeconds: number }> {
  const mid = await momentToKill(writers, minAcked, () => transactionOpen(suite.db.sql, `tenet-${target.name}`));
  await target.kill('SIGKILL');
  writers.stop();
  await writers.done;
  const at = Date.now();
  await target.start();
  return { mid, restartSeconds: seconds(at) };
}

export const killDuringBulkUpload: Scenario = {
  key: 'kill-bulk-upload',
  title: 'SIGKILL during bulk uploads (P&P files, user sheets)',
  async run(suite, attempt) {
    const target = suite.cluster.apps[attempt % suite.cluster.apps.length]!;
    const b = await admin(target.url);
    const orphansBefore = await orphanBytes(suite.db.sql, suite.cluster.files);
    const prefix = `rel-${tag()}`;
    const load = await uploadWriters(b, suite.orgId, {
      pnpWriters: 2,
      userWriters: 2,
      filesPerUpload: 5,
      usersPerSheet: 25,
      userPrefix: prefix,
    });
    const { mid, restartSeconds } = await killAndRestart(suite, target, load.writers, 2 + (attempt % 4));
    const sql = suite.db.sql;
    const problems = [
      ...load.writers.unexpected,
      ...(await unfinishedUploads(sql)),
      ...(await pnpUploadProblems(sql, load.binderIds, load.pnpUploads)),
      ...(await userUploadProblems(sql, prefix, load.ackedUsernames)),
      ...(await filesWithoutBytes(sql, suite.cluster.files)),
    ];
    return held(problems, {
      'killed mid-transaction': mid ? 1 : 0,
      'acknowledged writes': load.writers.acked,
      'restart s': restartSeconds,
      'orphan files for the sweep': (await orphanBytes(sql, suite.cluster.files)) - orphansBefore,
    });
  },
};

export const killDuringWorkflow: Scenario = {
  key: 'kill-workflow',
  title: 'SIGKILL during workflow transitions',
  async run(suite, attempt) {
    const target = suite.cluster.apps[attempt % suite.cluster.apps.length]!;
    const b = await admin(target.url);
    const pnps = await newWorkflowPnps(b, suite.orgId, suite.adminId, 4);
    const load = workflowWriters(b, suite.orgId, pnps);
    const { mid, restartSeconds } = await killAndRestart(suite, target, load.writers, 4 + (attempt % 8));
    const problems = [
      ...load.writers.unexpected,
      ...(await workflowProblems(suite.db.sql, load.ledgers)),
      ...(await filesWithoutBytes(suite.db.sql, suite.cluster.files)),
    ];
    return held(problems, {
      'killed mid-transaction': mid ? 1 : 0,
      'acknowledged writes': load.writers.acked,
      'restart s': restartSeconds,
    });
  },
};
