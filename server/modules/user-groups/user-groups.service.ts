import type { ChangeLogList } from '../../../shared/api/change-logs';
import {
  GROUP_CHANGED_MESSAGE,
  SYSTEM_GROUP_SOURCE,
  type MemberCandidates,
  type UserGroupDetail,
  type UserGroupInput,
  type UserGroupList,
  type UserGroupListQuery,
  type UserGroupMember,
  type UserGroupSummary,
} from '../../../shared/api/user-groups';
import { UserStatus } from '../../../shared/domain/statuses';
import { commitWithFinalStatement } from '../../db/tenant';
import { AppError, conflict, notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { changedFields, listChangeLogs } from '../change-logs/change-logs.repo';
import {
  deleteGroupGrants,
  listGroupGrants,
  listItemsOrphanedWithout,
  listItemsStrandedWithout,
  listReachedTaskPnpIds,
  type OrphanedItem,
} from './group-assignments.repo';
import { logGrantsRemoved, logGroupChange } from './group-change-logs';
import { followMembershipChanges, resyncPnps } from './membership-effects';
import {
  addMembers,
  deleteGroup,
  findGroup,
  findGroupNamed,
  findUsers,
  insertGroup,
  listActiveUsers,
  listGroups,
  listMemberIds,
  listMembers,
  lockGroup,
  removeMembers,
  updateGroup,
  type GroupRow,
} from './user-groups.repo';
import { isoOfTimestamp } from '../../db/timestamps';

/** How many member candidates one search returns (the form searches as the admin types). */
const CANDIDATES_LIMIT = 200;
/** How many items a refused delete names before 'and N more'. */
const ORPHANS_SHOWN = 50;

const iso = isoOfTimestamp;

function present(row: GroupRow): UserGroupSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_by_source: row.created_by_source === SYSTEM_GROUP_SOURCE ? 'System' : 'User',
    members_count: row.members_count,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const systemRefusal = (name: string, what: 'edited' | 'deleted'): AppError =>
  new AppError(409, [`${name} is a system group: it is managed by the system and cannot be ${what}.`]);

async function loadGroup(ctx: OrgCtx, id: number): Promise<GroupRow> {
  const row = await findGroup(ctx.tx, ctx.orgId, id);
  if (!row) throw notFound('The group');
  return row;
}

export async function listUserGroups(ctx: OrgCtx, query: UserGroupListQuery): Promise<UserGroupList> {
  // The route's one statement: its COMMIT rides with it (tenant.ts).
  commitWithFinalStatement(ctx.tx);
  const rows = await listGroups(ctx.tx, ctx.orgId, { search: query.search, excludeSystem: query.exclude_system });
  return { user_groups: rows.map(present) };
}

export async function showUserGroup(ctx: OrgCtx, id: number): Promise<UserGroupDetail> {
  const row = await loadGroup(ctx, id);
  return { ...present(row), members: await listMembers(ctx.tx, ctx.orgId, id) };
}

export async function memberCandidates(ctx: OrgCtx, search: string | undefined): Promise<MemberCandidates> {
  return { users: await listActiveUsers(ctx.tx, ctx.orgId, search, CANDIDATES_LIMIT) };
}

const normaliseDescription = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * Checks a group's name and its new members together, so the form hears of every problem at once:
 * the name unique in the org (case aside); new members existing, active users of the org. Members
 * who are already in the group may stay whatever their status.
 */
async function validate(
  ctx: OrgCtx,
  input: UserGroupInput,
  groupId: number | null,
  currentIds: Set<number>,
): Promise<UserGroupMember[]> {
  const errors: string[] = [];
  const clash = await findGroupNamed(ctx.tx, ctx.orgId, input.name, groupId);
  if (clash) {
    errors.push(`A group named ${clash.name} already exists in this organization: choose another name.`);
  }
  const wanted = [...new Set(input.member_ids)];
  const users = await findUsers(ctx.tx, ctx.orgId, wanted);
  const missing = wanted.filter((id) => !users.some((u) => u.id === id));
  if (missing.length > 0) errors.push(`These users were not found: ${missing.join(', ')}.`);
  for (const user of users) {
    if (!currentIds.has(user.id) && user.status !== UserStatus.Active) {
      errors.push(`${user.name} is not an active user and cannot be added to a group.`);
    }
  }
  if (errors.length > 0) throw unprocessable(...errors);
  return users;
}

export async function createUserGroup(ctx: OrgCtx, input: UserGroupInput): Promise<UserGroupDetail> {
  const members = await validate(ctx, input, null, new Set());
  const description = normaliseDescription(input.description);
  const id = await insertGroup(ctx.tx, ctx.orgId, { name: input.name, description, at: ctx.now });
  await addMembers(
    ctx.tx,
    ctx.orgId,
    id,
    members.map((m) => m.id),
    ctx.now,
  );
  await logGroupChange(ctx, {
    groupId: id,
    groupName: input.name,
    action: 'Create',
    changed: { name: [null, input.name], ...(description ? { description: [null, description] } : {}) },
    added: members,
    removed: [],
  });
  return showUserGroup(ctx, id);
}

export async function updateUserGroup(ctx: OrgCtx, id: number, input: UserGroupInput): Promise<UserGroupDetail> {
  await lockGroup(ctx.tx, ctx.orgId, id);
  const row = await loadGroup(ctx, id);
  if (row.created_by_source === SYSTEM_GROUP_SOURCE) throw systemRefusal(row.name, 'edited');
  // The group is locked, so the time read here stays current until this save commits.
  if (input.updated_at !== undefined && input.updated_at !== iso(row.updated_at)) throw conflict(GROUP_CHANGED_MESSAGE);
  const currentIds = new Set(await listMemberIds(ctx.tx, ctx.orgId, id));
  const members = await validate(ctx, input, id, currentIds);
  const wantedIds = new Set(members.map((m) => m.id));
  const added = members.filter((m) => !currentIds.has(m.id));
  const current = await listMembers(ctx.tx, ctx.orgId, id);
  const removed = current.filter((m) => !wantedIds.has(m.id));
  await refuseStranding(ctx, row, removed);
  const description = normaliseDescription(input.description);
  const changed = changedFields({ name: row.name, description: row.description }, { name: input.name, description });
  // Any change, members too, moves updated_at on: it is the token a stale save is refused by.
  if (Object.keys(changed).length + added.length + removed.length > 0)
    await updateGroup(ctx.tx, ctx.orgId, id, { name: input.name, description, at: ctx.now });
  await removeMembers(
    ctx.tx,
    ctx.orgId,
    id,
    removed.map((m) => m.id),
  );
  await addMembers(
    ctx.tx,
    ctx.orgId,
    id,
    added.map((m) => m.id),
    ctx.now,
  );
  if (added.length + removed.length > 0) await followMembershipChanges(ctx, [id]);
  if (Object.keys(changed).length + added.length + removed.length > 0) {
    await logGroupChange(ctx, { groupId: id, groupName: input.name, action: 'Update', changed, added, removed });
  }
  return showUserGroup(ctx, id);
}

/** The lines naming what a refused change would strand, 'And more items' past ORPHANS_SHOWN. */
function strandedLines(items: OrphanedItem[]): string[] {
  const lines = items.slice(0, ORPHANS_SHOWN).map((item) => {
    const lacks = [
      ...(item.loses_owner ? ['no Owner'] : []),
      ...(item.loses_step !== null ? [`no approver at approval step ${item.loses_step}`] : []),
    ];
    return `${item.name}: would have ${lacks.join(' and ')}.`;
  });
  if (items.length > ORPHANS_SHOWN) lines.push('And more items: give them other owners and approvers first.');
  return lines;
}

/** Refuses a delete that would leave a P&P without an Owner or its current approval step without an approver who can act. */
async function refuseOrphans(ctx: OrgCtx, row: GroupRow): Promise<void> {
  const items = await listItemsOrphanedWithout(ctx.tx, ctx.orgId, row.id, ORPHANS_SHOWN + 1);
  if (items.length === 0) return;
  throw new AppError(409, [
    `${row.name} cannot be deleted: it is the only Owner or the only approver of the current approval step of these P&Ps who can act. Give them another one first.`,
    ...strandedLines(items),
  ]);
}

/**
 * Refuses taking members out of a group where they are its last active members and the group is
 * the only Owner, or the only approver of a draft's current approval step, who can act on a P&P:
 * the P&P would be left to nobody, as a removal from its assignments would (product rules, 'Bulk
 * reassignment'). Inactive members may always go: nobody who could act leaves with them. The
 * group's edit form and a user's Edit Groups both ask it.
 */
export async function refuseStranding(
  ctx: OrgCtx,
  row: Pick<GroupRow, 'id' | 'name'>,
  removed: readonly Pick<UserGroupMember, 'id' | 'name' | 'status'>[],
): Promise<void> {
  const active = removed.filter((m) => m.status === UserStatus.Active);
  if (active.length === 0) return;
  const items = await listItemsStrandedWithout(
    ctx.tx,
    ctx.orgId,
    row.id,
    active.map((m) => m.id),
    ORPHANS_SHOWN + 1,
  );
  if (items.length === 0) return;
  throw new AppError(409, [
    `${active.map((m) => m.name).join(', ')} cannot be removed from ${row.name}: ${active.length === 1 ? 'they are its last active member' : 'they are its last active members'}, and it is the only Owner or the only approver of the current approval step of these P&Ps who can act. Give them another one first.`,
    ...strandedLines(items),
  ]);
}

export async function deleteUserGroup(ctx: OrgCtx, id: number): Promise<void> {
  await lockGroup(ctx.tx, ctx.orgId, id);
  const row = await loadGroup(ctx, id);
  if (row.created_by_source === SYSTEM_GROUP_SOURCE) throw systemRefusal(row.name, 'deleted');
  await refuseOrphans(ctx, row);
  const reached = await listReachedTaskPnpIds(ctx.tx, ctx.orgId, id);
  const grants = await listGroupGrants(ctx.tx, ctx.orgId, id);
  const members = await listMembers(ctx.tx, ctx.orgId, id);
  // Members leave first, one by one through the membership trigger, while the group's read
  // acknowledgements still name it; then its roles go, then the group.
  await removeMembers(ctx.tx, ctx.orgId, id, await listMemberIds(ctx.tx, ctx.orgId, id));
  await deleteGroupGrants(ctx.tx, ctx.orgId, id);
  await deleteGroup(ctx.tx, ctx.orgId, id);
  await resyncPnps(ctx, reached);
  await logGrantsRemoved(ctx, row.name, grants);
  await logGroupChange(ctx, { groupId: id, groupName: row.name, action: 'Delete', added: [], removed: members });
}

export async function userGroupChangeLogs(ctx: OrgCtx, id: number): Promise<ChangeLogList> {
  await loadGroup(ctx, id);
  return listChangeLogs(ctx.tx, ctx.orgId, [{ type: 'UserGroup', ids: [id] }]);
}
