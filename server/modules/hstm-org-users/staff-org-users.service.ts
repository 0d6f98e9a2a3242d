import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  browserName,
  type HstreamIdResponse,
  type StaffNewOrgUserInput,
  type StaffOrgUser,
  type StaffOrgUserList,
  type OrgUserSortKey,
  type StaffOrgUserListQuery,
  type VisitorLog,
  type VisitorLogList,
  type VisitorLogListQuery,
} from '../../../shared/api/hstm-org-users';
import { USER_STATUS_LABELS, type UserUpdateInput } from '../../../shared/api/users';
import { UserStatus } from '../../../shared/domain/statuses';
import { hstmUsers, organizations, orgUsers, visitorLogs } from '../../db/schema/index';
import type { OrgActor } from '../../http/actor';
import { notFound, unprocessable } from '../../http/errors';
import type { OrgCtx, StaffCtx } from '../../http/routes';
import { presentUser } from '../users/users.presenter';
import { findUserSettings, listUserGroups } from '../users/users.repo';
import { createUser, deleteUser, updateUser } from '../users/users.service';
import { containsPattern } from '../../db/like';

async function getOrg(ctx: StaffCtx, orgId: number): Promise<{ id: number; name: string }> {
  const [org] = await ctx.tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  if (!org) throw notFound('The organization');
  return org;
}

