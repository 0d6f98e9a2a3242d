import { desc, sql, type SQL } from 'drizzle-orm';
import { StaffActionLogList, StaffActionLogQuery, type StaffActionLogItem } from '../../../shared/api/staff-audit';
import { StaffPermission } from '../../../shared/domain/roles';
import type { Executor } from '../../db/client';
import { countToReach, type PageSlice } from '../../db/pager-count';
import { staffActionLogs } from '../../db/schema/index';
import type { Deps } from '../../http/deps';
import { staffRoute, type App } from '../../http/routes';
import { oneLineContainsPattern } from '../../db/like';

type Row = typeof staffActionLogs.$inferSelect;
const present = (row: Row): StaffActionLogItem => ({
  id: row.id,
  staff_user_id: row.hstmUserId,
  staff_name: row.staffName,
  staff_email: row.staffEmail,
  method: row.method,
  route: row.route,
  path: row.path,
  target: row.target,
  fields: row.fields,
  ip: row.ip,
  created_at: row.createdAt.toISOString(),
});

/**
 * What a search finds an action by: the staff user's name, their e-mail and the path, each on a
 * line of its own, so that a pattern without a line break matches within one of them. Indexed by
 * trigrams (migration 0048, whose expression this must equal): the log grows with every change.
 */
export const staffActionSearchText = sql`(${staffActionLogs.staffName} || E'\\n' || ${staffActionLogs.staffEmail} || E'\\n' || ${staffActionLogs.path})`;

/** Staff name, e-mail or path holding the words as typed (LIKE's wildcards taken literally). */
const searchCondition = (search: string | undefined): SQL | undefined =>
  search ? sql`${staffActionSearchText} ilike ${oneLineContainsPattern(search)}` : undefined;

/** One page, newest first: a walk of staff_action_logs_created_idx that stops after the page. */
export const staffActionPageQuery = (db: Executor, search: string | undefined, page: PageSlice) =>
  db
    .select()
    .from(staffActionLogs)
    .where(searchCondition(search))
    .orderBy(desc(staffActionLogs.createdAt), desc(staffActionLogs.id))
    .limit(page.limit)
    .offset(page.offset);

/** How many actions match, counted no further than `limit`. */
export const staffActionCountQuery = (db: Executor, search: string | undefined, limit: number) =>
  db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(staffActionLogs)
      .where(searchCondition(search))
      .limit(limit)
      .as('matching'),
  );

/** Developer tools: what provider staff changed, newest first (written by every staff route). */
export function registerStaffAuditRoutes(app: App, deps: Deps): void {
  staffRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/hstm/staff_action_logs',
      permission: StaffPermission.DeveloperTools,
      summary: 'What provider staff changed, newest first, one page',
      schema: { querystring: StaffActionLogQuery, response: { 200: StaffActionLogList } },
    },
    async (ctx, { query }) => {
      const page = { limit: query.per_page, offset: (query.page - 1) * query.per_page };
      const rows = await staffActionPageQuery(ctx.tx, query.search, page);
      // Counted only as far as the pager reaches, as the mail outbox is: the log only grows.
      const counted = await countToReach(page, rows.length, async (limit) => {
        const [count] = await staffActionCountQuery(ctx.tx, query.search, limit);
        return Number(count?.n ?? 0);
      });
      return {
        staff_action_logs: rows.map(present),
        ...counted,
        page: query.page,
        per_page: query.per_page,
      };
    },
  );
}
