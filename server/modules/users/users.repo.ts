import { and, asc, desc, eq, gt, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery, UserSortKey } from '../../../shared/api/users';
import { USER_PICKER_LIMIT } from '../../../shared/api/users';
import { UserStatus } from '../../../shared/domain/statuses';
import { queryRows, type Executor } from '../../db/client';
import { commitWithFinalStatement } from '../../db/tenant';
import { groupMemberships, orgUsers, userGroups, userLogs, userSettings } from '../../db/schema/index';
import { containsPattern } from '../../db/like';
import { shapedSql } from '../../db/shaped-sql';
import { isoOfTimestamp } from '../../db/timestamps';

export type UserRow = typeof orgUsers.$inferSelect;

/** What the list screen's filters ask of the rows, computed once from the query. */
interface ListFilters {
  /** The column sorted by and its direction (ties go by name, then id). */
  sort: UserSortKey;
  dir: 'asc' | 'desc';
  /** Everyone but the deleted (the picker, or both toggles), else only this status. */
  status?: number;
  neverLoggedIn: boolean;
  createdFrom?: number;
  /** The search as a LIKE pattern. */
  like?: string;
}

function listFiltersOf(q: UserListQuery): ListFilters {
  if (q.bypass_val) return { sort: 'name', dir: 'asc', neverLoggedIn: false };
  // Active and inactive are toggles: either alone narrows, both (or neither) show both.
  const status =
    q.active && !q.inactive ? UserStatus.Active : q.inactive && !q.active ? UserStatus.Inactive : undefined;
  return {
    sort: q.sort,
    dir: q.dir,
    ...(status !== undefined ? { status } : {}),
    neverLoggedIn: q.never_logged_in === true,
    ...(q.created_from !== undefined ? { createdFrom: q.created_from } : {}),
    ...(q.search ? { like: containsPattern(q.search) } : {}),
  };
}

/** The list screen's filters: the three toggles, the search and where the user came from. */
function listConditions(orgId: number, f: ListFilters): SQL[] {
  const where: SQL[] = [eq(orgUsers.orgId, orgId), ne(orgUsers.status, UserStatus.Deleted)];
  if (f.status !== undefined) where.push(eq(orgUsers.status, f.status));
  if (f.neverLoggedIn) where.push(isNull(orgUsers.lastLoginAt));
  if (f.createdFrom !== undefined) where.push(eq(orgUsers.createdFrom, f.createdFrom));
  if (f.like !== undefined) {
    where.push(
      or(
        ilike(orgUsers.firstName, f.like),
        ilike(orgUsers.lastName, f.like),
        ilike(orgUsers.email, f.like),
        ilike(orgUsers.username, f.like),
        sql`(${orgUsers.firstName} || ' ' || ${orgUsers.lastName}) ilike ${f.like}`,
      )!,
    );
  }
  return where;
}

/** What the list shows of a user (users.presenter.ts). */
export type ListedUser = Pick<
  UserRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'username'
  | 'title'
  | 'status'
  | 'isAdmin'
  | 'isPolicyOwner'
  | 'createdFrom'
  | 'lastLoginAt'
  | 'createdAt'
>;

interface ListedUserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  title: string | null;
  status: number;
  is_admin: boolean;
  is_policy_owner: boolean;
  created_from: number;
  last_login_at: string | Date | null;
  created_at: string | Date;
  total: number;
}

const listedUserOf = (row: ListedUserRow): ListedUser => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  username: row.username,
  title: row.title,
  status: row.status,
  isAdmin: row.is_admin,
  isPolicyOwner: row.is_policy_owner,
  createdFrom: row.created_from,
  lastLoginAt: row.last_login_at === null ? null : new Date(isoOfTimestamp(row.last_login_at)),
  createdAt: new Date(isoOfTimestamp(row.created_at)),
});

/**
 * The ORDER BY of a page: the chosen column, then the name and the id so that pages never overlap.
 * A user who never signed in counts as the longest ago ('Never' first going up, last going down).
 */
function orderOf(f: ListFilters): SQL {
  const u = orgUsers;
  const dir = sql.raw(f.dir === 'desc' ? 'desc' : 'asc');
  const byName = sql`lower(${u.lastName}) ${dir}, lower(${u.firstName}) ${dir}, ${u.id} ${dir}`;
  switch (f.sort) {
    case 'name':
      return byName;
    case 'email':
      return sql`lower(${u.email}) ${dir}, ${byName}`;
    case 'username':
      return sql`lower(${u.username}) ${dir}, ${byName}`;
    case 'status':
      return sql`${u.status} ${dir}, ${byName}`;
    case 'last_login_at':
      return sql`${u.lastLoginAt} ${dir} ${sql.raw(f.dir === 'desc' ? 'nulls last' : 'nulls first')}, ${byName}`;
    case 'created_at':
      return sql`${u.createdAt} ${dir}, ${byName}`;
  }
}

