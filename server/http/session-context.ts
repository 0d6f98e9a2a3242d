import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { parseStaffPermissions } from '../../shared/domain/roles';
import { OrgStatus, UserStatus } from '../../shared/domain/statuses';
import { SESSION_COOKIE } from '../../shared/api/errors';
import { hstmUsers, organizations, orgUsers } from '../db/schema/index';
import { withSystem } from '../db/tenant';
import { deleteSession, findSession, hashToken, touchSession, type SessionRow } from '../modules/auth/sessions.repo';
import type { Actor } from './actor';
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

/** Reads the session cookie and loads the actor; an idle or expired session is deleted here. */
export async function loadActor(req: FastifyRequest, deps: Deps): Promise<void> {
  req.actor = null;
  req.sessionEnded = null;
  req.sessionCsrfToken = null;
  const token = req.cookies[SESSION_COOKIE];
  if (!token) return;
  const now = deps.clock.now();
  const sessionId = hashToken(token);
  const actor = await withSystem(deps.database.db, async (tx) => {
    const session = await findSession(tx, sessionId);
    if (!session) return null;
    const idleLimit = session.lastSeenAt.getTime() + session.idleTimeoutMinutes * 60_000;
    if (now.getTime() > session.expiresAt.getTime() || now.getTime() > idleLimit) {
      await deleteSession(tx, sessionId);
      req.sessionEnded = 'expired';
      return null;
    }
    const loaded = await actorForSession(tx, session);
    if (!loaded) {
      await deleteSession(tx, sessionId);
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(tx, sessionId, now);
    req.sessionCsrfToken = session.csrfToken;
    return loaded;
  });
  req.actor = actor;
}

async function actorForSession(
  tx: Parameters<Parameters<typeof withSystem>[1]>[0],
  session: SessionRow,
): Promise<Actor | null> {
  if (session.kind === 'hstm' && session.hstmUserId !== null) {
    const [staff] = await tx.select().from(hstmUsers).where(eq(hstmUsers.id, session.hstmUserId)).limit(1);
    if (!staff || staff.status !== UserStatus.Active) return null;
    return {
      kind: 'staff',
      sessionId: session.id,
      staffId: staff.id,
      name: staff.name,
      email: staff.email,
      username: staff.username,
      hstm: staff.permissions,
      permissions: parseStaffPermissions(staff.permissions),
      loggedInAt: session.createdAt,
      tokenTimeout: session.idleTimeoutMinutes,
    };
  }
  if (session.kind !== 'org' || session.orgId === null || session.userId === null) return null;
  const [row] = await tx
    .select({ user: orgUsers, org: organizations })
    .from(orgUsers)
    .innerJoin(organizations, eq(organizations.id, orgUsers.orgId))
    .where(eq(orgUsers.id, session.userId))
    .limit(1);
  if (!row || row.org.id !== session.orgId) return null;
  if (row.user.status !== UserStatus.Active || row.org.status !== OrgStatus.Enabled) return null;
  let sudoer: { id: number; name: string } | null = null;
  if (session.sudoerId !== null) {
    const [staff] = await tx.select().from(hstmUsers).where(eq(hstmUsers.id, session.sudoerId)).limit(1);
    if (!staff) return null;
    sudoer = { id: staff.id, name: staff.name };
  }
  return {
    kind: 'org',
    sessionId: session.id,
    orgId: row.org.id,
    userId: row.user.id,
    name: `${row.user.firstName} ${row.user.lastName}`.trim(),
    email: row.user.email,
    username: row.user.username,
    isAdmin: row.user.isAdmin,
    isPolicyOwner: row.user.isPolicyOwner,
    sudoer,
    loggedInAt: session.createdAt,
    tokenTimeout: session.idleTimeoutMinutes,
  };
}
