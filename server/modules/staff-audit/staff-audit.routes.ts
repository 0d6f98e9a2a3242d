import { desc, ilike, or, sql } from 'drizzle-orm';
import { StaffActionLogList, StaffActionLogQuery, type StaffActionLogItem } from '../../../shared/api/staff-audit';
import { StaffPermission } from '../../../shared/domain/roles';
import { staffActionLogs } from '../../db/schema/index';
import type { Deps } from '../../http/deps';
import { staffRoute, type App } from '../../http/routes';
import { containsPattern } from '../../db/like';

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

/** Staff name, e-mail or path holding the words as typed (LIKE's wildcards taken literally). */
const searchCondition = (search: string) => {
  const pattern = containsPattern(search);
  return or(
    ilike(staffActionLogs.staffName, pattern),
    ilike(staffActionLogs.staffEmail, pattern),
    ilike(staffActionLogs.path, pattern),
  );
};

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
      const matching = query.search ? searchCondition(query.search) : undefined;
      const rows = await ctx.tx
        .select()
        .from(staffActionLogs)
        .where(matching)
        .orderBy(desc(staffActionLogs.createdAt), desc(staffActionLogs.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const [count] = await ctx.tx
        .select({ n: sql<number>`count(*)::int` })
        .from(staffActionLogs)
        .where(matching);
      return {
        staff_action_logs: rows.map(present),
        total: Number(count?.n ?? 0),
        page: query.page,
        per_page: query.per_page,
      };
    },
  );
}
