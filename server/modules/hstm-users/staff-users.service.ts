import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  STAFF_PERMISSION_OPTIONS,
  STAFF_STATUS_LABELS,
  STAFF_SUCCESS,
  STAFF_TOKEN_DAYS,
  StaffMessages,
  type StaffUserListQuery,
  permissionLabels,
  type NewStaffUserInput,
  type StaffSetPasswordBody,
  type StaffUser,
  type StaffUserList,
  type StaffUserUpdateInput,
  normalisePermissions,
} from '../../../shared/api/hstm-users';
import { UserStatus } from '../../../shared/domain/statuses';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { hstmUsers, sessions, staffPasswordTokens } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import type { StaffCtx } from '../../http/routes';
import { enqueueMail } from '../../platform/mailer';
import { hashPassword } from '../auth/password';
import { hashToken, newToken } from '../auth/sessions.repo';
import { usernameTaken } from '../users/users.repo';
import { containsPattern } from '../../db/like';

type Row = typeof hstmUsers.$inferSelect;
type ListQuery = z.output<typeof StaffUserListQuery>;

const DAY_MS = 24 * 60 * 60 * 1000;
const USER_MANAGEMENT = '2';
const LOGIN_AS = '4';
/** Permission 2 as a whole word of the space-separated string. */
const hasUserManagement = sql`${hstmUsers.permissions} ~ '(^| )2( |$)'`;
const grantsUserManagement = (permissions: string): boolean => permissions.split(' ').includes(USER_MANAGEMENT);
const grantsLoginAs = (permissions: string): boolean => permissions.split(' ').includes(LOGIN_AS);

/** The refusals of the rule against privilege escalation (product rules: provider staff). */
export const StaffPermissionRuleMessages = {
  selfPermissions: 'You cannot change your own permissions: another staff user with user management must do it.',
  notHeld: (labels: readonly string[]): string =>
    `You can only give or take away staff permissions you hold yourself. You do not hold: ${labels.join(', ')}.`,
  outranked: (labels: readonly string[]): string =>
    `You can only edit, deactivate, delete or send a welcome email to staff users who hold no permissions beyond your own. You do not hold: ${labels.join(', ')}.`,
} as const;

const permissionSet = (permissions: string): Set<number> => new Set(permissions.split(' ').filter(Boolean).map(Number));

/** The labels of the permissions among `wanted` that the acting staff user does not hold, in the list's order. */
function labelsNotHeld(actor: StaffCtx['actor'], wanted: ReadonlySet<number>): string[] {
  const held = new Set(actor.permissions);
  return STAFF_PERMISSION_OPTIONS.filter((o) => wanted.has(o.value) && !held.has(o.value)).map((o) => o.label);
}

/**
 * User management (2) must not be a way to the other permissions: without this a staff user with
 * 2 could give themselves, or a colleague acting for them, login as (4) and act as any
 * organisation's user. So the permissions that change, given or taken away, must all be the
 * editor's own. Taking away counts too: otherwise a 2 could strip login as or developer tools from
 * the staff who were trusted with them. The message names only the editor's missing permissions,
 * never the other staff user's details. The actor's permissions are read with their session at the
 * start of this request (staff requests never start from a remembered session, actor-cache.ts).
 */
function refusePermissionsNotHeld(actor: StaffCtx['actor'], before: string, after: string): void {
  const was = permissionSet(before);
  const will = permissionSet(after);
  const changed = new Set([...[...was].filter((p) => !will.has(p)), ...[...will].filter((p) => !was.has(p))]);
  const lacking = labelsNotHeld(actor, changed);
  if (lacking.length > 0) throw forbidden(StaffPermissionRuleMessages.notHeld(lacking));
}

/**
 * A staff user is changed, deactivated, deleted or sent a set-password e-mail only by someone who
 * holds every permission they hold. Without this, a staff user with user management (2) alone
 * could put their own address on a colleague who holds login as (4), re-send that colleague's
 * welcome e-mail, set the password and sign in as them; or lock out the staff trusted with more
 * than they are. The lacking permissions named are the other user's, but the list shows every
 * staff user's permissions already, so the message tells nothing new. Called after the row is read
 * (so an unknown id stays a 404) and locked, so a permission given to them meanwhile is seen.
 */
function refuseOutranked(actor: StaffCtx['actor'], target: Row): void {
  const lacking = labelsNotHeld(actor, permissionSet(target.permissions));
  if (lacking.length > 0) throw forbidden(StaffPermissionRuleMessages.outranked(lacking));
}