/** An org user not deleted; with `orgId`, one of that organisation only (else the same 404). */
async function getUser(ctx: StaffCtx, id: number, orgId?: number) {
  const [row] = await ctx.tx
    .select()
    .from(orgUsers)
    .where(
      and(
        eq(orgUsers.id, id),
        ne(orgUsers.status, UserStatus.Deleted),
        orgId !== undefined ? eq(orgUsers.orgId, orgId) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw notFound('The user');
  return row;
}

/**
 * The org-side user rules (validation, uniqueness, change logs, what follows a deactivation) run
 * unchanged for staff: they get a context of the user's organisation, with the organisation id
 * set for the transaction as an org request would have it (ending sessions reads it). The staff
 * user acts as an administrator with no org user id (0 is never an id), so the org side's
 * "not yourself" rules never mistake them for the user being edited, and change logs name them.
 */
async function asOrgAdmin(ctx: StaffCtx, orgId: number): Promise<OrgCtx> {
  await ctx.tx.execute(sql`select set_config('app.org_id', ${String(orgId)}, true)`);
  const actor: OrgActor = {
    kind: 'org',
    sessionId: ctx.actor.sessionId,
    orgId,
    userId: 0,
    name: ctx.actor.name,
    email: ctx.actor.email,
    username: ctx.actor.username,
    isAdmin: true,
    isPolicyOwner: false,
    sudoer: null,
    loggedInAt: ctx.actor.loggedInAt,
    tokenTimeout: ctx.actor.tokenTimeout,
  };
  return { ...ctx, orgId, actor };
}

/**
 * What each sort key orders by; the id breaks ties so that a page never repeats or skips a user.
 * Never signed in sorts before the oldest sign-in: first ascending, last descending.
 */
const SORT_COLUMNS: Record<OrgUserSortKey, SQL[]> = {
  name: [sql`lower(${orgUsers.lastName})`, sql`lower(${orgUsers.firstName})`],
  email: [sql`lower(${orgUsers.email})`],
  username: [sql`lower(${orgUsers.username})`],
  status: [sql`${orgUsers.status}`, sql`lower(${orgUsers.lastName})`, sql`lower(${orgUsers.firstName})`],
  last_login_at: [sql`(${orgUsers.lastLoginAt} is not null)`, sql`${orgUsers.lastLoginAt}`],
};

export async function listOrgUsers(
  ctx: StaffCtx,
  q: z.output<typeof StaffOrgUserListQuery>,
): Promise<StaffOrgUserList> {
  await getOrg(ctx, q.orgId);
  const where: SQL[] = [eq(orgUsers.orgId, q.orgId), ne(orgUsers.status, UserStatus.Deleted)];
  if (q.status !== undefined) where.push(eq(orgUsers.status, q.status));
  if (q.admins) where.push(eq(orgUsers.isAdmin, true));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(
      or(
        ilike(orgUsers.firstName, like),
        ilike(orgUsers.lastName, like),
        ilike(orgUsers.email, like),
        ilike(orgUsers.username, like),
        sql`(${orgUsers.firstName} || ' ' || ${orgUsers.lastName}) ilike ${like}`,
      )!,
    );
  }
  const direction = q.dir === 'desc' ? desc : asc;
  const rows = await ctx.tx
    .select()
    .from(orgUsers)
    .where(and(...where))
    .orderBy(...SORT_COLUMNS[q.sort].map((column) => direction(column)), asc(orgUsers.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await ctx.tx
    .select({ n: count() })
    .from(orgUsers)
    .where(and(...where));
  return { users: rows.map(presentUser), total: Number(total?.n ?? 0), page: q.page, per_page: q.per_page };
}

export async function showOrgUser(ctx: StaffCtx, id: number, orgId?: number): Promise<StaffOrgUser> {
  const row = await getUser(ctx, id, orgId);
  const org = await getOrg(ctx, row.orgId);
  return {
    ...presentUser(row),
    groups: (await listUserGroups(ctx.tx, row.orgId, id)).map((g) => ({
      id: g.id,
      name: g.name,
      created_by_source: g.createdBySource,
    })),
    org_id: row.orgId,
    org_name: org.name,
    hstream_id: row.hstreamId,
    settings: await findUserSettings(ctx.tx, row.orgId, id),
  };
}

/**
 * Sign-in by username looks at staff before org users, so an org user may not take a staff
 * username (the org side's own check covers org users only).
 */
async function refuseStaffUsername(ctx: StaffCtx, username: string | undefined): Promise<void> {
  if (!username) return;
  const [taken] = await ctx.tx
    .select({ id: hstmUsers.id })
    .from(hstmUsers)
    .where(sql`lower(${hstmUsers.username}) = lower(${username.trim()})`)
    .limit(1);
  if (taken) throw unprocessable(`The username ${username.trim()} is already taken: choose another.`);
}

export async function createOrgUser(ctx: StaffCtx, input: z.output<typeof StaffNewOrgUserInput>) {
  const { org_id: orgId, ...user } = input;
  await getOrg(ctx, orgId);
  await refuseStaffUsername(ctx, user.username);
  const created = await createUser(await asOrgAdmin(ctx, orgId), user);
  return showOrgUser(ctx, created.id);
}

export async function updateOrgUser(ctx: StaffCtx, id: number, input: UserUpdateInput, bodyUserId?: number) {
  const row = await getUser(ctx, id);
  if (input.username !== undefined && input.username.toLowerCase() !== row.username.toLowerCase())
    await refuseStaffUsername(ctx, input.username);
  await updateUser(await asOrgAdmin(ctx, row.orgId), id, input, bodyUserId);
  return showOrgUser(ctx, id);
}

export async function deleteOrgUser(ctx: StaffCtx, id: number): Promise<{ message: string }> {
  const row = await getUser(ctx, id);
  return deleteUser(await asOrgAdmin(ctx, row.orgId), id);
}

const logColumns = {
  id: visitorLogs.id,
  userId: visitorLogs.userId,
  signedInAt: visitorLogs.signedInAt,
  signedOutAt: visitorLogs.signedOutAt,
  ip: visitorLogs.ip,
  userAgent: visitorLogs.userAgent,
  sudoerName: hstmUsers.name,
};
interface LogRow {
  id: number;
  userId: number;
  signedInAt: Date;
  signedOutAt: Date | null;
  ip: string | null;
  userAgent: string | null;
  sudoerName: string | null;
}

function presentLog(row: LogRow): VisitorLog {
  return {
    id: row.id,
    user_id: row.userId,
    signed_in_at: row.signedInAt.toISOString(),
    signed_out_at: row.signedOutAt ? row.signedOutAt.toISOString() : null,
    ip: row.ip,
    user_agent: row.userAgent,
    browser: browserName(row.userAgent),
    sudoer_name: row.sudoerName,
  };
}

export async function listVisitorLogs(
  ctx: StaffCtx,
  id: number,
  q: z.output<typeof VisitorLogListQuery>,
): Promise<VisitorLogList> {
  const user = await getUser(ctx, id, q.orgId);
  const where = and(eq(visitorLogs.orgId, user.orgId), eq(visitorLogs.userId, id));
  const rows = await ctx.tx
    .select(logColumns)
    .from(visitorLogs)
    .leftJoin(hstmUsers, eq(hstmUsers.id, visitorLogs.sudoerId))
    .where(where)
    .orderBy(desc(visitorLogs.signedInAt), desc(visitorLogs.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await ctx.tx.select({ n: count() }).from(visitorLogs).where(where);
  return { visitor_logs: rows.map(presentLog), total: Number(total?.n ?? 0), page: q.page, per_page: q.per_page };
}

export async function showVisitorLog(ctx: StaffCtx, id: number, logId: number, orgId?: number): Promise<VisitorLog> {
  const user = await getUser(ctx, id, orgId);
  const [row] = await ctx.tx
    .select(logColumns)
    .from(visitorLogs)
    .leftJoin(hstmUsers, eq(hstmUsers.id, visitorLogs.sudoerId))
    .where(and(eq(visitorLogs.orgId, user.orgId), eq(visitorLogs.userId, id), eq(visitorLogs.id, logId)))
    .limit(1);
  if (!row) throw notFound('The visitor log');
  return presentLog(row);
}

/** Developer tools: the org users (not deleted) with this e-mail, in any organisation. */
export async function hstreamIdByEmail(ctx: StaffCtx, email: string): Promise<HstreamIdResponse> {
  const rows = await ctx.tx
    .select({ user: orgUsers, orgName: organizations.name })
    .from(orgUsers)
    .innerJoin(organizations, eq(organizations.id, orgUsers.orgId))
    .where(and(sql`lower(${orgUsers.email}) = lower(${email})`, ne(orgUsers.status, UserStatus.Deleted)))
    .orderBy(asc(sql`lower(${organizations.name})`), asc(orgUsers.id))
    .limit(100);
  return {
    users: rows.map(({ user, orgName }) => ({
      id: user.id,
      org_id: user.orgId,
      org_name: orgName,
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      username: user.username,
      status_label: USER_STATUS_LABELS[user.status] ?? String(user.status),
      hstream_id: user.hstreamId,
    })),
  };
}
