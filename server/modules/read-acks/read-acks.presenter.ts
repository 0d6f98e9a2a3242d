import { READ_ACK_STATUS_LABELS, type ReadAckAbility, type ReadAcknowledgement } from '../../../shared/api/read-acks';
import { ReadAckStatus } from '../../../shared/domain/statuses';
import type { Executor } from '../../db/client';
import { canManage, type ActorFacts } from '../pnps/workflow.policy';
import { listReadAckGroups, listReaders, type ReadAckRow } from './read-acks.repo';

type Row = ReadAckRow & { versionNumber: number | null; createdByName: string | null };

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
  return rows.map((row) => {
    const own = readers.filter((r) => r.readAckId === row.id);
    return {
      id: row.id,
      pnp_id: row.pnpId,
      document_id: row.documentId,
      version_number: row.versionNumber,
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
      })),
      abilities: readAckAbilities(facts, row.status),
    };
  });
}
