import type { UserBulkUpload, UserRowError } from '../../../shared/api/user-bulk-uploads';
import { SYSTEM_GROUP_SOURCE } from '../../../shared/domain/statuses';
import type { OrgCtx } from '../../http/routes';
import { followMembershipChanges } from '../user-groups/membership-effects';
import { describeRowError, findDuplicateRows, type UserRow } from './user-rows';
import {
  addMemberships,
  finishUpload,
  insertChangeLogRows,
  insertUserLogs,
  insertUsers,
  listExistingUsers,
  listGroups,
  listUploads,
  startUpload,
  touchGroups,
  touchUsers,
  updateUser,
  type ExistingGroup,
  type ExistingUser,
  type Membership,
  type NewUser,
} from './user-import.repo';

/** Problems listed in the answer and the history at most; the count says how many more there were. */
const MAX_LISTED_ERRORS = 500;

export interface ImportResult {
  upload: UserBulkUpload;
  rowErrors: UserRowError[];
}

const fieldsOf = (row: UserRow): NewUser => ({
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  username: row.username,
  title: row.title,
  isAdmin: row.isAdmin,
  isPolicyOwner: row.isPolicyOwner,
});

function changedFields(before: ExistingUser, after: NewUser): Partial<NewUser> {
  const changed: Partial<NewUser> = {};
  for (const key of Object.keys(after) as Array<keyof NewUser>) {
    if (key === 'email' || key === 'username') continue;
    if (before[key] !== after[key]) Object.assign(changed, { [key]: after[key] });
  }
  return changed;
}

/**
 * Checks every row against the others and the organisation's users and groups, then imports all of
 * them or none. The rule for existing users: a row whose e-mail is an existing user's updates that
 * user (names, title, Admin, Policy Owner; its groups are added); its username must be that user's.
 */
