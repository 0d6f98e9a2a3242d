import { sql } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { DraftStage, TaskKind, TaskStatus, VersionStatus } from '../../../shared/domain/statuses';
import { intArray, queryRows, type Executor } from '../../db/client';
import { tasks } from '../../db/schema/index';
import { listAssignees, withRole, type Assignee } from './participants';
import { findDocumentByStatus } from './pnps.repo';
import { acceptedBy, approvedBy, listSignoffs } from './workflow.context';
import { syncStageTasks } from './workflow.tasks';

/**
 * After a P&P's participants changed (its access edited, a container moved or reset, a group's
 * members changed, a bulk reassignment, a user deactivated), its open tasks follow the people
 * (product rules 'Tasks' and 'Bulk reassignment'): the draft's stage tasks are closed for whoever
 * lost the role and opened for whoever gained it (the workflow's own sync), and so is the 'Start
 * Review or Extend' reminder of its Owners and Authors. Completed tasks keep the names they were
 * done under. Takes no request context: the background reassignment job calls it too.
 */
export async function resyncParticipantTasks(db: Executor, orgId: number, pnpId: number, now: Date): Promise<void> {
  const people = await listAssignees(db, orgId, pnpId);
  await followReminder(db, orgId, pnpId, people.assignees, now);
  const draft = await findDocumentByStatus(db, orgId, pnpId, VersionStatus.Draft);
  if (!draft) return;
  const signoffs = await listSignoffs(db, orgId, draft.id);
  const signedOff =
    draft.draftStage === DraftStage.Reviewing ? acceptedBy(signoffs) : approvedBy(signoffs, draft.approvalStep);
  await syncStageTasks(
    db,
    orgId,
    pnpId,
    draft.id,
    { stage: draft.draftStage, step: draft.approvalStep, signedOff },
    people,
    now,
  );
}

/** The open 'Start Review or Extend' of a P&P moves to its current Owners and Authors. */
async function followReminder(
  db: Executor,
  orgId: number,
  pnpId: number,
  assignees: Assignee[],
  now: Date,
): Promise<void> {
  const open = await queryRows<{ id: number; user_id: number; document_id: number | null; due_dt: string | null }>(
    db,
    sql`select id, user_id, document_id, due_dt::text as due_dt from tasks
         where org_id = ${orgId} and pnp_id = ${pnpId} and kind = ${TaskKind.PendingRevision}
           and status = ${TaskStatus.Open} and delegated_from is null
         order by id`,
  );
  const first = open[0];
  if (!first) return;
  const holders = new Set(
    [...withRole(assignees, ObjectRole.Owner), ...withRole(assignees, ObjectRole.Author)].map((a) => a.user_id),
  );
  const stale = open.filter((t) => !holders.has(t.user_id)).map((t) => t.id);
  if (stale.length > 0) {
    await db.execute(
      sql`update tasks set status = ${TaskStatus.Closed}, updated_at = ${now.toISOString()}::timestamptz
           where org_id = ${orgId} and (id = any(${intArray(stale)})
                 or (delegated_from is not null and status = ${TaskStatus.Open} and pnp_id = ${pnpId}
                     and kind = ${TaskKind.PendingRevision}
                     and delegated_from = any(${intArray(open.filter((t) => stale.includes(t.id)).map((t) => t.user_id))})))`,
    );
  }
  const holding = new Set(open.map((t) => t.user_id));
  const missing = [...holders].filter((userId) => !holding.has(userId));
  if (missing.length > 0) {
    await db
      .insert(tasks)
      .values(
        missing.map((userId) => ({
          orgId,
          userId,
          kind: TaskKind.PendingRevision,
          pnpId,
          documentId: first.document_id,
          dueDt: first.due_dt,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
  }
}
