import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseStaffPermissions } from '../../shared/domain/roles';
import { OrgStatus, UserStatus } from '../../shared/domain/statuses';
import { SESSION_COOKIE } from '../../shared/api/errors';
import {
  deleteSession,
  findSessionActor,
  hashToken,
  sessionUnchangedCheck,
  touchSession,
  type SessionActorRow,
  type SessionExtras,
} from '../modules/auth/sessions.repo';
import type { Actor } from './actor';
import { mayStartFromMemory, type SessionMemory } from './actor-cache';
import type { Deps } from './deps';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** Why a presented session was refused ('expired'), so the client can say so. */
    sessionEnded: 'expired' | null;
    /** The CSRF token stored with the presented session (null without a live session). */
    sessionCsrfToken: string | null;
  }
}

/** Touching last_seen_at on every request would write on every read; once a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60_000;

export function sessionCookieOptions(req: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: req.protocol === 'https',
  };
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(req));
}

/**
 * Reads the session cookie and loads the actor; an idle or expired session is deleted here.
 *
 * The read is one statement (session, user, organisation or staff user, sudoer) outside any
 * transaction, as the owner: a live session costs no BEGIN/COMMIT, and an organisation route then
 * opens exactly one transaction of its own. Writes happen only when they must: deleting an ended
 * session, and last_seen_at at most once a minute.
 *
 * It runs before the body is read (CSRF is bound to the session, the route guard answers 401/403/404
 * before validation, and the upload intake authorises before it reads a file byte), which is why it
 * is not inside the route's transaction: holding a transaction across body parsing and the upload
 * gate would let a slow client pin a pool connection, and on PGlite (one connection) stall everyone.
 *
 * Given `memory`, an organisation route's read starts from the session as this process last read it
 * while that is still what a lookup would decide with; the check that it is unchanged then travels
 * with the route's transaction (actor-cache.ts).
 */
export async function loadActor(req: FastifyRequest, deps: Deps, memory?: SessionMemory): Promise<void> {
  req.actor = null;
  req.sessionEnded = null;
  req.sessionCsrfToken = null;
  req.rememberedSession = null;
  const token = req.cookies[SESSION_COOKIE];
  if (!token) return;
  const now = deps.clock.now().getTime();
  const sessionId = hashToken(token);
  const db = deps.database.db;
  const { readsContainerOwnership, readsDelegators } = req.routeOptions.config;
  const extras: SessionExtras = {
    ownership: readsContainerOwnership === true,
    ...(readsDelegators === true ? { delegatorsAt: new Date(now) } : {}),
  };
  const key =
    memory && mayStartFromMemory(req)
      ? `${sessionId}:${readsContainerOwnership === true}:${readsDelegators === true}`
      : null;
  const remembered = memory && key ? memory.recall(key, now) : null;
  if (memory && key && remembered) {
    req.actor = remembered.actor;
    req.sessionCsrfToken = remembered.csrfToken;
    req.rememberedSession = {
      check: sessionUnchangedCheck(sessionId, extras, remembered.seen),
      forget: () => memory.forget(key),
    };
    return;
  }
  const read = await findSessionActor(db, sessionId, extras);
  if (!read) return;
  const { row } = read;
  const idleLimit = row.lastSeenAt.getTime() + row.idleTimeoutMinutes * 60_000;
  if (now > row.expiresAt.getTime() || now > idleLimit) {
    await deleteSession(db, sessionId);
    req.sessionEnded = 'expired';
    return;
  }
  const actor = actorOf(row);
  if (!actor) {
    await deleteSession(db, sessionId);
    return;
  }
  const touchDue = row.lastSeenAt.getTime() + TOUCH_INTERVAL_MS;
  if (now > touchDue) await touchSession(db, sessionId, new Date(now));
  else if (memory && key) {
    // Until then the lookup would answer the same and neither end nor touch the session.
    const usableUntil = Math.min(touchDue, idleLimit, row.expiresAt.getTime());
    memory.remember(key, { actor, csrfToken: row.csrfToken, seen: read.seen, usableUntil });
  }
  req.sessionCsrfToken = row.csrfToken;
  req.actor = actor;
}

/** The actor of a session row, or null when its user or organisation may no longer sign in. */
function actorOf(row: SessionActorRow): Actor | null {
  const common = { sessionId: row.id, loggedInAt: row.createdAt, tokenTimeout: row.idleTimeoutMinutes };
  if (row.kind === 'hstm' && row.hstmUserId !== null) {
    if (row.staffStatus !== UserStatus.Active || row.staffName === null) return null;
    const hstm = row.staffPermissions ?? '';
    return {
      kind: 'staff',
      ...common,
      staffId: row.hstmUserId,
      name: row.staffName,
      email: row.staffEmail ?? '',
      username: row.staffUsername ?? '',
      hstm,
      permissions: parseStaffPermissions(hstm),
    };
  }
  if (row.kind !== 'org' || row.orgId === null || row.userId === null) return null;
  // The user must still belong to the session's organisation, and both be active.
  if (row.userOrgId !== row.orgId || row.userStatus !== UserStatus.Active || row.orgStatus !== OrgStatus.Enabled) {
    return null;
  }
  if (row.sudoerId !== null && row.sudoerName === null) return null;
  return {
    kind: 'org',
    ...common,
    orgId: row.orgId,
    userId: row.userId,
    name: `${row.userFirstName ?? ''} ${row.userLastName ?? ''}`.trim(),
    email: row.userEmail ?? '',
    username: row.userUsername ?? '',
    isAdmin: row.userIsAdmin ?? false,
    isPolicyOwner: row.userIsPolicyOwner ?? false,
    sudoer: row.sudoerId !== null && row.sudoerName !== null ? { id: row.sudoerId, name: row.sudoerName } : null,
    org: { name: row.orgName ?? '', tenant: row.orgTenant ?? '' },
    ...(row.containerOwner === null ? {} : { containerOwner: row.containerOwner }),
    ...(row.delegators === null
      ? {}
      : { delegation: { delegators: row.delegators, holdsLapsedCopies: row.holdsLapsedCopies === true } }),
  };
}
