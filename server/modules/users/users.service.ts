import type { ChangeLogList } from '../../../shared/api/change-logs';
import {
  USER_CHANGED_MESSAGE,
  USER_STATUS_LABELS,
  USER_SUCCESS,
  type BulkWelcomeResponse,
  type EditableUserDetail,
  type NewUserInput,
  type UserDetail,
  type UserList,
  type UserListQuery,
  type UserLogList,
  type UserUpdateInput,
} from '../../../shared/api/users';
import { SYSTEM_GROUP_SOURCE, UserCreatedFrom, UserStatus } from '../../../shared/domain/statuses';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { insertChangeLog, listChangeLogs } from '../change-logs/change-logs.repo';
import { listUserReachedTaskPnpIds } from '../user-groups/group-assignments.repo';
import { followMembershipChanges, resyncPnps } from '../user-groups/membership-effects';
import { refuseStranding } from '../user-groups/user-groups.service';
import { endUserParticipation } from './user-leaving';
import { presentUser, presentUserDetail } from './users.presenter';
import {
  addMemberships,
  emailHolderStatus,
  findGroups,
  findUser,
  findUserSettings,
  insertUser,
  insertUserLog,
  listNeverSignedIn,
  listUserGroups,
  listUserLogs,
  listUserRows,
  removeMemberships,
  updateUser as updateUserRow,
  staffUsernameTaken,
  touchGroups,
  usernameTaken,
  type UserRow,
} from './users.repo';
import { inviteUser, inviteUsers, spendUnusedPasswordTokens } from './welcome.service';

const fullName = (u: { firstName: string; lastName: string }): string => `${u.firstName} ${u.lastName}`.trim();

async function getUser(ctx: OrgCtx, id: number, lock = false): Promise<UserRow> {
  const row = await findUser(ctx.tx, ctx.orgId, id, lock);
  if (!row) throw notFound('The user');
  return row;
}

async function refuseDuplicates(ctx: OrgCtx, fields: { email?: string; username?: string }, exceptId?: number) {
  const errors: string[] = [];
  const holder = fields.email ? await emailHolderStatus(ctx.tx, ctx.orgId, fields.email, exceptId) : null;
  // A deleted user is in no list, so 'already exists' would send the admin looking for nobody.
  if (holder === UserStatus.Deleted)
    errors.push(`The email ${fields.email} belonged to a user who was deleted from this organization; use another.`);
  else if (holder !== null) errors.push(`A user with the email ${fields.email} already exists in this organization.`);
  if (
    fields.username &&
    ((await usernameTaken(ctx.tx, fields.username, exceptId)) || (await staffUsernameTaken(ctx.tx, fields.username)))
  )
    errors.push(`The username ${fields.username} is already taken: choose another.`);
  if (errors.length > 0) throw unprocessable(...errors);
}

export async function listUsers(ctx: OrgCtx, query: UserListQuery): Promise<UserList> {
  const { rows, total } = await listUserRows(ctx.tx, ctx.orgId, query);
  return {
    users: rows.map(presentUser),
    total,
    page: query.bypass_val ? 1 : query.page,
    per_page: query.bypass_val ? rows.length : query.per_page,
  };
}