export async function importUserRows(
  ctx: OrgCtx,
  fileName: string | null,
  rows: UserRow[],
  sheetErrors: UserRowError[],
): Promise<ImportResult> {
  const { tx, orgId, now } = ctx;
  const uploadId = await startUpload(tx, orgId, fileName, ctx.actor.userId, now);
  const existing = await listExistingUsers(tx, orgId);
  const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
  const byUsername = new Map(existing.map((u) => [u.username.toLowerCase(), u]));
  const groups = new Map((await listGroups(tx, orgId)).map((g) => [g.name.toLowerCase(), g]));

  const errors: UserRowError[] = [...sheetErrors, ...findDuplicateRows(rows)];
  for (const row of rows) {
    const match = byEmail.get(row.email.toLowerCase());
    const holder = byUsername.get(row.username.toLowerCase());
    if (match && match.status === -1) {
      errors.push({ row: row.row, column: 'Email', message: `'${row.email}' belongs to a deleted user.` });
    } else if (match && match.username.toLowerCase() !== row.username.toLowerCase()) {
      errors.push({
        row: row.row,
        column: 'Username',
        message: `The user with the e-mail '${row.email}' has the username '${match.username}'; an upload cannot change a username.`,
      });
    } else if (!match && holder) {
      errors.push({
        row: row.row,
        column: 'Username',
        message: `'${row.username}' is already the username of ${holder.firstName} ${holder.lastName} (${holder.email}).`,
      });
    }
    // An admin cannot lock themselves out, here as on their edit screen.
    if (match && match.id === ctx.actor.userId && match.isAdmin && !row.isAdmin) {
      errors.push({ row: row.row, column: 'Admin', message: 'You cannot remove your own administrator role.' });
    }
    const unknown = row.groups.filter((g) => !groups.has(g.toLowerCase()));
    if (unknown.length) {
      errors.push({
        row: row.row,
        column: 'Groups',
        message: `No group is named ${unknown.map((g) => `'${g}'`).join(', ')}. Create the group first or correct its name.`,
      });
    }
    // System groups are the system's to fill, as on a user's Edit Groups screen.
    const system = row.groups.filter((g) => groups.get(g.toLowerCase())?.createdBySource === SYSTEM_GROUP_SOURCE);
    if (system.length) {
      errors.push({
        row: row.row,
        column: 'Groups',
        message: `Members of system groups are managed by the system: ${system.map((g) => `'${g}'`).join(', ')}.`,
      });
    }
  }

  const total = rows.length + new Set(sheetErrors.map((e) => e.row)).size;
  if (errors.length) return fail(ctx, uploadId, fileName, total, errors);

  const fresh = rows.filter((r) => !byEmail.has(r.email.toLowerCase()));
  const inserted = await insertUsers(tx, orgId, fresh.map(fieldsOf), now);
  if (inserted.length < fresh.length) {
    // Usernames are unique across the product: one held in another organisation was skipped.
    const got = new Set(inserted.map((u) => u.username.toLowerCase()));
    const taken = fresh
      .filter((r) => !got.has(r.username.toLowerCase()))
      .map((r) => ({ row: r.row, column: 'Username', message: `The username '${r.username}' is already taken.` }));
    // Undo the rows inserted so far: the whole file or nothing.
    throw new TakenUsernames(taken, total);
  }
  const idOf = new Map(inserted.map((u) => [u.username.toLowerCase(), u.id]));
  let updated = 0;
  const changeRows: Parameters<typeof insertChangeLogRows>[1] = [];
  const actor = ctx.actor;
  const logBase = {
    orgId,
    objectType: 'User',
    createdByUserId: actor.userId,
    createdByUser: actor.name,
    createdByEmail: actor.email,
    sudoerName: actor.sudoer?.name ?? null,
    createdAt: now,
  };
  const userLogRows: Parameters<typeof insertUserLogs>[2] = [];
  const memberships: Membership[] = [];
  const nameOf = new Map<number, string>();
  for (const row of rows) {
    const match = byEmail.get(row.email.toLowerCase());
    const userId = match ? match.id : idOf.get(row.username.toLowerCase())!;
    const name = `${row.firstName} ${row.lastName}`.slice(0, 255);
    nameOf.set(userId, name);
    if (match) {
      const changed = changedFields(match, fieldsOf(row));
      if (Object.keys(changed).length) {
        updated += 1;
        await updateUser(tx, orgId, match.id, changed, now);
        const deltas = Object.fromEntries(
          Object.entries(changed).map(([k, v]) => [k, [match[k as keyof ExistingUser] ?? null, v]]),
        );
        changeRows.push({
          ...logBase,
          objectId: userId,
          objectName: name,
          actionName: 'Update',
          deltas: { changed: deltas },
        });
        userLogRows.push({
          userId,
          action: 'Updated by bulk upload',
          details: { bulk_upload_id: uploadId, file_name: fileName },
        });
      }
    } else {
      changeRows.push({ ...logBase, objectId: userId, objectName: name, actionName: 'Create', deltas: {} });
      userLogRows.push({
        userId,
        action: 'Created by bulk upload',
        details: { bulk_upload_id: uploadId, file_name: fileName },
      });
    }
    for (const group of row.groups) memberships.push({ groupId: groups.get(group.toLowerCase())!.id, userId });
  }
  const joined = await addMemberships(tx, orgId, memberships, now);
  changeRows.push(...membershipLogRows(joined, nameOf, groups, logBase));
  await insertChangeLogRows(tx, changeRows);
  await insertUserLogs(tx, orgId, userLogRows, now);
  await finishUpload(
    tx,
    orgId,
    uploadId,
    {
      status: 'completed',
      total: rows.length,
      succeeded: rows.length,
      failed: 0,
      errors: [],
      errorCount: 0,
      created: inserted.length,
      updated,
    },
    now,
  );
  await followJoins(ctx, joined);
  const [upload] = await listUploads(tx, orgId, uploadId);
  return { upload: upload!, rowErrors: [] };
}

type ChangeLogRow = Parameters<typeof insertChangeLogRows>[1][number];

/**
 * The change-log entries of the memberships an upload added, as a user's Edit Groups writes them:
 * one on each group naming who joined, one on each user naming the groups they joined.
 */
