import { sql } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { OrgStatus, VersionStatus, PnpStatus, TaskKind, TaskStatus } from '../../../shared/domain/statuses';
import { queryRows, type Db, type Tx } from '../../db/client';
import { tasks } from '../../db/schema/index';
import { withSystem, withTenant } from '../../db/tenant';
import { utcDate } from '../../platform/clock';
import { listAssignees } from '../pnps/participants';

export interface ReviewSweepResult {
  /** 'Start Review or Extend' tasks opened. */
  tasksCreated: number;
  /** Active versions that reached their reminder date in this run. */
  versionsReminded: number;
  /** Active versions newly flagged overdue (review date passed). */
  versionsFlaggedOverdue: number;
}

interface DueVersion {
  org_id: number;
  pnp_id: number;
  document_id: number;
  review_dt: string | null;
}

/** Versions handled per query; the loop runs until none is left. */
const BATCH = 200;

/**
 * An Active version `d` (joined to its P&P `p`) whose 'Start Review or Extend' is due on `today`:
 * the P&P is published, the reminder date has come (today or earlier: a day the application was
 * down is caught up), no revision draft is in progress (the P&P is already being reviewed), and
 * nobody holds an open reminder for this review date.
 * Only an open task counts as "already reminded": a closed one (the P&P was retired, then restored)
 * or one completed by Start Review (whose draft was then cancelled) leaves the review still to do,
 * so the reminder is given again. Extend moves the review date, so the task it completed is for an
 * earlier date and never stands for the current one.
 * Only in an enabled organisation: a disabled or locked one's people are refused sign-in, so a task
 * would only send them a notification e-mail into an application they cannot open. Its reminder
 * date stays passed, so the first daily run after it is enabled again gives the reminder then.
 */
const reminderDue = (today: string) => sql`p.status = ${PnpStatus.Published}
   and d.status = ${VersionStatus.Active}
   and d.reminder_dt <= ${today}::date
   and exists (select 1 from organizations o where o.id = d.org_id and o.status = ${OrgStatus.Enabled})
   and not exists (select 1 from tasks t
                    where t.org_id = d.org_id and t.document_id = d.id
                      and t.kind = ${TaskKind.PendingRevision}
                      and t.status = ${TaskStatus.Open}
                      and t.due_dt is not distinct from d.review_dt)
   and not exists (select 1 from pnp_documents draft
                    where draft.org_id = d.org_id and draft.pnp_id = d.pnp_id
                      and draft.status = ${VersionStatus.Draft})`;

/** The versions whose reminder is due (`reminderDue`), a batch at a time in id order. */
function dueVersions(db: Db, today: string, afterId: number): Promise<DueVersion[]> {
  return withSystem(db, (tx) =>
    queryRows<DueVersion>(
      tx,
      sql`select d.org_id, d.pnp_id, d.id as document_id, d.review_dt::text as review_dt
            from pnp_documents d
            join pnps p on p.org_id = d.org_id and p.id = d.pnp_id
           where ${reminderDue(today)}
             and d.id > ${afterId}
           order by d.id
           limit ${BATCH}`,
    ),
  );
}

/**
 * Opens a PendingRevision task ('Start Review or Extend') for each Owner and Author of the P&P
 * (groups counted by their active members), due on the review date. The task row remembers the
 * review date it is for, so an open one stands for this review cycle's reminder (`reminderDue`);
 * the database's one-open-task index keeps a second run from adding a duplicate.
 */
