import {
  PARTICIPANT_KEYS,
  participantKeyOf,
  participantRoleName,
  type ParticipantsByRole,
} from '../../../shared/api/access';
import type { ChangeLogDeltas } from '../../../shared/api/change-logs';
import type { Participant as EffectiveParticipant } from '../access/effective-access';

/**
 * Effective participants grouped by the spec's lists (owners .. approversStep10). All rows of one
 * node come from one source (the node itself or its nearest overriding ancestor): `sourceType`.
 */
export function presentParticipants(rows: EffectiveParticipant[], sourceType: 1 | 2 | 3): ParticipantsByRole {
  const byKey = Object.fromEntries(PARTICIPANT_KEYS.map((key) => [key, []])) as unknown as ParticipantsByRole;
  for (const row of rows) {
    byKey[participantKeyOf(row.role, row.approval_step)].push({
      id: (row.user_id ?? row.group_id)!,
      type: row.type,
      name: row.name,
      email: row.email,
      inherited: row.inherited,
      source: {
        object_type: sourceType,
        object_id: row.source_id,
        name: row.source_name,
      },
    });
  }
  return byKey;
}

const grantKey = (p: EffectiveParticipant): string =>
  `${p.type}:${p.user_id ?? p.group_id}:${p.role}:${p.approval_step ?? 0}`;

/** The change-log deltas between two sets of effective participants (spec §3 shapes). */
export function accessDeltas(before: EffectiveParticipant[], after: EffectiveParticipant[]): ChangeLogDeltas {
  const beforeKeys = new Set(before.map(grantKey));
  const afterKeys = new Set(after.map(grantKey));
  const added = after.filter((p) => !beforeKeys.has(grantKey(p)));
  const removed = before.filter((p) => !afterKeys.has(grantKey(p)));
  const users = (list: EffectiveParticipant[]) =>
    list
      .filter((p) => p.type === 'User')
      .map((p) => ({ user_name: p.name, role_name: participantRoleName(p.role, p.approval_step) }));
  const groups = (list: EffectiveParticipant[]) =>
    list
      .filter((p) => p.type === 'Group')
      .map((p) => ({ user_group_name: p.name, role_name: participantRoleName(p.role, p.approval_step) }));
  const deltas: ChangeLogDeltas = {};
  if (users(added).length) deltas.container_access_users_added = users(added);
  if (users(removed).length) deltas.container_access_users_removed = users(removed);
  if (groups(added).length) deltas.container_access_groups_added = groups(added);
  if (groups(removed).length) deltas.container_access_groups_removed = groups(removed);
  return deltas;
}