/**
 * A page of the list, its total riding on its rows (a subquery run once for the statement, not per
 * row): one round trip. Its size is written in (a checked whole number); built once per shape.
 */
function userPageSql(orgId: number, f: ListFilters, limit: number, offset: number): SQL {
  const where = and(...listConditions(orgId, f));
  const u = orgUsers;
  return sql`select ${u.id} as id, ${u.firstName} as first_name, ${u.lastName} as last_name, ${u.email} as email,
           ${u.username} as username, ${u.title} as title, ${u.status}::int as status, ${u.isAdmin} as is_admin,
           ${u.isPolicyOwner} as is_policy_owner, ${u.createdFrom}::int as created_from,
           ${u.lastLoginAt} as last_login_at, ${u.createdAt} as created_at,
           (select count(*)::int from ${u} where ${where}) as total
      from ${u}
     where ${where}
     order by ${orderOf(f)}
     limit ${sql.raw(String(Math.trunc(limit)))}${offset > 0 ? sql` offset ${offset}` : sql``}`;
}

/** The first page, its statement built once per shape (server/db/shaped-sql.ts). */
function firstUserPageSql(orgId: number, f: ListFilters, limit: number): SQL {
  const shape = [
    'users-page',
    f.sort,
    f.dir,
    f.status ?? '-',
    f.neverLoggedIn ? 'never' : '-',
    f.createdFrom !== undefined ? 'from' : '-',
    f.like !== undefined ? 'like' : '-',
    limit,
  ].join(':');
  const values = {
    orgId,
    ...(f.createdFrom !== undefined ? { createdFrom: f.createdFrom } : {}),
    ...(f.like !== undefined ? { like: f.like } : {}),
  };
  return shapedSql(shape, values, (v) =>
    userPageSql(
      Number(v.orgId),
      {
        sort: f.sort,
        dir: f.dir,
        ...(f.status !== undefined ? { status: f.status } : {}),
        neverLoggedIn: f.neverLoggedIn,
        ...(v.createdFrom !== undefined ? { createdFrom: Number(v.createdFrom) } : {}),
        ...(v.like !== undefined ? { like: String(v.like) } : {}),
      },
      limit,
      0,
    ),
  );
}

export async function listUserRows(
  db: Executor,
  orgId: number,
  q: UserListQuery,
): Promise<{ rows: ListedUser[]; total: number }> {
  const filters = listFiltersOf(q);
  const limit = q.bypass_val ? USER_PICKER_LIMIT : q.per_page;
  const offset = q.bypass_val ? 0 : (q.page - 1) * q.per_page;
  // Only a page with no rows (past the end, or nothing matches) asks for the total apart. The first
  // page never does, so it is the route's last statement and its COMMIT rides with it.
  if (offset === 0) commitWithFinalStatement(db);
  const found = await queryRows<ListedUserRow>(
    db,
    offset === 0 ? firstUserPageSql(orgId, filters, limit) : userPageSql(orgId, filters, limit, offset),
  );
  if (found[0]) return { rows: found.map(listedUserOf), total: Number(found[0].total) };
  if (offset === 0) return { rows: [], total: 0 };
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orgUsers)
    .where(and(...listConditions(orgId, filters)));
  return { rows: [], total: Number(count?.n ?? 0) };
}

/** A user of the org that is not deleted, or null (a deleted user is gone for the admin). */
export async function findUser(db: Executor, orgId: number, id: number, lock = false): Promise<UserRow | null> {
  const query = db
    .select()
    .from(orgUsers)
    .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.id, id), ne(orgUsers.status, UserStatus.Deleted)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Usernames are unique across every organisation (sign-in is by username); e-mails within one. */
export async function usernameTaken(db: Executor, username: string, exceptId?: number): Promise<boolean> {
  const [row] = await queryRows<{ taken: boolean }>(
    db,
    sql`select username_taken(${username}, ${exceptId ?? null}::integer) as taken`,
  );
  return row?.taken === true;
}

/** Sign-in tries staff first: an org user may not take a provider staff user's username. */
export async function staffUsernameTaken(db: Executor, username: string): Promise<boolean> {
  const [row] = await queryRows<{ taken: boolean }>(db, sql`select staff_username_taken(${username}) as taken`);
  return row?.taken === true;
}

