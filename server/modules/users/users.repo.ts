import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery } from '../../../shared/api/users';
import { USER_PICKER_LIMIT } from '../../../shared/api/users';
import { UserStatus } from '../../../shared/domain/statuses';
import { queryRows, type Executor } from '../../db/client';
import { commitWithFinalStatement } from '../../db/tenant';
import { groupMemberships, orgUsers, userGroups, userLogs, userSettings } from '../../db/schema/index';
import { containsPattern } from '../../db/like';

export type UserRow = typeof orgUsers.$inferSelect;

/** The list screen's filters: the three toggles, the search and where the user came from. */
function listConditions(orgId: number, q: UserListQuery): SQL[] {
  const where: SQL[] = [eq(orgUsers.orgId, orgId), ne(orgUsers.status, UserStatus.Deleted)];
  if (q.bypass_val) return where;
  // Active and inactive are toggles: either alone narrows, both (or neither) show both.
  if (q.active && !q.inactive) where.push(eq(orgUsers.status, UserStatus.Active));
  if (q.inactive && !q.active) where.push(eq(orgUsers.status, UserStatus.Inactive));
  if (q.never_logged_in) where.push(isNull(orgUsers.lastLoginAt));
  if (q.created_from !== undefined) where.push(eq(orgUsers.createdFrom, q.created_from));
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
  return where;
}

export async function listUserRows(
  db: Executor,
  orgId: number,
  q: UserListQuery,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(...listConditions(orgId, q));
  const limit = q.bypass_val ? USER_PICKER_LIMIT : q.per_page;
  const offset = q.bypass_val ? 0 : (q.page - 1) * q.per_page;
  // The total rides on the page's rows (a subquery run once for the statement, not per row): one
  // round trip. Only a page with no rows (past the end, or nothing matches) asks for it apart. The
  // first page never does, so it is the route's last statement and its COMMIT rides with it.
  if (offset === 0) commitWithFinalStatement(db);
  const found = await db
    .select({ user: orgUsers, total: sql<number>`(select count(*)::int from ${orgUsers} where ${where})` })
    .from(orgUsers)
    .where(where)
    .orderBy(asc(sql`lower(${orgUsers.lastName})`), asc(sql`lower(${orgUsers.firstName})`), asc(orgUsers.id))
    .limit(limit)
    .offset(offset);
  if (found[0]) return { rows: found.map((row) => row.user), total: Number(found[0].total) };
  if (offset === 0) return { rows: [], total: 0 };
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orgUsers)
    .where(where);
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

export async function emailTaken(db: Executor, orgId: number, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orgUsers.id })
    .from(orgUsers)
    .where(
      and(
        eq(orgUsers.orgId, orgId),
        sql`lower(${orgUsers.email}) = lower(${email})`,
        exceptId ? ne(orgUsers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
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

/** Active users who never signed in: the bulk invitation's recipients. */
export async function listNeverSignedIn(db: Executor, orgId: number): Promise<UserRow[]> {
  return db
    .select()
    .from(orgUsers)
    .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.status, UserStatus.Active), isNull(orgUsers.lastLoginAt)))
    .orderBy(asc(orgUsers.id))
    .limit(USER_PICKER_LIMIT);
}
