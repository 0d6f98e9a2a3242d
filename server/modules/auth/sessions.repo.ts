import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ObjectRole } from '../../../shared/domain/roles';
import type { Db, Executor } from '../../db/client';
import { lapsedCopy, windowCovers } from '../delegation/delegation.repo';
import {
  accessGrants,
  delegations,
  groupMemberships,
  hstmUsers,
  organizations,
  orgUsers,
  sessions,
  tasks,
} from '../../db/schema/index';

export type SessionRow = typeof sessions.$inferSelect;

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function insertSession(db: Executor, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findSession(db: Executor, id: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row ?? null;
}

export async function touchSession(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Housekeeping: sessions past their absolute lifetime or idle for longer than their timeout. */
export async function deleteExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        and(sql`${sessions.lastSeenAt} + make_interval(mins => ${sessions.idleTimeoutMinutes}) < ${now}`),
      ),
    );
}

const sudoers = alias(hstmUsers, 'sudoer');

/**
 * Binder/folder owner (GET sessions shows it): the Owner role on any container, directly or through
 * a group, within the session's organisation.
 */
const containerOwnership = sql<boolean>`exists (
  select 1 from ${accessGrants}
  where ${accessGrants.orgId} = ${sessions.orgId} and ${accessGrants.role} = ${ObjectRole.Owner}
    and ${accessGrants.containerId} is not null
    and (${accessGrants.userId} = ${sessions.userId}
      or ${accessGrants.groupId} in (select ${groupMemberships.groupId} from ${groupMemberships}
        where ${groupMemberships.orgId} = ${sessions.orgId} and ${groupMemberships.userId} = ${sessions.userId})))`;

/** The time the delegation is read at: the statement's `now` placeholder. */
const atNow = sql`${sql.placeholder('now')}`;

/**
 * The people whose delegate the user is in a window active at the `now` placeholder (the tasks list
 * shows their open tasks): their ids in order, an empty array when there are none.
 */
const activeDelegators = sql<number[]>`(
  select coalesce(array_agg(d.user_id order by d.user_id), '{}') from ${delegations} d
   where d.org_id = ${sessions.orgId} and d.delegate_id = ${sessions.userId}
     and ${windowCovers(atNow)})`;

/** Whether the user holds an open copy of a task whose window lapsed: the tasks list closes those first. */
const holdsLapsedCopies = sql<boolean>`exists (
  select 1 from ${tasks} t
   where t.org_id = ${sessions.orgId} and t.user_id = ${sessions.userId} and ${lapsedCopy(atNow)})`;

/** What the session lookup reads besides the caller (each for the routes that ask for it). */
export interface SessionExtras {
  /** Whether the user owns a binder or folder (GET sessions, the reports). */
  ownership?: boolean;
  /** Whose delegate the user is now and whether they hold lapsed copies (the tasks list), at this time. */
  delegatorsAt?: Date;
}

/** What the session lookup reads: the session, its org user and organisation or staff user, the sudoer. */
export interface SessionActorRow {
  id: string;
  kind: string;
  orgId: number | null;
  userId: number | null;
  hstmUserId: number | null;
  sudoerId: number | null;
  csrfToken: string;
  idleTimeoutMinutes: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  userOrgId: number | null;
  userFirstName: string | null;
  userLastName: string | null;
  userEmail: string | null;
  userUsername: string | null;
  userStatus: number | null;
  userIsAdmin: boolean | null;
  userIsPolicyOwner: boolean | null;
  orgName: string | null;
  orgTenant: string | null;
  orgStatus: number | null;
  staffName: string | null;
  staffEmail: string | null;
  staffUsername: string | null;
  staffStatus: number | null;
  staffPermissions: string | null;
  sudoerName: string | null;
  containerOwner: boolean | null;
  delegators: number[] | null;
  holdsLapsedCopies: boolean | null;
}

/** The row as it travels: its times as milliseconds since the epoch (JSON has no dates). */
type SessionActorJson = Omit<SessionActorRow, 'createdAt' | 'lastSeenAt' | 'expiresAt'> & {
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
};