/** The status of the org's user (deleted ones too) who has this e-mail, or null when nobody has it. */
export async function emailHolderStatus(
  db: Executor,
  orgId: number,
  email: string,
  exceptId?: number,
): Promise<number | null> {
  const [row] = await db
    .select({ status: orgUsers.status })
    .from(orgUsers)
    .where(
      and(
        eq(orgUsers.orgId, orgId),
        sql`lower(${orgUsers.email}) = lower(${email})`,
        exceptId ? ne(orgUsers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row?.status ?? null;
}

export async function insertUser(db: Executor, values: typeof orgUsers.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(orgUsers).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Executor,
  orgId: number,
  id: number,
  values: Partial<typeof orgUsers.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(orgUsers)
    .set(values)
    .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.id, id)))
    .returning();
  return row!;
}

export interface GroupRef {
  id: number;
  name: string;
  createdBySource: string;
}

export async function listUserGroups(db: Executor, orgId: number, userId: number): Promise<GroupRef[]> {
  return db
    .select({ id: userGroups.id, name: userGroups.name, createdBySource: userGroups.createdBySource })
    .from(groupMemberships)
    .innerJoin(
      userGroups,
      and(eq(userGroups.orgId, groupMemberships.orgId), eq(userGroups.id, groupMemberships.groupId)),
    )
    .where(and(eq(groupMemberships.orgId, orgId), eq(groupMemberships.userId, userId)))
    .orderBy(asc(sql`lower(${userGroups.name})`));
}

export async function findGroups(db: Executor, orgId: number, ids: number[]): Promise<GroupRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: userGroups.id, name: userGroups.name, createdBySource: userGroups.createdBySource })
    .from(userGroups)
    .where(and(eq(userGroups.orgId, orgId), inArray(userGroups.id, ids)));
}

export async function addMemberships(db: Executor, orgId: number, userId: number, groupIds: number[], at: Date) {
  if (groupIds.length === 0) return;
  await db
    .insert(groupMemberships)
    .values(groupIds.map((groupId) => ({ orgId, groupId, userId, createdAt: at })))
    .onConflictDoNothing();
}

export async function removeMemberships(db: Executor, orgId: number, userId: number, groupIds: number[]) {
  if (groupIds.length === 0) return;
  await db
    .delete(groupMemberships)
    .where(
      and(
        eq(groupMemberships.orgId, orgId),
        eq(groupMemberships.userId, userId),
        inArray(groupMemberships.groupId, groupIds),
      ),
    );
}

/** Moves the groups' updated_at on: their members changed (a group edit's stale-save token). */
export async function touchGroups(db: Executor, orgId: number, groupIds: number[], at: Date) {
  if (groupIds.length === 0) return;
  await db
    .update(userGroups)
    .set({ updatedAt: at })
    .where(and(eq(userGroups.orgId, orgId), inArray(userGroups.id, groupIds)));
}

export async function insertUserLog(
  db: Executor,
  orgId: number,
  userId: number,
  action: string,
  details: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await db.insert(userLogs).values({ orgId, userId, action, details, createdAt: at });
}

export async function listUserLogs(db: Executor, orgId: number, userId: number) {
  return db
    .select()
    .from(userLogs)
    .where(and(eq(userLogs.orgId, orgId), eq(userLogs.userId, userId)))
    .orderBy(desc(userLogs.createdAt), desc(userLogs.id))
    .limit(500);
}

export async function findUserSettings(db: Executor, orgId: number, userId: number): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ settings: userSettings.settings })
    .from(userSettings)
    .where(and(eq(userSettings.orgId, orgId), eq(userSettings.userId, userId)))
    .limit(1);
  return (row?.settings as Record<string, unknown> | undefined) ?? {};
}

/**
 * Active users who never signed in, the bulk invitation's recipients: `limit` of them in id order
 * after `afterId`, so the invitation reaches every one of them a batch at a time.
 */
export async function listNeverSignedIn(
  db: Executor,
  orgId: number,
  afterId: number,
  limit: number,
): Promise<UserRow[]> {
  return db
    .select()
    .from(orgUsers)
    .where(
      and(
        eq(orgUsers.orgId, orgId),
        eq(orgUsers.status, UserStatus.Active),
        isNull(orgUsers.lastLoginAt),
        gt(orgUsers.id, afterId),
      ),
    )
    .orderBy(asc(orgUsers.id))
    .limit(limit);
}
