import { sql } from 'drizzle-orm';
import { PnpStatus, TaskKind, TaskStatus, VersionStatus } from '../../shared/domain/statuses';
import { queryRows } from '../db/client';
import { withSystem } from '../db/tenant';
import type { Deps } from '../http/deps';
import { runReviewReminders } from '../modules/review-reminders/review-reminders.service';
import { utcDate } from '../platform/clock';

/** The demo P&P whose review comes due: its reminder date is today, its review date this far ahead. */
const DEMO_REVIEW_IN_DAYS = 60;

/**
 * Demo data: one published P&P of the organisation reaches its reminder date today (review date in
 * 60 days), and the daily review job runs, so its Owners and Authors have an open 'Start Review or
 * Extend' task on first start. A P&P already overdue for review is left overdue (the demo shows
 * one). Answers the number of tasks opened (0 when the organisation has no such P&P).
 */
export async function seedDemoReviewReminders(deps: Deps, orgId: number): Promise<number> {
  const now = deps.clock.now();
  const today = utcDate(now);
  const [version] = await withSystem(deps.database.db, (tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`update pnp_documents d
             set reminder_dt = ${today}::date,
                 review_dt = ${today}::date + ${DEMO_REVIEW_IN_DAYS}::integer,
                 reminder_days = ${DEMO_REVIEW_IN_DAYS}
           where d.id = (select d2.id from pnp_documents d2
                           join pnps p on p.org_id = d2.org_id and p.id = d2.pnp_id and p.status = ${PnpStatus.Published}
                          where d2.org_id = ${orgId} and d2.status = ${VersionStatus.Active}
                            and (d2.review_dt is null or d2.review_dt >= ${today}::date)
                            and not exists (select 1 from pnp_documents draft
                                             where draft.org_id = d2.org_id and draft.pnp_id = d2.pnp_id
                                               and draft.status = ${VersionStatus.Draft})
                            and not exists (select 1 from tasks t
                                             where t.org_id = d2.org_id and t.pnp_id = d2.pnp_id
                                               and t.kind = ${TaskKind.PendingRevision} and t.status = ${TaskStatus.Open})
                          order by d2.review_dt nulls last, d2.id
                          limit 1)
       returning d.id`,
    ),
  );
  if (!version) return 0;
  return (await runReviewReminders(deps.database.db, now)).tasksCreated;
}