export function presentStaffUser(row: Row): StaffUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    permissions: row.permissions,
    permission_labels: permissionLabels(row.permissions),
    status: row.status,
    status_label: STAFF_STATUS_LABELS[row.status] ?? String(row.status),
    has_password: row.passwordHash !== null,
    last_login_at: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

const SORT_COLUMNS = {
  name: sql`lower(${hstmUsers.name})`,
  email: sql`lower(${hstmUsers.email})`,
  username: sql`lower(${hstmUsers.username})`,
  status: hstmUsers.status,
  last_login_at: hstmUsers.lastLoginAt,
  created_at: hstmUsers.createdAt,
} as const;

export async function listStaffUsers(ctx: StaffCtx, q: ListQuery): Promise<StaffUserList> {
  const where: SQL[] = [ne(hstmUsers.status, UserStatus.Deleted)];
  if (q.status !== undefined) where.push(eq(hstmUsers.status, q.status));
  if (q.search) {
    const like = containsPattern(q.search);
    where.push(or(ilike(hstmUsers.name, like), ilike(hstmUsers.email, like), ilike(hstmUsers.username, like))!);
  }
  const order = q.dir === 'desc' ? desc(SORT_COLUMNS[q.sort]) : asc(SORT_COLUMNS[q.sort]);
  const rows = await ctx.tx
    .select()
    .from(hstmUsers)
    .where(and(...where))
    .orderBy(order, asc(hstmUsers.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [count] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(hstmUsers)
    .where(and(...where));
  return { hstm_users: rows.map(presentStaffUser), total: Number(count?.n ?? 0), page: q.page, per_page: q.per_page };
}

async function getStaff(db: Executor, id: number, lock = false): Promise<Row> {
  const query = db
    .select()
    .from(hstmUsers)
    .where(and(eq(hstmUsers.id, id), ne(hstmUsers.status, UserStatus.Deleted)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('The staff user');
  return row;
}

export async function showStaffUser(ctx: StaffCtx, id: number): Promise<StaffUser> {
  return presentStaffUser(await getStaff(ctx.tx, id));
}

/**
 * Usernames and e-mails are unique among staff (deleted ones included: the unique indexes keep
 * them), and a staff username must not be an org user's either, since sign-in is by username.
 */
async function refuseDuplicates(db: Executor, fields: { email?: string; username?: string }, exceptId?: number) {
  const errors: string[] = [];
  const others = (cond: SQL) =>
    db
      .select({ id: hstmUsers.id })
      .from(hstmUsers)
      .where(and(cond, exceptId ? ne(hstmUsers.id, exceptId) : undefined))
      .limit(1);
  if (fields.email && (await others(sql`lower(${hstmUsers.email}) = lower(${fields.email})`)).length > 0)
    errors.push(`A staff user with the email ${fields.email} already exists.`);
  if (
    fields.username &&
    ((await others(sql`lower(${hstmUsers.username}) = lower(${fields.username})`)).length > 0 ||
      (await usernameTaken(db, fields.username)))
  )
    errors.push(`The username ${fields.username} is already taken: choose another.`);
  if (errors.length > 0) throw unprocessable(...errors);
}

/** Ends every session of the staff user, and the login-as sessions they started. */
async function endStaffSessions(db: Executor, id: number): Promise<void> {
  await db.delete(sessions).where(or(eq(sessions.hstmUserId, id), eq(sessions.sudoerId, id)));
}

/**
 * Marks every unused set-password link of the staff user used, so none of them sets a password any
 * more. The one statement for it, called wherever a link already sent must stop working: a newer
 * invitation, a changed e-mail address (the link went to the old mailbox, whose holder would set the
 * password and become this staff user, with their permissions) and a deactivation or deletion (the
 * link checks the status only when used, so a reactivation would bring an old link back to life).
 * The rows are kept, not deleted: the mail outbox still finds whose link a token was
 * (`mail-outbox/hidden-links.ts`) and withholds it from viewers who do not outrank that user.
 */
async function spendUnusedStaffPasswordTokens(db: Executor, hstmUserId: number, at: Date): Promise<void> {
  await db
    .update(staffPasswordTokens)
    .set({ usedAt: at })
    .where(and(eq(staffPasswordTokens.hstmUserId, hstmUserId), isNull(staffPasswordTokens.usedAt)));
}

/**
 * Ends the login-as sessions the staff user opened: an org session keeps working on its own once
 * made, so without this a staff user whose login-as permission is taken away would go on acting
 * as the org user. Their own staff session stays (it is checked against the new permissions).
 */
async function endLoginAsSessions(db: Executor, id: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sudoerId, id));
}

/**
 * The service must keep someone able to manage staff: the last active staff user with permission
 * 2 cannot lose it. Every holder's row is locked first, so two concurrent changes cannot each
 * remove "the other" last holder.
 */
async function refuseLosingLastManager(db: Executor, id: number): Promise<void> {
  const holders = await db
    .select({ id: hstmUsers.id })
    .from(hstmUsers)
    .where(and(eq(hstmUsers.status, UserStatus.Active), hasUserManagement))
    .orderBy(asc(hstmUsers.id))
    .for('update');
  if (holders.every((h) => h.id === id)) throw unprocessable(StaffMessages.lastUserManager);
}

export async function createStaffUser(ctx: StaffCtx, input: NewStaffUserInput): Promise<StaffUser> {
  // A new staff user is given every permission of theirs: each must be the creator's own.
  refusePermissionsNotHeld(ctx.actor, '', input.permissions);
  await refuseDuplicates(ctx.tx, input);
  const [row] = await ctx.tx
    .insert(hstmUsers)
    .values({
      name: input.name,
      email: input.email,
      username: input.username,
      permissions: input.permissions,
      status: input.status ?? UserStatus.Active,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (row!.status === UserStatus.Active) await inviteStaff(ctx, row!);
  return presentStaffUser(row!);
}

export async function updateStaffUser(
  ctx: StaffCtx,
  id: number,
  input: StaffUserUpdateInput,
  bodyUserId?: number,
): Promise<StaffUser> {
  if (bodyUserId !== undefined && bodyUserId !== id)
    throw unprocessable('user_id must be the id of the staff user being edited.');
  const row = await getStaff(ctx.tx, id, true);
  // Any field counts, not only the permissions: the e-mail address is where the set-password link goes.
  refuseOutranked(ctx.actor, row);
  // The edit form sends the permissions with every save: the same ones in another order are no change.
  const nextPermissions = input.permissions === undefined ? row.permissions : normalisePermissions(input.permissions);
  const permissionsChange = nextPermissions !== normalisePermissions(row.permissions);
  const nextStatus = input.status ?? row.status;
  if (id === ctx.actor.staffId) {
    // No one raises their own permissions; and since no one may lower their own either, the last
    // staff user with user management can never remove it from themselves.
    if (permissionsChange) throw forbidden(StaffPermissionRuleMessages.selfPermissions);
    if (nextStatus !== UserStatus.Active) throw unprocessable(StaffMessages.selfDeactivate);
  } else if (permissionsChange) refusePermissionsNotHeld(ctx.actor, row.permissions, nextPermissions);
  const losesManagement =
    row.status === UserStatus.Active &&
    grantsUserManagement(row.permissions) &&
    (nextStatus !== UserStatus.Active || !grantsUserManagement(nextPermissions));
  if (losesManagement) await refuseLosingLastManager(ctx.tx, id);
  await refuseDuplicates(
    ctx.tx,
    {
      email:
        input.email !== undefined && input.email.toLowerCase() !== row.email.toLowerCase() ? input.email : undefined,
      username:
        input.username !== undefined && input.username.toLowerCase() !== row.username.toLowerCase()
          ? input.username
          : undefined,
    },
    id,
  );
  const [updated] = await ctx.tx
    .update(hstmUsers)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.username !== undefined ? { username: input.username } : {}),
      permissions: nextPermissions,
      status: nextStatus,
      updatedAt: ctx.now,
    })
    .where(eq(hstmUsers.id, id))
    .returning();
  // A set-password link already sent went to the old address: whoever holds that mailbox now must
  // not be able to set this staff user's password. Any change of the address counts, case included;
  // the edit form sends the address with every save, so the same one sent again is no change.
  if (input.email !== undefined && input.email !== row.email) await spendUnusedStaffPasswordTokens(ctx.tx, id, ctx.now);
  if (nextStatus !== UserStatus.Active) {
    // Inactive, they are out at once, and no link sent before comes back to life when reactivated.
    await endStaffSessions(ctx.tx, id);
    await spendUnusedStaffPasswordTokens(ctx.tx, id, ctx.now);
  } else if (grantsLoginAs(row.permissions) && !grantsLoginAs(nextPermissions)) await endLoginAsSessions(ctx.tx, id);
  return presentStaffUser(updated!);
}

/** Status -1 (the row stays for the logs that name it); their sessions end and their unused links are spent at once. */
export async function deleteStaffUser(ctx: StaffCtx, id: number): Promise<{ message: string }> {
  const row = await getStaff(ctx.tx, id, true);
  if (id === ctx.actor.staffId) throw unprocessable(StaffMessages.selfDelete);
  refuseOutranked(ctx.actor, row);
  if (row.status === UserStatus.Active && grantsUserManagement(row.permissions))
    await refuseLosingLastManager(ctx.tx, id);
  await ctx.tx.update(hstmUsers).set({ status: UserStatus.Deleted, updatedAt: ctx.now }).where(eq(hstmUsers.id, id));
  await endStaffSessions(ctx.tx, id);
  await spendUnusedStaffPasswordTokens(ctx.tx, id, ctx.now);
  return { message: STAFF_SUCCESS.deleted };
}

export async function resendStaffWelcome(ctx: StaffCtx, id: number): Promise<{ message: string }> {
  // Locked as an edit is: a permission given to them while this runs is waited for and then seen.
  const row = await getStaff(ctx.tx, id, true);
  // The link sets their password: whoever can have it sent can become them.
  refuseOutranked(ctx.actor, row);
  if (row.status !== UserStatus.Active) throw unprocessable(StaffMessages.inactiveInvite);
  await inviteStaff(ctx, row);
  return { message: STAFF_SUCCESS.emailSent };
}

/**
 * Writes a set-password link (older unused links stop working) and the e-mail that carries it, in
 * the staff action's transaction: nothing is sent if the change rolls back.
 */
async function inviteStaff(ctx: StaffCtx, user: Row): Promise<void> {
  const token = newToken();
  await spendUnusedStaffPasswordTokens(ctx.tx, user.id, ctx.now);
  await ctx.tx.insert(staffPasswordTokens).values({
    hstmUserId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.now.getTime() + STAFF_TOKEN_DAYS * DAY_MS),
    createdBy: ctx.actor.staffId,
    createdAt: ctx.now,
  });
  await enqueueMail(ctx.tx, {
    orgId: null,
    to: user.email,
    subject: 'Your provider staff account',
    text: [
      `Hello ${user.name},`,
      '',
      `${ctx.actor.name} has given you a provider staff account.`,
      `Your username is ${user.username}.`,
      '',
      `Set your password here (the link works once and expires in ${STAFF_TOKEN_DAYS} days):`,
      `${ctx.deps.config.publicUrl}/staff_set_password/${token}`,
    ].join('\n'),
  });
}

