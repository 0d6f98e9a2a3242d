import { and, eq, inArray } from 'drizzle-orm';
import { OBJECT_ROLE_NAMES, ObjectRole, type ObjectRole as Role } from '../../../shared/domain/roles';
import type { ChangeLogDeltas } from '../../../shared/api/change-logs';
import type { ParticipantInput } from '../../../shared/api/pnps';
import { accessGrants, orgUsers, userGroups } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import { unprocessable } from '../../http/errors';
import type { Participant } from '../access/effective-access';

export const roleName = (role: number, step: number | null): string => {
  const name = OBJECT_ROLE_NAMES[role as Role] ?? String(role);
  return role === ObjectRole.Approver ? `${name} (Step ${step ?? 1})` : name;
};

interface Named extends ParticipantInput {
  name: string;
}

/**
 * Why a P&P's own participants are refused without an Owner: its Publish and PendingRevision tasks
 * go to its Owners, and the settings form and the access editor must hold the same rule.
 */
export const PNP_NEEDS_OWNER = 'A P&P with its own participants needs at least one Owner.';

/** Checks a participant list: known users and groups of the org, no duplicates, at least one Owner. */
export async function resolveParticipants(db: Executor, orgId: number, list: ParticipantInput[]): Promise<Named[]> {
  if (!list.some((p) => p.role === ObjectRole.Owner)) throw unprocessable(PNP_NEEDS_OWNER);
  const userIds = [...new Set(list.flatMap((p) => (p.user_id ? [p.user_id] : [])))];
  const groupIds = [...new Set(list.flatMap((p) => (p.group_id ? [p.group_id] : [])))];
  const users = userIds.length
    ? await db
        .select({ id: orgUsers.id, first: orgUsers.firstName, last: orgUsers.lastName })
        .from(orgUsers)
        .where(and(eq(orgUsers.orgId, orgId), inArray(orgUsers.id, userIds)))
    : [];
  const groups = groupIds.length
    ? await db
        .select({ id: userGroups.id, name: userGroups.name })
        .from(userGroups)
        .where(and(eq(userGroups.orgId, orgId), inArray(userGroups.id, groupIds)))
    : [];
  if (users.length !== userIds.length || groups.length !== groupIds.length) {
    throw unprocessable('Some of the chosen users or groups do not exist in this organization.');
  }
  const seen = new Set<string>();
  const named: Named[] = [];
  for (const p of list) {
    const key = `${p.user_id ?? 0}:${p.group_id ?? 0}:${p.role}:${p.approval_step ?? 0}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const user = users.find((u) => u.id === p.user_id);
    const name = user ? `${user.first} ${user.last}` : (groups.find((g) => g.id === p.group_id)?.name ?? '');
    named.push({ ...p, approval_step: p.role === ObjectRole.Approver ? (p.approval_step ?? 1) : null, name });
  }
  return named;
}

const keyOf = (p: {
  user_id?: number | null;
  group_id?: number | null;
  role: number;
  approval_step?: number | null;
}): string => `${p.user_id ?? 0}:${p.group_id ?? 0}:${p.role}:${p.approval_step ?? 0}`;

/**
 * Replaces a P&P's own grants (or removes them so it inherits again) and says what changed in the
 * deltas spec §3 names (container_access_users/groups_added/removed).
 */
export async function replacePnpGrants(
  db: Executor,
  orgId: number,
  pnpId: number,
  before: Participant[],
  next: Named[] | null,
): Promise<ChangeLogDeltas> {
  await db.delete(accessGrants).where(and(eq(accessGrants.orgId, orgId), eq(accessGrants.pnpId, pnpId)));
  if (next && next.length > 0) {
    await db.insert(accessGrants).values(
      next.map((p) => ({
        orgId,
        pnpId,
        userId: p.user_id ?? null,
        groupId: p.group_id ?? null,
        role: p.role,
        approvalStep: p.approval_step ?? null,
      })),
    );
  }
  const after = next ?? [];
  const beforeKeys = new Set(before.map(keyOf));
  const afterKeys = new Set(after.map(keyOf));
  const deltas: ChangeLogDeltas = {};
  const added = after.filter((p) => !beforeKeys.has(keyOf(p)));
  const removed = before.filter((p) => !afterKeys.has(keyOf(p)));
  const users = (list: Array<{ user_id?: number | null; name: string; role: number; approval_step?: number | null }>) =>
    list
      .filter((p) => p.user_id)
      .map((p) => ({ user_name: p.name, role_name: roleName(p.role, p.approval_step ?? null) }));
  const groups = (
    list: Array<{ group_id?: number | null; name: string; role: number; approval_step?: number | null }>,
  ) =>
    list
      .filter((p) => p.group_id)
      .map((p) => ({ user_group_name: p.name, role_name: roleName(p.role, p.approval_step ?? null) }));
  if (users(added).length) deltas.container_access_users_added = users(added);
  if (users(removed).length) deltas.container_access_users_removed = users(removed);
  if (groups(added).length) deltas.container_access_groups_added = groups(added);
  if (groups(removed).length) deltas.container_access_groups_removed = groups(removed);
  return deltas;
}
