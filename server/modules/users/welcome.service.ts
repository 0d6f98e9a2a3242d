import { and, eq, inArray, isNull } from 'drizzle-orm';
import { WELCOME_TOKEN_DAYS, type SetPasswordBody } from '../../../shared/api/users';
import { UserStatus } from '../../../shared/domain/statuses';
import type { Executor } from '../../db/client';
import { orgUsers, passwordTokens } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import { unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { enqueueMails } from '../../platform/mailer';
import { hashPassword } from '../auth/password';
import { hashToken, newToken } from '../auth/sessions.repo';
import { insertUserLogs } from '../user-bulk-uploads/user-import.repo';
import { insertUserLog, type UserRow } from './users.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
export const LINK_REFUSED =
  'This link to set a password is not valid: it may have expired or been used already. Ask your administrator to send a new invitation.';

/**
 * Writes a set-password link for the user (older unused links stop working) and the welcome
 * e-mail that carries it, in the admin's transaction: nothing is sent if the change rolls back.
 */
export async function inviteUser(ctx: OrgCtx, user: UserRow, bulk: boolean): Promise<void> {
  await inviteUsers(ctx, [user], bulk);
}

/**
 * `inviteUser` for many users at once: four statements for the whole batch (the older links
 * spent, the new links, their e-mails, the users' logs) rather than four per user.
 */
export async function inviteUsers(ctx: OrgCtx, users: readonly UserRow[], bulk: boolean): Promise<void> {
  if (users.length === 0) return;
  const expiresAt = new Date(ctx.now.getTime() + WELCOME_TOKEN_DAYS * DAY_MS);
  const org = ctx.actor.org?.name || 'your organization';
  const invitations = users.map((user) => ({ user, token: newToken() }));
  await ctx.tx
    .update(passwordTokens)
    .set({ usedAt: ctx.now })
    .where(
      and(
        eq(passwordTokens.orgId, ctx.orgId),
        inArray(
          passwordTokens.userId,
          users.map((u) => u.id),
        ),
        isNull(passwordTokens.usedAt),
      ),
    );
  await ctx.tx.insert(passwordTokens).values(
    invitations.map(({ user, token }) => ({
      orgId: ctx.orgId,
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
      createdBy: ctx.actor.userId,
      createdAt: ctx.now,
    })),
  );
  await enqueueMails(
    ctx.tx,
    invitations.map(({ user, token }) => ({
      orgId: ctx.orgId,
      to: user.email,
      subject: `Welcome to ${org}'s policies and procedures`,
      text: [
        `Hello ${user.firstName},`,
        '',
        `${ctx.actor.name} has invited you to ${org}'s policies and procedures.`,
        `Your username is ${user.username}.`,
        '',
        `Set your password here (the link works once and expires in ${WELCOME_TOKEN_DAYS} days):`,
        `${ctx.deps.config.publicUrl}/set_password/${token}`,
      ].join('\n'),
    })),
  );
  await insertUserLogs(
    ctx.tx,
    ctx.orgId,
    users.map((user) => ({
      userId: user.id,
      action: 'Welcome Email Sent',
      details: { by: ctx.actor.name, bulk, expires_in_days: WELCOME_TOKEN_DAYS },
    })),
    ctx.now,
  );
}

async function lockToken(tx: Executor, token: string) {
  const [row] = await tx
    .select()
    .from(passwordTokens)
    .where(eq(passwordTokens.tokenHash, hashToken(token)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * POST auth/set_password: a valid, unused, unexpired link sets the password of an active user
 * and is spent. Every refusal says the same thing, so a guesser learns nothing.
 */
export async function setPasswordWithToken(deps: Deps, body: SetPasswordBody): Promise<void> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(body.password);
  await withSystem(deps.database.db, async (tx) => {
    const row = await lockToken(tx, body.token);
    if (!row || row.usedAt !== null || row.expiresAt.getTime() <= now.getTime()) throw unprocessable(LINK_REFUSED);
    const [user] = await tx
      .select({ id: orgUsers.id, status: orgUsers.status })
      .from(orgUsers)
      .where(and(eq(orgUsers.orgId, row.orgId), eq(orgUsers.id, row.userId)))
      .limit(1);
    if (!user || user.status !== UserStatus.Active) throw unprocessable(LINK_REFUSED);
    await tx.update(passwordTokens).set({ usedAt: now }).where(eq(passwordTokens.id, row.id));
    await tx
      .update(orgUsers)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(and(eq(orgUsers.orgId, row.orgId), eq(orgUsers.id, row.userId)));
    await insertUserLog(tx, row.orgId, row.userId, 'Password Set', { via: 'welcome email' }, now);
  });
}
