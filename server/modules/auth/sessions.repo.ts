import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/client';
import { sessions } from '../../db/schema/index';

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

/** A session lookup's row, and the MD5 of the text it was read as (what `sessionUnchangedCheck` compares). */
export interface SessionActorRead {
  row: SessionActorRow;
  seen: string;
}

/**
 * The statement of a session lookup: the database's `tenet_session_actor_rows` (migration 0060), one
 * JSON text, an SQL function that PostgreSQL writes into this statement and plans with it. Which
 * extras are asked is written into the text (a statement for each of the four), not bound: PostgreSQL
 * then drops the parts not asked for when it plans, and the plan it keeps for the statement (a
 * generic one) is as cheap as one made for each call, so it keeps it. Bound, each call was planned
 * afresh (80-120 us of 'bind' in the server's statement log).
 */
export function sessionActorSql(id: string, extras: SessionExtras = {}): SQL {
  const ownership = sql.raw(extras.ownership === true ? 'true' : 'false');
  const at = extras.delegatorsAt === undefined ? sql`null` : sql`${extras.delegatorsAt.toISOString()}`;
  return sql`select actor from tenet_session_actor_rows(${id}, ${ownership}, ${at}::timestamptz) as actor`;
}

/**
 * Everything a request needs to know about its caller, in one statement outside any transaction, as
 * the owner: the session, its org user and organisation (or its staff user), the sudoer of a
 * login-as session, and what `extras` asks for. Rows that do not exist come back as nulls; the
 * caller decides what a live session is. The same definition checks, inside a read's transaction,
 * that a session a process remembers is unchanged (`sessionUnchangedCheck`).
 */
export async function findSessionActor(
  db: Db,
  id: string,
  extras: SessionExtras = {},
): Promise<SessionActorRead | null> {
  const [found] = await queryRows<{ actor: string | null }>(db, sessionActorSql(id, extras));
  if (!found?.actor) return null;
  const actor = JSON.parse(found.actor) as SessionActorJson;
  return {
    row: {
      ...actor,
      createdAt: new Date(actor.createdAt),
      lastSeenAt: new Date(actor.lastSeenAt),
      expiresAt: new Date(actor.expiresAt),
    },
    seen: createHash('md5').update(found.actor).digest('hex'),
  };
}

/**
 * The statement that fails (SQLSTATE `SESSION_CHANGED`) unless the session's lookup, read now with
 * the same `extras`, is the one whose MD5 is `seen`. Its values are written into its text: it travels
 * as a command of a transaction's prologue, which has no parameters, so each is checked to be what
 * it must be (a SHA-256 and an MD5 in hexadecimal, an ISO time) and nothing else can reach the text.
 */
export function sessionUnchangedCheck(id: string, extras: SessionExtras, seen: string): string {
  if (!/^[0-9a-f]{64}$/.test(id) || !/^[0-9a-f]{32}$/.test(seen)) throw new Error('Not a session id or digest');
  const at = extras.delegatorsAt?.toISOString();
  if (at !== undefined && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(at))
    throw new Error(`Not a time: ${at}`);
  const when = at === undefined ? 'null' : `'${at}'`;
  return `select tenet_session_unchanged('${id}', ${extras.ownership === true}, ${when}::timestamptz, '${seen}')`;
}

/** What `tenet_session_unchanged` raises when the session is no longer what a process remembered. */
export const SESSION_CHANGED = 'TN001';