/**
 * POST auth/staff_set_password: a valid, unused, unexpired link sets the password of an active
 * staff user and is spent. Every refusal says the same thing, so a guesser learns nothing.
 *
 * Every session of the staff user ends with it, and the login-as sessions they opened: a new
 * password is how someone who lost control of the account takes it back, so a session opened with
 * the old one (an attacker's, acting with their permissions or as an org user) must not outlive it.
 * The request signs no one in (the page sends the staff user to sign in), so no session of its own
 * is lost.
 */
export async function setStaffPasswordWithToken(deps: Deps, body: StaffSetPasswordBody): Promise<void> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(body.password);
  await withSystem(deps.database.db, async (tx) => {
    const [token] = await tx
      .select()
      .from(staffPasswordTokens)
      .where(eq(staffPasswordTokens.tokenHash, hashToken(body.token)))
      .limit(1)
      .for('update');
    if (!token || token.usedAt !== null || token.expiresAt.getTime() <= now.getTime())
      throw unprocessable(StaffMessages.linkRefused);
    const [user] = await tx
      .select({ id: hstmUsers.id, status: hstmUsers.status })
      .from(hstmUsers)
      .where(eq(hstmUsers.id, token.hstmUserId))
      .limit(1);
    if (!user || user.status !== UserStatus.Active) throw unprocessable(StaffMessages.linkRefused);
    await tx.update(staffPasswordTokens).set({ usedAt: now }).where(eq(staffPasswordTokens.id, token.id));
    await tx
      .update(hstmUsers)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(eq(hstmUsers.id, user.id));
    await endStaffSessions(tx, user.id);
  });
}