export async function showUser(ctx: OrgCtx, id: number): Promise<EditableUserDetail> {
  const row = await getUser(ctx, id);
  return {
    ...presentUserDetail(row, await listUserGroups(ctx.tx, ctx.orgId, id)),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Creates a Policy Manager user (no password until they follow their welcome e-mail). */
export async function createUser(ctx: OrgCtx, input: NewUserInput): Promise<UserDetail> {
  await refuseDuplicates(ctx, input);
  const row = await insertUser(ctx.tx, {
    orgId: ctx.orgId,
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    username: input.username,
    title: input.title ?? null,
    isAdmin: input.is_admin ?? false,
    isPolicyOwner: input.is_policy_owner ?? false,
    status: input.status ?? UserStatus.Active,
    createdFrom: UserCreatedFrom.PolicyManager,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'User',
    objectId: row.id,
    objectName: fullName(row),
    actionName: 'Create',
  });
  await insertUserLog(ctx.tx, ctx.orgId, row.id, 'Created', { by: ctx.actor.name }, ctx.now);
  if (input.group_ids?.length) await changeGroups(ctx, row, input.group_ids);
  return showUser(ctx, row.id);
}

type Changed = Record<string, [unknown, unknown]>;

function diff(row: UserRow, input: UserUpdateInput): { values: Partial<UserRow>; changed: Changed } {
  const pairs: [keyof UserUpdateInput, keyof UserRow][] = [
    ['first_name', 'firstName'],
    ['last_name', 'lastName'],
    ['email', 'email'],
    ['username', 'username'],
    ['title', 'title'],
    ['is_admin', 'isAdmin'],
    ['is_policy_owner', 'isPolicyOwner'],
    ['status', 'status'],
  ];
  const values: Partial<UserRow> = {};
  const changed: Changed = {};
  for (const [field, column] of pairs) {
    const next = input[field];
    if (next === undefined) continue;
    const value = field === 'title' ? (next === '' ? null : next) : next;
    if (row[column] === value) continue;
    Object.assign(values, { [column]: value });
    changed[field] =
      field === 'status' ? [USER_STATUS_LABELS[row.status], USER_STATUS_LABELS[value as number]] : [row[column], value];
  }
  return { values, changed };
}

/** An admin cannot lock themselves out: no deactivating, deleting or un-admining oneself. */
function refuseSelfLockout(ctx: OrgCtx, row: UserRow, input: UserUpdateInput): void {
  if (row.id !== ctx.actor.userId) return;
  if (input.status === UserStatus.Inactive) throw unprocessable('You cannot deactivate yourself.');
  if (input.is_admin === false) throw unprocessable('You cannot remove your own administrator role.');
}

/** Changes details, roles, status and (with group_ids) the groups of a user. */
export async function updateUser(ctx: OrgCtx, id: number, input: UserUpdateInput, bodyUserId?: number) {
  if (bodyUserId !== undefined && bodyUserId !== id)
    throw unprocessable('user_id must be the id of the user being edited.');
  const row = await getUser(ctx, id, true);
  // The row is locked, so the time read here stays current until this save commits.
  if (input.updated_at !== undefined && input.updated_at !== row.updatedAt.toISOString())
    throw conflict(USER_CHANGED_MESSAGE);
  refuseSelfLockout(ctx, row, input);
  const { values, changed } = diff(row, input);
  await refuseDuplicates(
    ctx,
    { email: 'email' in values ? input.email : undefined, username: 'username' in values ? input.username : undefined },
    id,
  );
  let updated = row;
  if (Object.keys(changed).length > 0) {
    updated = await updateUserRow(ctx.tx, ctx.orgId, id, { ...values, updatedAt: ctx.now });
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: 'User',
      objectId: id,
      objectName: fullName(updated),
      actionName: 'Update',
      deltas: { changed },
    });
  }
  // A set-password link already sent went to the old address: whoever holds that mailbox now must
  // not be able to set this user's password. Any change of the address counts, case included.
  if (values.email !== undefined) await spendUnusedPasswordTokens(ctx.tx, ctx.orgId, [id], ctx.now);
  if (values.status !== undefined) await followStatusChange(ctx, updated, row.status);
  const groupsChanged = input.group_ids ? await changeGroups(ctx, updated, input.group_ids) : false;
  // Any change, groups too, moves updated_at on: it is the token a stale save is refused by.
  if (groupsChanged && updated === row) await updateUserRow(ctx.tx, ctx.orgId, id, { updatedAt: ctx.now });
  return showUser(ctx, id);
}

async function followStatusChange(ctx: OrgCtx, user: UserRow, before: number): Promise<void> {
  if (user.status === UserStatus.Active) {
    await insertUserLog(ctx.tx, ctx.orgId, user.id, 'Activated', { by: ctx.actor.name }, ctx.now);
    // Back at work: the drafts and reviews they take part in give them their part again (tasks go
    // to active people only, and their leaving closed them), as joining a group would.
    await resyncPnps(ctx, await listUserReachedTaskPnpIds(ctx.tx, ctx.orgId, user.id));
    return;
  }
  const ended = await endUserParticipation(ctx, user.id);
  const action = user.status === UserStatus.Deleted ? 'Deleted' : 'Deactivated';
  await insertUserLog(
    ctx.tx,
    ctx.orgId,
    user.id,
    action,
    { by: ctx.actor.name, from: USER_STATUS_LABELS[before], sessions_ended: ended.sessions, tasks_closed: ended.tasks },
    ctx.now,
  );
}

/**
 * Sets the user's groups to `groupIds`. System groups are the system's to fill: they cannot be
 * chosen here and memberships in them are kept.
 */
