import { and, eq } from 'drizzle-orm';
import { OrgStatus, UserStatus } from '../../../shared/domain/statuses';
import type { Executor } from '../../db/client';
import { loginAsTokens, organizations, orgUsers } from '../../db/schema/index';
import { customError, notFound, unprocessable, type AppError } from '../../http/errors';

/** A login-as link works for two minutes (spec: short-lived, used once). */
export const LOGIN_AS_TTL_MS = 2 * 60_000;

export const LoginAsMessages = {
  linkInvalid: 'This sign-in link is not valid. Ask for a new one from the user page.',
  linkUsed: 'This sign-in link has already been used. Ask for a new one from the user page.',
  linkExpired: 'This sign-in link has expired. Ask for a new one from the user page.',
  otherStaff: 'This sign-in link was issued to another staff user.',
  chained: 'You are already signed in as another user. Sign out first.',
  userInactive: 'This user is not active and cannot be signed in as.',
  orgDisabled: 'This organization is disabled or locked; its users cannot be signed in as.',
} as const;

export interface LoginAsTarget {
  userId: number;
  orgId: number;
  name: string;
  userStatus: number;
  orgStatus: number;
  tokenTimeout: number;
}

/** The org user and their organisation, read as the system (staff routes are outside RLS). */
export async function findTarget(db: Executor, userId: number): Promise<LoginAsTarget | null> {
  const [row] = await db
    .select({
      userId: orgUsers.id,
      orgId: orgUsers.orgId,
      firstName: orgUsers.firstName,
      lastName: orgUsers.lastName,
      userStatus: orgUsers.status,
      orgStatus: organizations.status,
      tokenTimeout: organizations.tokenTimeout,
    })
    .from(orgUsers)
    .innerJoin(organizations, eq(organizations.id, orgUsers.orgId))
    .where(eq(orgUsers.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    userId: row.userId,
    orgId: row.orgId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    userStatus: row.userStatus,
    orgStatus: row.orgStatus,
    tokenTimeout: row.tokenTimeout,
  };
}

/** Why this user cannot be signed in as right now, or null when they can. */
export function refusal(target: LoginAsTarget | null): AppError | null {
  if (!target || target.userStatus === UserStatus.Deleted) return notFound('The user');
  if (target.userStatus !== UserStatus.Active) return unprocessable(LoginAsMessages.userInactive);
  if (target.orgStatus !== OrgStatus.Enabled) return unprocessable(LoginAsMessages.orgDisabled);
  return null;
}

export type TokenRow = typeof loginAsTokens.$inferSelect;

/**
 * The token row for this hash and user, locked: two tabs opening the same link at once cannot
 * both get a session.
 */
export async function lockToken(db: Executor, tokenHash: string, userId: number): Promise<TokenRow | null> {
  const [row] = await db
    .select()
    .from(loginAsTokens)
    .where(and(eq(loginAsTokens.tokenHash, tokenHash), eq(loginAsTokens.userId, userId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Checks a token for the staff user presenting it; the caller marks it used whatever the outcome. */
export function tokenRefusal(row: TokenRow | null, staffId: number, now: Date): AppError | null {
  if (!row) return customError(422, 'login_as_invalid', LoginAsMessages.linkInvalid);
  if (row.usedAt) return customError(422, 'login_as_used', LoginAsMessages.linkUsed);
  if (row.staffId !== staffId) return customError(422, 'login_as_other_staff', LoginAsMessages.otherStaff);
  if (row.expiresAt.getTime() <= now.getTime())
    return customError(422, 'login_as_expired', LoginAsMessages.linkExpired);
  return null;
}