function membershipLogRows(
  joined: Membership[],
  nameOf: Map<number, string>,
  groups: Map<string, ExistingGroup>,
  logBase: Omit<ChangeLogRow, 'objectType' | 'objectId' | 'objectName' | 'actionName'>,
): ChangeLogRow[] {
  const groupById = new Map([...groups.values()].map((g) => [g.id, g]));
  const byGroup = new Map<number, string[]>();
  const byUser = new Map<number, string[]>();
  const listOf = (map: Map<number, string[]>, key: number): string[] => {
    const list = map.get(key) ?? [];
    map.set(key, list);
    return list;
  };
  for (const { groupId, userId } of joined) {
    listOf(byGroup, groupId).push(nameOf.get(userId) ?? '');
    listOf(byUser, userId).push(groupById.get(groupId)?.name ?? '');
  }
  const rows: ChangeLogRow[] = [];
  for (const [groupId, names] of byGroup) {
    rows.push({
      ...logBase,
      objectType: 'UserGroup',
      objectId: groupId,
      objectName: groupById.get(groupId)?.name ?? '',
      actionName: 'Update',
      deltas: { group_member_users_added: names.map((name) => ({ name })) },
    });
  }
  for (const [userId, names] of byUser) {
    rows.push({
      ...logBase,
      objectType: 'User',
      objectId: userId,
      objectName: nameOf.get(userId) ?? '',
      actionName: 'Update',
      deltas: { user_membership_groups_added: names.map((name) => ({ name })) },
    });
  }
  return rows;
}

/**
 * What follows new members, as after any membership change: the groups' and users' edit screens
 * opened before this must not save over it (their updated_at moves on), and the joiners take up the
 * draft tasks their groups hold (membership-effects.ts).
 */
async function followJoins(ctx: OrgCtx, joined: Membership[]): Promise<void> {
  if (joined.length === 0) return;
  const groupIds = [...new Set(joined.map((m) => m.groupId))];
  await touchGroups(ctx.tx, ctx.orgId, groupIds, ctx.now);
  await touchUsers(ctx.tx, ctx.orgId, [...new Set(joined.map((m) => m.userId))], ctx.now);
  await followMembershipChanges(ctx, groupIds);
}

/** Thrown inside the import's transaction so that its rows are undone; the caller records the failure. */
export class TakenUsernames extends Error {
  constructor(
    readonly errors: UserRowError[],
    readonly total: number,
  ) {
    super('usernames taken in another organisation');
  }
}

async function fail(
  ctx: OrgCtx,
  uploadId: number,
  fileName: string | null,
  total: number,
  errors: UserRowError[],
): Promise<ImportResult> {
  const sorted = [...errors].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  const failedRows = new Set(sorted.map((e) => e.row)).size;
  await finishUpload(
    ctx.tx,
    ctx.orgId,
    uploadId,
    {
      status: 'failed',
      total,
      succeeded: 0,
      failed: failedRows,
      errors: sorted.slice(0, MAX_LISTED_ERRORS),
      errorCount: sorted.length,
      created: 0,
      updated: 0,
    },
    ctx.now,
  );
  const [upload] = await listUploads(ctx.tx, ctx.orgId, uploadId);
  return { upload: upload!, rowErrors: sorted };
}

/** Records a refused upload (a file that could not be read, or usernames taken) in the history. */
export async function recordRefusal(
  ctx: OrgCtx,
  fileName: string | null,
  total: number,
  errors: UserRowError[],
): Promise<ImportResult> {
  const uploadId = await startUpload(ctx.tx, ctx.orgId, fileName, ctx.actor.userId, ctx.now);
  return fail(ctx, uploadId, fileName, total, errors);
}

/** The sentences of the 422: every problem, capped, with how many more there were. */
export function errorSentences(errors: UserRowError[]): string[] {
  const listed = errors.slice(0, MAX_LISTED_ERRORS).map(describeRowError);
  const more = errors.length - MAX_LISTED_ERRORS;
  if (more > 0) listed.push(`…and ${more} more ${more === 1 ? 'problem' : 'problems'}.`);
  return [
    `Nothing was imported: the file has ${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} to fix.`,
    ...listed,
  ];
}
