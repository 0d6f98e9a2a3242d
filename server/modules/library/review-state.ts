import { sql, type SQL } from 'drizzle-orm';

/**
 * Where an Active version stands in its review cycle on the library's "today" (product rules,
 * "Review cycle and reminders"): 'pending_review' from its reminder date (the day its Owners get
 * 'Start Review or Extend'), 'overdue' once its review date has passed, else null. Read from the
 * version's own dates, so a review that sets new ones (Extend, or a new version published) clears it
 * the moment it is saved, without waiting for the daily job.
 */
export const reviewStateSql = (version: string, today: string): SQL => {
  if (!/^[a-z_][a-z0-9_]*$/.test(version)) throw new Error(`Not a table alias: ${version}`);
  const d = sql.raw(version);
  return sql`case when ${d}.review_dt < ${today}::date then 'overdue'
                  when ${d}.reminder_dt <= ${today}::date then 'pending_review' end`;
};
