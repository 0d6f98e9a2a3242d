import { sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_COUNT_REACH, Dashboard, DashboardQuery } from '../../../shared/api/hstm-dashboard';
import { StaffPermission } from '../../../shared/domain/roles';
import { OrgStatus, UserStatus } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { commitWithFinalStatement } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import { staffRoute, type App } from '../../http/routes';
import { containsPattern } from '../../db/like';

/** Each list shows this many; the total says how many more matched. */
export const DASHBOARD_LIMIT = 10;

/** Counts one row past the reach, so that the answer can say more matched (ADR 0025). */
const COUNT_LIMIT = sql.raw(String(DASHBOARD_COUNT_REACH + 1));
const reached = (count: number): { total: number; total_capped: boolean } => ({
  total: Math.min(count, DASHBOARD_COUNT_REACH),
  total_capped: count > DASHBOARD_COUNT_REACH,
});

/** A "contains" pattern whose line breaks are spaces: a search never spans two lines of `userSearchText`. */
export const searchPattern = (search: string): string => containsPattern(search.replace(/[\r\n]+/g, ' '));

/**
 * What a staff search finds a user by: the name ("first last"), the e-mail and the username, each
 * on a line of its own, so that a pattern without a line break matches within one of them. Indexed
 * by trigrams for users not deleted (migration 0036, whose expression this must equal).
 */
export const userSearchText = sql`(u.first_name || ' ' || u.last_name || E'\\n' || u.email || E'\\n' || u.username)`;

interface DashboardOrgRow {
  id: number;
  name: string;
  tenant: string;
  status: number;
}
interface DashboardUserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  status: number;
  org_id: number;
  org_name: string;
}
interface DashboardRow {
  orgs: DashboardOrgRow[] | string;
  org_total: number;
  users: DashboardUserRow[] | string;
  user_total: number;
  orgs_active: number;
  orgs_disabled: number;
  orgs_locked: number;
  users_locked_out: number;
}

/**
 * A status code of ours written into the statement, not sent as a parameter: PostgreSQL plans a
 * statement it runs often once for any parameters (a generic plan), and with `status <> $1` it
 * guessed one user where there were 2,000 and joined them to their organisations in a nested loop
 * (5 ms instead of 1.5 ms).
 */
