import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ssoLoginRequests, ssoUsedAssertions } from '../../db/schema/index';

export type LoginRequestRow = typeof ssoLoginRequests.$inferSelect;

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Whether a browser's binding cookie is the one whose hash a started sign-in keeps. A missing or
 * empty cookie never matches: requests kept without a binding (SAML logout requests) store the
 * hash of '' and must not match a browser that simply has no cookie.
 */
export function sameBrowserHash(value: string | undefined, expectedHash: string): boolean {
  if (!value) return false;
  const a = Buffer.from(sha256(value));
  const b = Buffer.from(expectedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How long a started sign-in may take before its state is refused. */
export const LOGIN_REQUEST_TTL_MS = 10 * 60_000;

export async function insertLoginRequest(
  db: Executor,
  row: {
    orgId: number;
    provider: string;
    state: string;
    browser: string;
    codeVerifier: string;
    nonce: string;
    now: Date;
  },
): Promise<void> {
  // Abandoned sign-ins are swept here, so the table stays small without a job of its own.
  await db.delete(ssoLoginRequests).where(lt(ssoLoginRequests.expiresAt, row.now));
  await db.insert(ssoLoginRequests).values({
    orgId: row.orgId,
    provider: row.provider,
    stateHash: sha256(row.state),
    browserHash: sha256(row.browser),
    codeVerifier: row.codeVerifier,
    nonce: row.nonce,
    expiresAt: new Date(row.now.getTime() + LOGIN_REQUEST_TTL_MS),
    createdAt: row.now,
  });
}

/** Takes the request of `state` (deleting it: a state is used once), or null. */
export async function takeLoginRequest(db: Executor, orgId: number, state: string): Promise<LoginRequestRow | null> {
  const [row] = await db
    .delete(ssoLoginRequests)
    .where(and(eq(ssoLoginRequests.orgId, orgId), eq(ssoLoginRequests.stateHash, sha256(state))))
    .returning();
  return row ?? null;
}

/**
 * Remembers a SAML assertion id; false when it was already used (a replay). The primary key makes
 * the check and the write one atomic step across application processes.
 */
export async function rememberAssertion(
  db: Executor,
  orgId: number,
  assertionId: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db.delete(ssoUsedAssertions).where(lt(ssoUsedAssertions.expiresAt, now));
  const inserted = await db
    .insert(ssoUsedAssertions)
    .values({ orgId, assertionId: assertionId.slice(0, 255), expiresAt, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: ssoUsedAssertions.assertionId });
  return inserted.length === 1;
}
