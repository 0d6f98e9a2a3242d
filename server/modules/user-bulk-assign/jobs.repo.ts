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

/** A run left 'running' by an earlier version (which committed its claim) whose process died. */
const STALE_MINUTES = 15;

const runnable = (now: Date) =>
  sql`(status = 'queued'
       or (status = 'running' and started_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${STALE_MINUTES})))`;

/** The oldest runs waiting, of any organisation (system work), unlocked: each is then taken with `lockJob`. */
export async function listRunnableJobs(
  db: Executor,
  now: Date,
  limit: number,
): Promise<Array<{ id: number; org_id: number }>> {
  return queryRows<{ id: number; org_id: number }>(
    db,
    sql`select id, org_id from reassignment_jobs where ${runnable(now)} order by id limit ${limit}`,
  );
}

/**
 * Takes a run for the caller's transaction: its row stays locked until that transaction ends, so no
 * other process takes it meanwhile, and a process killed mid-run leaves it queued (the lock ends with
 * the connection) instead of claimed by nobody. Null when another process has it or it is finished.
 */
export async function lockJob(db: Executor, orgId: number, id: number, now: Date): Promise<JobRow | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from reassignment_jobs where org_id = ${orgId} and id = ${id} and ${runnable(now)}
        for update skip locked`,
  );
  if (!rows[0]) return null;
  await db
    .update(reassignmentJobs)
    .set({ status: 'running', startedAt: now })
    .where(and(eq(reassignmentJobs.orgId, orgId), eq(reassignmentJobs.id, id)));
  return findJob(db, orgId, id);
}