const code = (value: number): SQL => {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a status code: ${value}`);
  return sql.raw(String(value));
};

/** Users whose sign-in is locked right now, from the index of the locked ones (migration 0047). */
export const usersLockedOutSql = (now: Date): SQL =>
  sql`select count(*)::int from org_users
       where status <> ${code(UserStatus.Deleted)} and locked_until > ${now.toISOString()}::timestamptz`;

const parseJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * What of the search a staff user's numbers cover. Organisations: org management (3), which gates
 * the Organizations screens. Users: org management, which gates the Org Users screens, or login as
 * (4), whose holders find here whom to log in as and may see all of that user anyway. The figures
 * are counts of no one in particular and are shown to every staff user.
 */
export function dashboardSections(permissions: readonly number[]): { orgs: boolean; users: boolean } {
  const orgManagement = permissions.includes(StaffPermission.OrgManagement);
  return { orgs: orgManagement, users: orgManagement || permissions.includes(StaffPermission.LoginAs) };
}

/** A list withheld from the caller: no rows, and the statement does not read them. */
const withheld = sql`'[]'::json`;
const notCounted = sql`0`;

/**
 * Issue 14: the staff dashboard, any staff user (spec §2 "hstm/dashboard"); its organisations and
 * users only for the numbers that cover them (`dashboardSections`), the rest answered empty and
 * said to be withheld.
 */
export function registerHstmDashboardModule(app: App, deps: Deps): void {
  staffRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/hstm/dash/new',
      summary:
        'Staff dashboard: organisations and users matching a search (each only for the permission covering it), and figures that need attention',
      schema: { querystring: DashboardQuery, response: { 200: Dashboard } },
    },
    async (ctx, { query }) => {
      const search = query.search ?? '';
      const pattern = searchPattern(search);
      // Staff routes run outside row-level security: these reads span every organisation on purpose.
      const orgWhere = search ? sql`(o.name ilike ${pattern} or o.tenant ilike ${pattern})` : sql`true`;
      const userWhere = sql`u.status <> ${code(UserStatus.Deleted)} and ${
        search ? sql`${userSearchText} ilike ${pattern}` : sql`true`
      }`;
      // One statement, one round trip: the six reads were six (12.7 ms at one connection on the API
      // bench's fixture, against a floor of 0.7 ms). A read is not audited, so nothing follows it:
      // its COMMIT rides with it (tenant.ts).
      commitWithFinalStatement(ctx.tx);
      const shows = dashboardSections(ctx.actor.permissions);
      const orgsSql = sql`(select coalesce(json_agg(x order by x.created_at desc, x.id desc), '[]')
             from (select o.id, o.name, o.tenant, o.status, o.created_at from organizations o
                    where ${orgWhere} order by o.created_at desc, o.id desc limit ${sql.raw(String(DASHBOARD_LIMIT))}) x)`;
      const orgTotalSql = sql`(select count(*)::int from (select 1 from organizations o where ${orgWhere} limit ${COUNT_LIMIT}) n)`;
      const usersSql = sql`(select coalesce(json_agg(x order by x.created_at desc, x.id desc), '[]')
             from (select u.id, u.first_name, u.last_name, u.email, u.username, u.status, u.org_id,
                          o.name as org_name, u.created_at
                     from org_users u join organizations o on o.id = u.org_id
                    where ${userWhere} order by u.created_at desc, u.id desc limit ${sql.raw(String(DASHBOARD_LIMIT))}) x)`;
      const userTotalSql = sql`(select count(*)::int from (select 1 from org_users u where ${userWhere} limit ${COUNT_LIMIT}) n)`;
      const [row] = await queryRows<DashboardRow>(
        ctx.tx,
        sql`
        select
          ${shows.orgs ? orgsSql : withheld} as orgs,
          ${shows.orgs ? orgTotalSql : notCounted} as org_total,
          ${shows.users ? usersSql : withheld} as users,
          ${shows.users ? userTotalSql : notCounted} as user_total,
          (select count(*)::int from organizations where status = ${code(OrgStatus.Enabled)}) as orgs_active,
          (select count(*)::int from organizations where status = ${code(OrgStatus.Disabled)}) as orgs_disabled,
          (select count(*)::int from organizations where status = ${code(OrgStatus.Locked)}) as orgs_locked,
          (${usersLockedOutSql(ctx.now)}) as users_locked_out`,
      );
      if (!row) throw new Error('The staff dashboard statement returned no row');
      // PGlite may hand json back as text; PostgreSQL's driver parses it.
      const orgs = parseJson<DashboardOrgRow[]>(row.orgs);
      const users = parseJson<DashboardUserRow[]>(row.users);
      return {
        organizations: {
          rows: orgs.map((o) => ({ id: o.id, name: o.name, tenant: o.tenant, status: o.status })),
          ...reached(row.org_total),
          withheld: !shows.orgs,
        },
        users: {
          rows: users.map((u) => ({
            id: u.id,
            name: `${u.first_name} ${u.last_name}`.trim(),
            email: u.email,
            username: u.username,
            status: u.status,
            org_id: u.org_id,
            org_name: u.org_name,
          })),
          ...reached(row.user_total),
          withheld: !shows.users,
        },
        figures: {
          orgs_active: row.orgs_active,
          orgs_disabled: row.orgs_disabled,
          orgs_locked: row.orgs_locked,
          users_locked_out: row.users_locked_out,
        },
        limit: DASHBOARD_LIMIT,
      };
    },
  );
}