async function changeGroups(ctx: OrgCtx, user: UserRow, groupIds: number[]): Promise<boolean> {
  const wanted = [...new Set(groupIds)];
  const found = await findGroups(ctx.tx, ctx.orgId, wanted);
  const missing = wanted.filter((g) => !found.some((f) => f.id === g));
  if (missing.length > 0) throw unprocessable(`These groups were not found: ${missing.join(', ')}.`);
  const existing = await listUserGroups(ctx.tx, ctx.orgId, user.id);
  const isSystem = (g: { createdBySource: string }): boolean => g.createdBySource === SYSTEM_GROUP_SOURCE;
  const has = (g: { id: number }): boolean => existing.some((e) => e.id === g.id);
  const newSystem = found.filter((g) => isSystem(g) && !has(g));
  if (newSystem.length > 0)
    throw unprocessable(
      `Members of system groups are managed by the system: ${newSystem.map((g) => g.name).join(', ')}.`,
    );
  const current = existing.filter((g) => !isSystem(g));
  const added = found.filter((g) => !isSystem(g) && !has(g));
  const removed = current.filter((c) => !wanted.includes(c.id));
  if (added.length + removed.length === 0) return false;
  // Leaving a group can leave its P&Ps to nobody, as removing the member in the group's form can.
  const member = { id: user.id, name: fullName(user), status: user.status };
  for (const group of removed) await refuseStranding(ctx, group, [member]);
  await addMemberships(
    ctx.tx,
    ctx.orgId,
    user.id,
    added.map((g) => g.id),
    ctx.now,
  );
  await removeMemberships(
    ctx.tx,
    ctx.orgId,
    user.id,
    removed.map((g) => g.id),
  );
  const name = fullName(user);
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'User',
    objectId: user.id,
    objectName: name,
    actionName: 'Update',
    deltas: {
      ...(added.length ? { user_membership_groups_added: added.map((g) => ({ name: g.name })) } : {}),
      ...(removed.length ? { user_membership_groups_removed: removed.map((g) => ({ name: g.name })) } : {}),
    },
  });
  for (const [groups, key] of [
    [added, 'group_member_users_added'],
    [removed, 'group_member_users_removed'],
  ] as const) {
    for (const g of groups) {
      await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
        objectType: 'UserGroup',
        objectId: g.id,
        objectName: g.name,
        actionName: 'Update',
        deltas: { [key]: [{ name }] },
      });
    }
  }
  const changedGroupIds = [...added, ...removed].map((g) => g.id);
  // Their member lists changed: a group's edit screen opened before this must not save over it.
  await touchGroups(ctx.tx, ctx.orgId, changedGroupIds, ctx.now);
  await followMembershipChanges(ctx, changedGroupIds);
  return true;
}

/** Status -1: the user leaves every list, their sessions end and their open tasks close. */
export async function deleteUser(ctx: OrgCtx, id: number): Promise<{ message: string }> {
  const row = await getUser(ctx, id, true);
  if (row.id === ctx.actor.userId) throw unprocessable('You cannot delete yourself.');
  const updated = await updateUserRow(ctx.tx, ctx.orgId, id, { status: UserStatus.Deleted, updatedAt: ctx.now });
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'User',
    objectId: id,
    objectName: fullName(row),
    actionName: 'Delete',
    deltas: { changed: { status: [USER_STATUS_LABELS[row.status], USER_STATUS_LABELS[UserStatus.Deleted]] } },
  });
  await followStatusChange(ctx, updated, row.status);
  return { message: USER_SUCCESS.deleted };
}

export async function userLogs(ctx: OrgCtx, id: number): Promise<UserLogList> {
  await getUser(ctx, id);
  const rows = await listUserLogs(ctx.tx, ctx.orgId, id);
  return {
    user_logs: rows.map((r) => ({
      id: r.id,
      action: r.action,
      details: (r.details as Record<string, unknown> | null) ?? {},
      created_at: r.createdAt.toISOString(),
    })),
  };
}

export async function userChangeLogs(ctx: OrgCtx, id: number): Promise<ChangeLogList> {
  await getUser(ctx, id);
  return listChangeLogs(ctx.tx, ctx.orgId, [{ type: 'User', ids: [id] }]);
}

export async function userSettings(ctx: OrgCtx, id: number): Promise<{ settings: Record<string, unknown> }> {
  await getUser(ctx, id);
  return { settings: await findUserSettings(ctx.tx, ctx.orgId, id) };
}

export async function sendWelcomeEmail(ctx: OrgCtx, id: number, bodyUserId?: number): Promise<{ message: string }> {
  if (bodyUserId !== undefined && bodyUserId !== id)
    throw unprocessable('user_id must be the id of the user being invited.');
  // Locked, as an edit locks it: an address changed or a deactivation committing meanwhile (which
  // spend the links) is waited for and seen, so no link goes to the old address or to a leaver.
  const row = await getUser(ctx, id, true);
  if (row.status !== UserStatus.Active)
    throw unprocessable(`${fullName(row)} is inactive: activate them before sending an invitation.`);
  await inviteUser(ctx, row, false);
  return { message: USER_SUCCESS.emailSent };
}

/** How many users a bulk invitation writes at a time (each batch is four statements). */
export const INVITATION_BATCH = 1_000;

/**
 * Invitations to every active user who never signed in, however many: a batch at a time in id
 * order (it stopped at the first 5,000, and sending again reached the same 5,000).
 */
export async function sendBulkWelcomeEmail(
  ctx: OrgCtx,
  batchSize: number = INVITATION_BATCH,
): Promise<BulkWelcomeResponse> {
  let sent = 0;
  let afterId = 0;
  for (;;) {
    const rows = await listNeverSignedIn(ctx.tx, ctx.orgId, afterId, batchSize);
    await inviteUsers(ctx, rows, true);
    sent += rows.length;
    if (rows.length < batchSize) break;
    afterId = rows[rows.length - 1]!.id;
  }
  return { message: USER_SUCCESS.bulkEmailSent, sent };
}
