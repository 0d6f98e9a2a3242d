import { sql } from 'drizzle-orm';
import { ObjectRole } from '../../shared/domain/roles';
import { DraftStage, PnpStatus, TaskKind, TaskStatus, VersionStatus } from '../../shared/domain/statuses';
import { addDays, isoToCalendar } from '../../shared/domain/review-dates';
import { formatIsoDate } from '../../shared/domain/dates';
import { queryRows, type Tx } from '../db/client';
import { tasks } from '../db/schema/index';
import { utcDate } from '../platform/clock';
import { listAssignees } from '../modules/pnps/participants';
import { acceptedBy, approvedBy, listSignoffs } from '../modules/pnps/workflow.context';
import { syncStageTasks } from '../modules/pnps/workflow.tasks';

/** How many published demo P&Ps come due for review (a 'Start Review or Extend' task each). */
const DUE_FOR_REVIEW = 2;

/**
 * Makes sure the demo users have open tasks of every kind the workflow and the review cycle give
 * (Author, Review, Approve, Publish, and 'Start Review or Extend'), in the demo organisation's
 * transaction, after its stories were played:
 *
 * - every draft's stage tasks are brought in line with its stage (the workflow's own rule), so the
 *   drafts the stories left in Authoring, Reviewing, Approving and Publishing have their tasks;
 * - when no P&P waits for its review yet, the oldest published ones come due: their review date
 *   moves into the coming weeks, their reminder date is passed, and their Owners and Authors get
 *   the reminder the daily job would have given (due on the review date, so the job does not
 *   give it twice). A P&P already overdue for review stays so (the demo shows one).
 *
 * Acknowledge tasks come with the demo's read acknowledgements (another part of the seed).
 */
export async function seedDemoTasks(tx: Tx, orgId: number, now: Date): Promise<void> {
  const drafts = await queryRows<{ id: number; pnp_id: number; draft_stage: number; approval_step: number | null }>(
    tx,
    sql`select id, pnp_id, draft_stage, approval_step from pnp_documents
         where org_id = ${orgId} and status = ${VersionStatus.Draft} order by id`,
  );
  for (const draft of drafts) {
    const people = await listAssignees(tx, orgId, draft.pnp_id);
    const signoffs = await listSignoffs(tx, orgId, draft.id);
    const signedOff =
      draft.draft_stage === DraftStage.Reviewing ? acceptedBy(signoffs) : approvedBy(signoffs, draft.approval_step);
    await syncStageTasks(
      tx,
      orgId,
      draft.pnp_id,
      draft.id,
      { stage: draft.draft_stage, step: draft.approval_step, signedOff },
      people,
      now,
    );
  }

  const [pending] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from tasks
         where org_id = ${orgId} and kind = ${TaskKind.PendingRevision} and status = ${TaskStatus.Open}`,
  );
  if ((pending?.n ?? 0) > 0) return;
  const today = isoToCalendar(utcDate(now))!;
  const candidates = await queryRows<{ id: number; pnp_id: number; reminder_days: number | null }>(
    tx,
    sql`select d.id, d.pnp_id, d.reminder_days from pnp_documents d
          join pnps p on p.org_id = d.org_id and p.id = d.pnp_id and p.status = ${PnpStatus.Published}
         where d.org_id = ${orgId} and d.status = ${VersionStatus.Active}
           and (d.review_dt is null or d.review_dt >= ${utcDate(now)}::date)
           and not exists (select 1 from pnp_documents x
                            where x.org_id = d.org_id and x.pnp_id = d.pnp_id and x.status = ${VersionStatus.Draft})
         order by d.effective_dt, d.id
         limit ${DUE_FOR_REVIEW}`,
  );
  for (const [index, version] of candidates.entries()) {
    const { assignees } = await listAssignees(tx, orgId, version.pnp_id);
    const users = [
      ...new Set(
        assignees.filter((a) => a.role === ObjectRole.Owner || a.role === ObjectRole.Author).map((a) => a.user_id),
      ),
    ];
    if (users.length === 0) continue;
    // One comes due in three weeks, the next a week later; the reminder (30 days or the version's) has passed.
    const reviewDt = formatIsoDate(addDays(today, 21 + 7 * index));
    const reminderDt = formatIsoDate(addDays(today, 21 + 7 * index - (version.reminder_days ?? 30)));
    await tx.execute(
      sql`update pnp_documents set review_dt = ${reviewDt}::date, reminder_dt = ${reminderDt}::date
           where org_id = ${orgId} and id = ${version.id}`,
    );
    await tx
      .insert(tasks)
      .values(
        users.map((userId) => ({
          orgId,
          userId,
          kind: TaskKind.PendingRevision,
          pnpId: version.pnp_id,
          documentId: version.id,
          dueDt: reviewDt,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
  }
}
