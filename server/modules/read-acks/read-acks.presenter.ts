import { READ_ACK_STATUS_LABELS, type ReadAckAbility, type ReadAcknowledgement } from '../../../shared/api/read-acks';
import { ReadAckStatus } from '../../../shared/domain/statuses';
import type { Executor } from '../../db/client';
import { canManage, type ActorFacts } from '../pnps/workflow.policy';
import { listMembersNotAsked, listReadAckGroups, listReaders, usersWhoSeePnp, type ReadAckRow } from './read-acks.repo';

type Row = ReadAckRow & { versionNumber: number | null; effectiveDt: string | null; createdByName: string | null };

/** What the caller may do with a read acknowledgement: the web shows these buttons, the server re-checks. */
export function readAckAbilities(facts: ActorFacts, status: number): ReadAckAbility[] {
  if (status !== ReadAckStatus.Active || !canManage(facts)) return [];
  return facts.isAdmin ? ['edit', 'cancel', 'close'] : ['edit', 'cancel'];
}

/** Read acknowledgements with their groups and readers (completion, time, version acknowledged). */
export async function presentReadAcks(
  db: Executor,
  orgId: number,
  facts: ActorFacts,
  rows: Row[],
): Promise<ReadAcknowledgement[]> {
  const ids = rows.map((r) => r.id);
  const readers = await listReaders(db, orgId, ids);
  const groups = await listReadAckGroups(db, orgId, ids);
  // ADR 0026: while it is Active, who was asked but cannot see the P&P now, and who of its groups
  // was not asked. Closed and Canceled ones keep only what happened (the change log counts those
  // not asked when it was made or edited).
  const active = rows.filter((r) => r.status === ReadAckStatus.Active);
  const activeIds = new Set(active.map((r) => r.id));
  const notAsked = await listMembersNotAsked(
    db,
    orgId,
    active.map((r) => r.id),
  );
  const blind = new Map<number, Set<number>>();
  for (const row of active) {
    const waiting = readers.filter((r) => r.readAckId === row.id && r.completion === 0).map((r) => r.userId);
    const seeing = await usersWhoSeePnp(db, orgId, row.pnpId, waiting);
    blind.set(row.id, new Set(waiting.filter((id) => !seeing.has(id))));
  }
  return rows.map((row) => {
    const own = readers.filter((r) => r.readAckId === row.id);
    return {
      id: row.id,
      pnp_id: row.pnpId,
      document_id: row.documentId,
      version_number: row.versionNumber,
      effective_date: row.effectiveDt,
      name: row.name,
      description: row.description,
      due_date: row.dueDt,
      status: row.status,
      status_label: READ_ACK_STATUS_LABELS[row.status as 1 | 2 | 3] ?? String(row.status),
      created_at: row.createdAt.toISOString(),
      created_by_name: row.createdByName,
      closed_at: row.closedAt?.toISOString() ?? null,
      readers_total: own.length,
      readers_completed: own.filter((r) => r.completion === 1).length,
      user_ids: own.filter((r) => r.viaGroupId === null).map((r) => r.userId),
      groups: groups.filter((g) => g.readAckId === row.id).map((g) => ({ id: g.id, name: g.name })),
      readers: own.map((r) => ({
        user_id: r.userId,
        name: r.name,
        email: r.email,
        via_group_id: r.viaGroupId,
        via_group_name: r.viaGroupName,
        completion: r.completion,
        opened_at: r.openedAt?.toISOString() ?? null,
        acknowledged_at: r.acknowledgedAt?.toISOString() ?? null,
        acknowledged_document_id: r.acknowledgedDocumentId,
        acknowledged_version_number: r.acknowledgedVersionNumber,
        cannot_see: blind.get(row.id)?.has(r.userId) ?? false,
      })),
      members_not_asked: activeIds.has(row.id)
        ? notAsked
            .filter((m) => m.readAckId === row.id)
            .map((m) => ({
              user_id: m.userId,
              name: m.name,
              email: m.email,
              group_id: m.groupId,
              group_name: m.groupName,
              can_see: m.canSee,
            }))
        : [],
      abilities: readAckAbilities(facts, row.status),
    };
  });
}
