import { and, eq } from 'drizzle-orm';
import { OrgStatus, UserStatus } from '../../../shared/domain/statuses';
import type { Db, Executor } from '../../db/client';
import { organizations, orgUsers } from '../../db/schema/index';
import { withSystem, withTenant } from '../../db/tenant';
import type { OrgActor } from '../../http/actor';
import { AppError } from '../../http/errors';
import { finishJob, listRunnableJobs, lockJob, planOf, type JobRow } from './jobs.repo';
import { mailOutcome } from './reassignment.mail';
import { runReassignment } from './reassignment.run';

/**
 * The admin who confirmed the run, as the actor its change-log entries name (with their sudoer), and
 * why they may no longer run it. Bulk assignment is for org admins only (product rules), and a queued
 * run starts later than it was confirmed: like its targets and items, the right of the one who asked
 * is asked again here, as a session is (session-context.ts): an active user, still an org admin, of an
 * enabled organisation. `mailable`: whether they are still someone the outcome may be e-mailed to
 * (as notifications, only an active user: a deactivated one has left).
 */
async function confirmerOf(
  tx: Executor,
  row: JobRow,
  now: Date,
): Promise<{ actor: OrgActor | null; mailable: boolean; refusals: string[] }> {
  const [user] = await tx
    .select()
    .from(orgUsers)
    .where(and(eq(orgUsers.orgId, row.orgId), eq(orgUsers.id, row.createdBy)));
  // Its own row only (RLS): not found reads as not enabled.
  const [org] = await tx
    .select({ status: organizations.status })
    .from(organizations)
    .where(eq(organizations.id, row.orgId));
  const refusals: string[] = [];
  if (org?.status !== OrgStatus.Enabled) {
    refusals.push(
      `The organization is ${org?.status === OrgStatus.Locked ? 'locked' : 'disabled'}: bulk assignments do not run in it.`,
    );
  }
  if (!user || user.status === UserStatus.Deleted) {
    refusals.push('The administrator who asked for it is no longer a user.');
    return { actor: null, mailable: false, refusals };
  }
  const name = `${user.firstName} ${user.lastName}`;
  if (user.status !== UserStatus.Active) refusals.push(`${name}, who asked for it, is no longer an active user.`);
  if (!user.isAdmin) refusals.push(`${name}, who asked for it, is no longer an organization administrator.`);
  const actor: OrgActor = {
    kind: 'org',
    sessionId: '',
    orgId: row.orgId,
    userId: user.id,
    name,
    email: user.email,
    username: user.username,
    isAdmin: user.isAdmin,
    isPolicyOwner: user.isPolicyOwner,
    sudoer: row.sudoerName ? { id: 0, name: row.sudoerName } : null,
    loggedInAt: now,
    tokenTimeout: 0,
  };
  return { actor, mailable: user.status === UserStatus.Active, refusals };
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
    const { actor, mailable, refusals } = await confirmerOf(tx, row, now);
    try {
      if (!actor || refusals.length) throw new AppError(422, refusals);
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
      // A refusal found at run time (someone changed the items, the targets or the confirmer's rights
      // since): nothing changed, say why.
      if (!(error instanceof AppError)) throw error;
      const reason = error.errors.join('\n');
      await finishJob(tx, row.orgId, row.id, { status: 'failed', changedCount: 0, error: reason }, now);
      if (actor && mailable) {
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