const epochMs = (column: SQLWrapper): SQL => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * Everything a request needs to know about its caller, in one statement: the session, its org
 * user and organisation (or its staff user) and the sudoer of a login-as session. Rows that do not
 * exist come back as nulls; the caller decides what a live session is.
 *
 * The row is one JSON value, not 29 columns: every signed-in request runs this statement, and the
 * driver's work per column (the row description parsed and a parser looked up for each column on
 * every execution, then drizzle's mapping of each value) was about 35% of its CPU for this statement
 * (51 -> 33 us a query on one connection, measured with the driver alone).
 */
function buildSessionActorQuery(db: Db, withOwnership: boolean, withDelegators: boolean) {
  const fields: Record<keyof SessionActorRow, SQLWrapper> = {
    id: sessions.id,
    kind: sessions.kind,
    orgId: sessions.orgId,
    userId: sessions.userId,
    hstmUserId: sessions.hstmUserId,
    sudoerId: sessions.sudoerId,
    csrfToken: sessions.csrfToken,
    idleTimeoutMinutes: sessions.idleTimeoutMinutes,
    createdAt: epochMs(sessions.createdAt),
    lastSeenAt: epochMs(sessions.lastSeenAt),
    expiresAt: epochMs(sessions.expiresAt),
    userOrgId: orgUsers.orgId,
    userFirstName: orgUsers.firstName,
    userLastName: orgUsers.lastName,
    userEmail: orgUsers.email,
    userUsername: orgUsers.username,
    userStatus: orgUsers.status,
    userIsAdmin: orgUsers.isAdmin,
    userIsPolicyOwner: orgUsers.isPolicyOwner,
    orgName: organizations.name,
    orgTenant: organizations.tenant,
    orgStatus: organizations.status,
    staffName: hstmUsers.name,
    staffEmail: hstmUsers.email,
    staffUsername: hstmUsers.username,
    staffStatus: hstmUsers.status,
    staffPermissions: hstmUsers.permissions,
    sudoerName: sudoers.name,
    containerOwner: withOwnership ? containerOwnership : sql`null::boolean`,
    delegators: withDelegators ? activeDelegators : sql`null::int[]`,
    holdsLapsedCopies: withDelegators ? holdsLapsedCopies : sql`null::boolean`,
  };
  const pairs = sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  );
  return db
    .select({ actor: sql<SessionActorJson>`json_build_object(${pairs})` })
    .from(sessions)
    .leftJoin(orgUsers, eq(orgUsers.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, orgUsers.orgId))
    .leftJoin(hstmUsers, eq(hstmUsers.id, sessions.hstmUserId))
    .leftJoin(sudoers, eq(sudoers.id, sessions.sudoerId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare(`tenet_session_actor${withOwnership ? '_owner' : ''}${withDelegators ? '_delegators' : ''}`);
}

/**
 * Built once per database and kind: drizzle's query building was a large share of every request's
 * CPU, and a named statement is parsed and planned once per PostgreSQL connection instead of every
 * time.
 */
const sessionActorQueries = new WeakMap<Db, Array<ReturnType<typeof buildSessionActorQuery> | undefined>>();

/**
 * The session and its actor's rows, read as the owner outside any transaction (one statement);
 * `extras` adds what some routes decide with (SessionExtras), in the same statement.
 */
export async function findSessionActor(
  db: Db,
  id: string,
  extras: SessionExtras = {},
): Promise<SessionActorRow | null> {
  const withOwnership = extras.ownership === true;
  const withDelegators = extras.delegatorsAt !== undefined;
  let queries = sessionActorQueries.get(db);
  if (!queries) {
    queries = [];
    sessionActorQueries.set(db, queries);
  }
  const kind = (withOwnership ? 1 : 0) + (withDelegators ? 2 : 0);
  const query = (queries[kind] ??= buildSessionActorQuery(db, withOwnership, withDelegators));
  const [row] = await query.execute(
    extras.delegatorsAt === undefined ? { id } : { id, now: extras.delegatorsAt.toISOString() },
  );
  if (!row) return null;
  const { actor } = row;
  return {
    ...actor,
    createdAt: new Date(actor.createdAt),
    lastSeenAt: new Date(actor.lastSeenAt),
    expiresAt: new Date(actor.expiresAt),
  };
}
