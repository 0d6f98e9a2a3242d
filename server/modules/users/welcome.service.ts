import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { WELCOME_TOKEN_DAYS, type SetPasswordBody } from '../../../shared/api/users';
import { UserStatus } from '../../../shared/domain/statuses';
import { queryRows, type Executor } from '../../db/client';
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
 * Marks every unused set-password link of these users used, so none of them sets a password any
 * more. The one statement for it, called wherever a link already sent must stop working: a newer
 * invitation, a changed e-mail address (the link went to the old mailbox, whose holder would take
 * the account over) and a user's leaving (a reactivation must not bring an old link back to life).
 */
export async function spendUnusedPasswordTokens(
  db: Executor,
  orgId: number,
  userIds: readonly number[],
  at: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(passwordTokens)
    .set({ usedAt: at })
    .where(
      and(eq(passwordTokens.orgId, orgId), inArray(passwordTokens.userId, [...userIds]), isNull(passwordTokens.usedAt)),
    );
}

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
  await spendUnusedPasswordTokens(
    ctx.tx,
    ctx.orgId,
    users.map((u) => u.id),
    ctx.now,
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
 * Ends the user's sessions through `end_user_sessions` (migration 0015), the same ending as a
 * deactivation's. That function reads the organisation from the transaction, as an org request's
 * has it; this system transaction learns it from the link, so it is set here first.
 */
async function endOrgSessionsOf(tx: Executor, orgId: number, userId: number): Promise<number> {
  await tx.execute(sql`select set_config('app.org_id', ${String(orgId)}, true)`);
  const [ended] = await queryRows<{ n: number }>(tx, sql`select end_user_sessions(${userId}) as n`);
  return Number(ended?.n ?? 0);
}

/**
 * POST auth/set_password: a valid, unused, unexpired link sets the password of an active user
 * and is spent. Every refusal says the same thing, so a guesser learns nothing.
 *
 * Every session of the user ends with it: a new password is how someone who lost control of the
 * account takes it back, so a session opened with the old one (an attacker's) must not outlive it.
 * The request signs no one in (the page sends the user to sign in), so no session of its own is lost.
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
    const sessionsEnded = await endOrgSessionsOf(tx, row.orgId, row.userId);
    await insertUserLog(
      tx,
      row.orgId,
      row.userId,
      'Password Set',
      { via: 'welcome email', sessions_ended: sessionsEnded },
      now,
    );
  });
}
