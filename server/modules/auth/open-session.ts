import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { insertVisitorLog, recordLoginSuccess } from './auth.repo';
import type { SignedIn } from './auth.service';
import { hashToken, insertSession, newToken } from './sessions.repo';

/**
 * Opens a session for an org user whose identity was proven elsewhere (single sign-on), the way a
 * password sign-in does: a new session id, its own CSRF token, the org's idle timeout, the
 * absolute lifetime, last sign-in and a visitor log. The caller has checked the user and the
 * organisation may sign in, within the same transaction `tx`.
 */
export async function openOrgSession(
  deps: Deps,
  tx: Tx,
  who: { orgId: number; userId: number; idleTimeoutMinutes: number },
  meta: { ip: string; userAgent: string | null },
): Promise<SignedIn> {
  const now = deps.clock.now();
  const token = newToken();
  const csrfToken = newToken();
  const sessionId = hashToken(token);
  await recordLoginSuccess(tx, { kind: 'org', id: who.userId }, now);
  await insertSession(tx, {
    id: sessionId,
    kind: 'org',
    orgId: who.orgId,
    userId: who.userId,
    hstmUserId: null,
    csrfToken,
    idleTimeoutMinutes: who.idleTimeoutMinutes,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + deps.config.sessionAbsoluteHours * 3_600_000),
  });
  await insertVisitorLog(tx, {
    orgId: who.orgId,
    userId: who.userId,
    sudoerId: null,
    sessionId,
    ip: meta.ip,
    userAgent: meta.userAgent,
    at: now,
  });
  return { token, csrfToken };
}
