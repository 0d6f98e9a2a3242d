import { and, eq, sql } from 'drizzle-orm';
import type { ReassignmentType, SelectedContainer } from '../../../shared/api/user-bulk-assign';
import { queryRows, type Executor } from '../../db/client';
import { reassignmentJobs } from '../../db/schema/index';
import type { ReassignmentPlan } from './reassignment.run';
import type { Subject } from './subjects.repo';

export type JobRow = typeof reassignmentJobs.$inferSelect;

export async function insertJob(
  db: Executor,
  orgId: number,
  plan: ReassignmentPlan,
  itemCount: number,
  by: { userId: number; sudoerName: string | null },
  status: 'queued' | 'done',
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(reassignmentJobs)
    .values({
      orgId,
      reassignmentType: plan.type,
      sourceType: plan.source.type,
      sourceId: plan.source.id,
      sourceName: plan.source.name,
      targets: plan.targets,
      roles: plan.roles,
      items: plan.items,
      itemCount,
      status,
      changedCount: status === 'done' ? itemCount : 0,
      createdBy: by.userId,
      sudoerName: by.sudoerName,
      createdAt: now,
      ...(status === 'done' ? { startedAt: now, finishedAt: now } : {}),
    })
    .returning({ id: reassignmentJobs.id });
  return row!.id;
}

/** The plan a stored run was confirmed with. */
export function planOf(row: JobRow): ReassignmentPlan {
  return {
    type: row.reassignmentType as ReassignmentType,
    source: { type: row.sourceType as Subject['type'], id: row.sourceId, name: row.sourceName, status: null },
    targets: row.targets as Subject[],
    roles: row.roles,
    items: row.items as SelectedContainer[],
  };
}

export async function findJob(db: Executor, orgId: number, id: number): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(reassignmentJobs)
    .where(and(eq(reassignmentJobs.orgId, orgId), eq(reassignmentJobs.id, id)));
  return row ?? null;
}

export async function finishJob(
  db: Executor,
  orgId: number,
  id: number,
  result: { status: 'done' | 'failed'; changedCount: number; error: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(reassignmentJobs)
    .set({ status: result.status, changedCount: result.changedCount, error: result.error, finishedAt: now })
    .where(and(eq(reassignmentJobs.orgId, orgId), eq(reassignmentJobs.id, id)));
}

/** An attempt still 'running' after this long died with its process: its work rolled back, run it again. */
const STALE_MINUTES = 15;

/**
 * Claims the oldest queued run of any organisation (system work, like the other jobs), committed
 * at once, so two processes never take the same one.
 */
export async function claimNextJob(db: Executor, now: Date): Promise<{ id: number; org_id: number } | null> {
  const rows = await queryRows<{ id: number; org_id: number }>(
    db,
    sql`update reassignment_jobs set status = 'running', started_at = ${now.toISOString()}::timestamptz
         where id = (select id from reassignment_jobs
                      where status = 'queued'
                         or (status = 'running'
                             and started_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${STALE_MINUTES}))
                      order by id
                      for update skip locked
                      limit 1)
        returning id, org_id`,
  );
  return rows[0] ?? null;
}
