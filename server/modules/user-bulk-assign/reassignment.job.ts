import { and, eq } from 'drizzle-orm';
import { UserStatus } from '../../../shared/domain/statuses';
import type { Db } from '../../db/client';
import { orgUsers } from '../../db/schema/index';
import { withSystem, withTenant } from '../../db/tenant';
import type { OrgActor } from '../../http/actor';
import { AppError } from '../../http/errors';
import { claimNextJob, findJob, finishJob, planOf, type JobRow } from './jobs.repo';
import { mailOutcome } from './reassignment.mail';
import { runReassignment } from './reassignment.run';

/** The admin who confirmed the run, as the actor its change-log entries name (with their sudoer). */
async function actorOf(db: Db, row: JobRow, now: Date): Promise<OrgActor | null> {
  return withTenant(db, row.orgId, async (tx) => {
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
  });
}

async function runOne(db: Db, claimed: { id: number; org_id: number }, now: Date): Promise<'done' | 'failed'> {
  const row = await withTenant(db, claimed.org_id, (tx) => findJob(tx, claimed.org_id, claimed.id));
  if (!row) return 'failed';
  const plan = planOf(row);
  const actor = await actorOf(db, row, now);
  try {
    if (!actor) throw new AppError(422, ['The administrator who asked for it is no longer a user.']);
    await withTenant(db, row.orgId, async (tx) => {
      const count = await runReassignment(tx, row.orgId, actor, plan, now);
      await finishJob(tx, row.orgId, row.id, { status: 'done', changedCount: count, error: null }, now);
      await mailOutcome(tx, row.orgId, actor.email, {
        type: plan.type,
        sourceName: plan.source.name,
        itemCount: count,
        error: null,
      });
    });
    return 'done';
  } catch (error) {
    // A refusal found at run time (someone changed the items since): nothing changed, say why.
    if (!(error instanceof AppError)) throw error;
    const reason = error.errors.join('\n');
    await withTenant(db, row.orgId, async (tx) => {
      await finishJob(tx, row.orgId, row.id, { status: 'failed', changedCount: 0, error: reason }, now);
      if (actor) {
        await mailOutcome(tx, row.orgId, actor.email, {
          type: plan.type,
          sourceName: plan.source.name,
          itemCount: row.itemCount,
          error: reason,
        });
      }
    });
    return 'failed';
  }
}

/**
 * The background job: runs every queued bulk assignment, oldest first, each in its organisation's
 * own transaction. A run is claimed before it starts, so it runs once; a run whose process died is
 * taken again after a while (its work rolled back with its transaction).
 */
export async function processReassignmentJobs(
  db: Db,
  now: Date,
  signal?: AbortSignal,
): Promise<{ done: number; failed: number }> {
  const result = { done: 0, failed: 0 };
  while (!signal?.aborted) {
    const claimed = await withSystem(db, (tx) => claimNextJob(tx, now));
    if (!claimed) break;
    result[await runOne(db, claimed, now)] += 1;
  }
  return result;
}
