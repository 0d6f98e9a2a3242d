import { participantRoleName } from '../../../shared/api/access';
import type { ChangeLogDeltas } from '../../../shared/api/change-logs';
import type { UserGroupMember } from '../../../shared/api/user-groups';
import type { OrgCtx } from '../../http/routes';
import { insertChangeLog, type ChangeLogObjectType } from '../change-logs/change-logs.repo';
import type { GroupGrant } from './group-assignments.repo';

/**
 * The change-log entries of a group's changes (product rules 'Change logs'): one on the group, and
 * one on each user who joined or left it, so the user's own change log tells the same story.
 */

const names = (members: UserGroupMember[]) => members.map((m) => ({ name: m.name }));

export interface GroupChange {
  groupId: number;
  groupName: string;
  action: 'Create' | 'Update' | 'Delete';
  changed?: Record<string, [unknown, unknown]>;
  added: UserGroupMember[];
  removed: UserGroupMember[];
}

export async function logGroupChange(ctx: OrgCtx, change: GroupChange): Promise<void> {
  const deltas: ChangeLogDeltas = {};
  if (change.changed && Object.keys(change.changed).length > 0) deltas.changed = change.changed;
  if (change.added.length > 0) deltas.group_member_users_added = names(change.added);
  if (change.removed.length > 0) deltas.group_member_users_removed = names(change.removed);
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'UserGroup',
    objectId: change.groupId,
    objectName: change.groupName,
    actionName: change.action,
    deltas,
  });
  for (const user of change.added) {
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: 'User',
      objectId: user.id,
      objectName: user.name,
      actionName: 'Update',
      deltas: { user_membership_groups_added: [{ name: change.groupName }] },
    });
  }
  for (const user of change.removed) {
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: 'User',
      objectId: user.id,
      objectName: user.name,
      actionName: 'Update',
      deltas: { user_membership_groups_removed: [{ name: change.groupName }] },
    });
  }
}

const objectTypeOf = (itemType: number): ChangeLogObjectType =>
  itemType === 1 ? 'Binder' : itemType === 2 ? 'Folder' : 'Pnp';

/** A deleted group leaves the participants of every item it held a role on: one entry per item. */
export async function logGrantsRemoved(ctx: OrgCtx, groupName: string, grants: GroupGrant[]): Promise<void> {
  const byItem = new Map<string, { grant: GroupGrant; roles: string[] }>();
  for (const grant of grants) {
    const key = grant.pnp_id !== null ? `p${grant.pnp_id}` : `c${grant.container_id}`;
    const item = byItem.get(key) ?? { grant, roles: [] };
    item.roles.push(participantRoleName(grant.role, grant.approval_step));
    byItem.set(key, item);
  }
  for (const { grant, roles } of byItem.values()) {
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: objectTypeOf(grant.item_type),
      objectId: (grant.pnp_id ?? grant.container_id)!,
      objectName: grant.object_name,
      actionName: 'Update Access',
      deltas: {
        container_access_groups_removed: roles.map((role_name) => ({ user_group_name: groupName, role_name })),
        comment: `The group ${groupName} was deleted.`,
      },
    });
  }
}
