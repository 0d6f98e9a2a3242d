import { and, eq } from 'drizzle-orm';
import { UserStatus } from '../../../shared/domain/statuses';
import type { Db, Executor } from '../../db/client';
import { orgUsers } from '../../db/schema/index';
import { withSystem, withTenant } from '../../db/tenant';
import type { OrgActor } from '../../http/actor';
import { AppError } from '../../http/errors';
import { finishJob, listRunnableJobs, lockJob, planOf, type JobRow } from './jobs.repo';
import { mailOutcome } from './reassignment.mail';
import { runReassignment } from './reassignment.run';

/** The admin who confirmed the run, as the actor its change-log entries name (with their sudoer). */
async function actorOf(tx: Executor, row: JobRow, now: Date): Promise<OrgActor | null> {
  const [user] = await tx
    .select()
    .from(orgUsers)
    .where(and(eq(orgUsers.orgId, row.orgId), eq(orgUsers.id, row.createdBy)));
  if (!user || user.status === UserStatus.Deleted) return null;
  return {
    kind: 'org',
    sessionId: '',
    orgId: row.orgId,
    userId: user.id,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    username: user.username,
    isAdmin: user.isAdmin,
    isPolicyOwner: user.isPolicyOwner,
    sudoer: row.sudoerName ? { id: 0, name: row.sudoerName } : null,
    loggedInAt: now,
    tokenTimeout: 0,
  };
}

/**
 * One run, in one transaction of its organisation that holds the run's row from the start to the
 * end: the changes, the run marked done and the e-mail commit together, or not at all (a killed
 * process rolls everything back and the run is queued again). Null: another process has it.
 */
async function runOne(db: Db, candidate: { id: number; org_id: number }, now: Date): Promise<'done' | 'failed' | null> {
  return withTenant(db, candidate.org_id, async (tx) => {
    const row = await lockJob(tx, candidate.org_id, candidate.id, now);
    if (!row) return null;
    const plan = planOf(row);
    const actor = await actorOf(tx, row, now);
    try {
      if (!actor) throw new AppError(422, ['The administrator who asked for it is no longer a user.']);
      // A savepoint: a refusal found at run time undoes the changes, not the record of the refusal.
      const count = await tx.transaction((sp) => runReassignment(sp, row.orgId, actor, plan, now));
      await finishJob(tx, row.orgId, row.id, { status: 'done', changedCount: count, error: null }, now);
      await mailOutcome(tx, row.orgId, actor.email, {
        type: plan.type,
        sourceName: plan.source.name,
        itemCount: count,
        error: null,
      });
      return 'done';
    } catch (error) {
      // A refusal found at run time (someone changed the items since): nothing changed, say why.
      if (!(error instanceof AppError)) throw error;
      const reason = error.errors.join('\n');
      await finishJob(tx, row.orgId, row.id, { status: 'failed', changedCount: 0, error: reason }, now);
      if (actor) {
        await mailOutcome(tx, row.orgId, actor.email, {
          type: plan.type,
          sourceName: plan.source.name,
          itemCount: row.itemCount,
          error: reason,
        });
      }
      return 'failed';
    }
  });
}

/**
 * The background job: runs every queued bulk assignment, oldest first, each in its organisation's
 * own transaction that holds the run's row, so a run is done once among processes, and one whose
 * process died is queued again at once (its work rolled back with its transaction).
 */
export async function processReassignmentJobs(
  db: Db,
  now: Date,
  signal?: AbortSignal,
): Promise<{ done: number; failed: number }> {
  const result = { done: 0, failed: 0 };
  while (!signal?.aborted) {
    const candidates = await withSystem(db, (tx) => listRunnableJobs(tx, now, 20));
    let ran = 0;
    for (const candidate of candidates) {
      if (signal?.aborted) break;
      const outcome = await runOne(db, candidate, now);
      if (outcome) {
        result[outcome] += 1;
        ran += 1;
      }
    }
    // Nothing waiting, or every run waiting is another process's right now.
    if (ran === 0) break;
  }
  return result;
}
