import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, ssoSamlSessions } from '../../db/schema/index';
import type { SamlSubject } from './sso-users';

/**
 * The SAML subject (NameID, SessionIndex) of each session a SAML sign-in opened, for single
 * logout: our LogoutRequest names it, and an IdP's LogoutRequest is matched against it.
 */

export type SamlSessionRow = typeof ssoSamlSessions.$inferSelect;

const clip = (value: string | null, max: number): string | null => (value === null ? null : value.slice(0, max));

export async function rememberSamlSession(
  db: Executor,
  row: { sessionId: string; orgId: number; userId: number; subject: SamlSubject; now: Date; oldest: Date },
): Promise<void> {
  // No session lives longer than `oldest` allows: rows from before it are gone with their sessions.
  await db.delete(ssoSamlSessions).where(lt(ssoSamlSessions.createdAt, row.oldest));
  await db.insert(ssoSamlSessions).values({
    sessionId: row.sessionId,
    orgId: row.orgId,
    userId: row.userId,
    nameId: row.subject.nameId.slice(0, 1024),
    nameIdFormat: clip(row.subject.nameIdFormat, 255),
    nameQualifier: clip(row.subject.nameQualifier, 1024),
    spNameQualifier: clip(row.subject.spNameQualifier, 1024),
    sessionIndex: clip(row.subject.sessionIndex, 255),
    createdAt: row.now,
  });
}

/** The subject of a session that has just ended (deleted: it is used once), or null. */
export async function takeSamlSession(db: Executor, orgId: number, sessionId: string): Promise<SamlSessionRow | null> {
  const [row] = await db
    .delete(ssoSamlSessions)
    .where(and(eq(ssoSamlSessions.orgId, orgId), eq(ssoSamlSessions.sessionId, sessionId)))
    .returning();
  return row ?? null;
}

/**
 * Ends the sessions an IdP's LogoutRequest names: those of the NameID in this organisation, only
 * the one of its SessionIndex when it gives one. Returns how many sessions ended.
 */
export async function endSamlSessions(
  db: Executor,
  orgId: number,
  nameId: string,
  sessionIndex: string | null,
): Promise<number> {
  const rows = await db
    .delete(ssoSamlSessions)
    .where(
      and(
        eq(ssoSamlSessions.orgId, orgId),
        eq(ssoSamlSessions.nameId, nameId.slice(0, 1024)),
        ...(sessionIndex ? [eq(ssoSamlSessions.sessionIndex, sessionIndex.slice(0, 255))] : []),
      ),
    )
    .returning({ sessionId: ssoSamlSessions.sessionId, userId: ssoSamlSessions.userId });
  if (rows.length === 0) return 0;
  const ended = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.kind, 'org'),
        eq(sessions.orgId, orgId),
        inArray(
          sessions.id,
          rows.map((r) => r.sessionId),
        ),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
