import { and, count, desc, eq, gt, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { Dashboard, DashboardQuery } from '../../../shared/api/hstm-dashboard';
import { OrgStatus, UserStatus } from '../../../shared/domain/statuses';
import { organizations, orgUsers } from '../../db/schema/index';
import type { Deps } from '../../http/deps';
import { staffRoute, type App } from '../../http/routes';

/** Each list shows this many; the total says how many more matched. */
export const DASHBOARD_LIMIT = 10;

/** A case-insensitive "contains" pattern in which the user's % and _ are plain characters. */
const containsPattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const like = (column: SQLWrapper, pattern: string): SQL => sql`${column} ilike ${pattern}`;

/** Issue 14: the staff dashboard, any staff user (spec §2 "hstm/dashboard"). */
export function registerHstmDashboardModule(app: App, deps: Deps): void {
  staffRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/hstm/dash/new',
      summary: 'Staff dashboard: organisations and users matching a search, and figures that need attention',
      schema: { querystring: DashboardQuery, response: { 200: Dashboard } },
    },
    async (ctx, { query }) => {
      const search = query.search ?? '';
      const pattern = containsPattern(search);
      // Staff routes run outside row-level security: these reads span every organisation on purpose.
      const orgWhere = search ? or(like(organizations.name, pattern), like(organizations.tenant, pattern)) : undefined;
      const fullName = sql`(${orgUsers.firstName} || ' ' || ${orgUsers.lastName})`;
      const userWhere = and(
        ne(orgUsers.status, UserStatus.Deleted),
        search
          ? or(like(fullName, pattern), like(orgUsers.email, pattern), like(orgUsers.username, pattern))
          : undefined,
      );
      const tx = ctx.tx;
      const orgRows = await tx
        .select({
          id: organizations.id,
          name: organizations.name,
          tenant: organizations.tenant,
          status: organizations.status,
        })
        .from(organizations)
        .where(orgWhere)
        .orderBy(desc(organizations.createdAt), desc(organizations.id))
        .limit(DASHBOARD_LIMIT);
      const [orgTotal] = await tx.select({ n: count() }).from(organizations).where(orgWhere);
      const userRows = await tx
        .select({
          id: orgUsers.id,
          firstName: orgUsers.firstName,
          lastName: orgUsers.lastName,
          email: orgUsers.email,
          username: orgUsers.username,
          status: orgUsers.status,
          orgId: orgUsers.orgId,
          orgName: organizations.name,
        })
        .from(orgUsers)
        .innerJoin(organizations, eq(organizations.id, orgUsers.orgId))
        .where(userWhere)
        .orderBy(desc(orgUsers.createdAt), desc(orgUsers.id))
        .limit(DASHBOARD_LIMIT);
      const [userTotal] = await tx.select({ n: count() }).from(orgUsers).where(userWhere);
      const byStatus = await tx
        .select({ status: organizations.status, n: count() })
        .from(organizations)
        .groupBy(organizations.status);
      const [lockedOut] = await tx
        .select({ n: count() })
        .from(orgUsers)
        .where(and(ne(orgUsers.status, UserStatus.Deleted), gt(orgUsers.lockedUntil, ctx.now)));
      const statusCount = (status: number): number => byStatus.find((r) => r.status === status)?.n ?? 0;
      return {
        organizations: { rows: orgRows, total: orgTotal?.n ?? 0 },
        users: {
          rows: userRows.map((u) => ({
            id: u.id,
            name: `${u.firstName} ${u.lastName}`.trim(),
            email: u.email,
            username: u.username,
            status: u.status,
            org_id: u.orgId,
            org_name: u.orgName,
          })),
          total: userTotal?.n ?? 0,
        },
        figures: {
          orgs_active: statusCount(OrgStatus.Enabled),
          orgs_disabled: statusCount(OrgStatus.Disabled),
          orgs_locked: statusCount(OrgStatus.Locked),
          users_locked_out: lockedOut?.n ?? 0,
        },
        limit: DASHBOARD_LIMIT,
      };
    },
  );
}