async function openReminderTasks(tx: Tx, version: DueVersion, now: Date): Promise<number> {
  const { assignees } = await listAssignees(tx, version.org_id, version.pnp_id);
  const users = [
    ...new Set(
      assignees.filter((a) => a.role === ObjectRole.Owner || a.role === ObjectRole.Author).map((a) => a.user_id),
    ),
  ];
  if (users.length === 0) return 0;
  const created = await tx
    .insert(tasks)
    .values(
      users.map((userId) => ({
        orgId: version.org_id,
        userId,
        kind: TaskKind.PendingRevision,
        pnpId: version.pnp_id,
        documentId: version.document_id,
        dueDt: version.review_dt,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: tasks.id });
  return created.length;
}

/**
 * The daily job's reminder of one version, in the organisation's own transaction (as a request).
 * The version was found due in another transaction: it is asked again here, with its P&P locked as
 * Extend and Start Review lock it, so a review done in between (its dates moved on, its draft
 * started) is seen and no reminder is opened for a review date the version no longer has.
 */
const remindVersion = (db: Db, version: DueVersion, now: Date): Promise<number> =>
  withTenant(db, version.org_id, async (tx) => {
    await tx.execute(sql`select id from pnps where org_id = ${version.org_id} and id = ${version.pnp_id} for update`);
    return remindIfDue(tx, version.org_id, version.document_id, now);
  });

/**
 * The reminder of one version whose dates were just set (published, or an Active version's dates
 * changed) or whose P&P may be reviewed again (restored, its revision draft cancelled), in the
 * caller's transaction: when its reminder date has already come, its Owners and Authors get
 * 'Start Review or Extend' now rather than at the next daily run.
 */
export async function remindIfDue(tx: Tx, orgId: number, documentId: number, now: Date): Promise<number> {
  const [version] = await queryRows<DueVersion>(
    tx,
    sql`select d.org_id, d.pnp_id, d.id as document_id, d.review_dt::text as review_dt
          from pnp_documents d
          join pnps p on p.org_id = d.org_id and p.id = d.pnp_id
         where d.org_id = ${orgId} and d.id = ${documentId}
           and ${reminderDue(utcDate(now))}`,
  );
  return version ? openReminderTasks(tx, version, now) : 0;
}

/**
 * An Active version's review date was changed by hand: the open reminders of the old date are
 * closed (their cycle was left another way, product rules 'Tasks'). Left open, they would offer
 * Extend from the old date and, holding the one open task per user, block the new date's reminder.
 */
export async function closeStaleReminders(tx: Tx, orgId: number, documentId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`update tasks t
           set status = ${TaskStatus.Closed}, updated_at = ${now.toISOString()}::timestamptz
          from pnp_documents d
         where d.org_id = ${orgId} and d.id = ${documentId}
           and t.org_id = d.org_id and t.document_id = d.id
           and t.kind = ${TaskKind.PendingRevision}
           and t.status = ${TaskStatus.Open}
           and t.due_dt is distinct from d.review_dt`,
  );
}

/** Flags Active versions whose review date has passed (cleared by a trigger when the date moves). */
async function flagOverdue(db: Db, today: string, now: Date): Promise<number> {
  const rows = await withSystem(db, (tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`update pnp_documents d
             set review_overdue_at = ${now.toISOString()}::timestamptz
            from pnps p
           where p.org_id = d.org_id and p.id = d.pnp_id and p.status = ${PnpStatus.Published}
             and d.status = ${VersionStatus.Active}
             and d.review_dt < ${today}::date
             and d.review_overdue_at is null
       returning d.id`,
    ),
  );
  return rows.length;
}

/**
 * The daily review job (product rules 'Review cycle and reminders'): on a version's reminder date
 * its Owners and Authors get 'Start Review or Extend'; after its review date it is flagged overdue.
 * Safe to run any number of times a day, by any number of processes.
 */
export async function runReviewReminders(db: Db, now: Date): Promise<ReviewSweepResult> {
  const today = utcDate(now);
  const result: ReviewSweepResult = { tasksCreated: 0, versionsReminded: 0, versionsFlaggedOverdue: 0 };
  let afterId = 0;
  for (;;) {
    const due = await dueVersions(db, today, afterId);
    for (const version of due) {
      result.tasksCreated += await remindVersion(db, version, now);
      result.versionsReminded += 1;
    }
    if (due.length < BATCH) break;
    afterId = due.at(-1)!.document_id;
  }
  result.versionsFlaggedOverdue = await flagOverdue(db, today, now);
  return result;
}
