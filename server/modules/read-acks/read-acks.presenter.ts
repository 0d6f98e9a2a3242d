import {
  READ_ACK_READERS_PAGE_SIZE,
  READ_ACK_STATUS_LABELS,
  type ReadAckAbility,
  type ReadAcknowledgement,
  type ReadAckReader,
} from '../../../shared/api/read-acks';
import { ReadAckStatus } from '../../../shared/domain/statuses';
import type { Executor } from '../../db/client';
import { canManage, type ActorFacts } from '../pnps/workflow.policy';
import {
  countReaders,
  listMembersNotAsked,
  listNamedReaderIds,
  listReadAckGroups,
  listReaderPage,
  usersWhoSeePnp,
  type ReadAckRow,
  type ReaderPageSpec,
  type ReaderView,
} from './read-acks.repo';

type Row = ReadAckRow & { versionNumber: number | null; effectiveDt: string | null; createdByName: string | null };

/** What the caller may do with a read acknowledgement: the web shows these buttons, the server re-checks. */
export function readAckAbilities(facts: ActorFacts, status: number): ReadAckAbility[] {
  if (status !== ReadAckStatus.Active || !canManage(facts)) return [];
  return facts.isAdmin ? ['edit', 'cancel', 'close'] : ['edit', 'cancel'];
}

/**
 * Readers as shown, with whether those still to acknowledge an Active one cannot see the P&P now
 * (ADR 0026). Closed and Canceled ones keep only what happened.
 */
async function presentReaders(
  db: Executor,
  orgId: number,
  row: Pick<ReadAckRow, 'pnpId' | 'status'>,
  readers: ReaderView[],
): Promise<ReadAckReader[]> {
  const waiting =
    row.status === ReadAckStatus.Active ? readers.filter((r) => r.completion === 0).map((r) => r.userId) : [];
  const seeing = await usersWhoSeePnp(db, orgId, row.pnpId, waiting);
  const blind = new Set(waiting.filter((id) => !seeing.has(id)));
  return readers.map((r) => ({
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
    cannot_see: blind.has(r.userId),
  }));
}

/** One page of a read acknowledgement's readers. */
export async function presentReaderPage(
  db: Executor,
  orgId: number,
  row: Pick<ReadAckRow, 'id' | 'pnpId' | 'status'>,
  spec: ReaderPageSpec,
): Promise<ReadAckReader[]> {
  return presentReaders(db, orgId, row, await listReaderPage(db, orgId, row.id, spec));
}

const FIRST_READERS: ReaderPageSpec = { sort: 'name', dir: 'asc', offset: 0, limit: READ_ACK_READERS_PAGE_SIZE };

/**
 * Read acknowledgements with their groups, the counts of their readers and the first page of them
 * (completion, time, version acknowledged): a card of hundreds of readers pages the rest.
 */
export async function presentReadAcks(
  db: Executor,
  orgId: number,
  facts: ActorFacts,
  rows: Row[],
): Promise<ReadAcknowledgement[]> {
  const ids = rows.map((r) => r.id);
  const counts = await countReaders(db, orgId, ids);
  const named = await listNamedReaderIds(db, orgId, ids);
  const groups = await listReadAckGroups(db, orgId, ids);
  // ADR 0026: while it is Active, who of its groups was not asked. Closed and Canceled ones keep
  // only what happened (the change log counts those not asked when it was made or edited).
  const active = rows.filter((r) => r.status === ReadAckStatus.Active);
  const activeIds = new Set(active.map((r) => r.id));
  const notAsked = await listMembersNotAsked(
    db,
    orgId,
    active.map((r) => r.id),
  );
  const readers = new Map<number, ReadAckReader[]>();
  for (const row of rows) readers.set(row.id, await presentReaderPage(db, orgId, row, FIRST_READERS));
  return rows.map((row) => {
    const count = counts.get(row.id) ?? { total: 0, completed: 0 };
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
      readers_total: count.total,
      readers_completed: count.completed,
      user_ids: named.filter((r) => r.readAckId === row.id).map((r) => r.userId),
      groups: groups.filter((g) => g.readAckId === row.id).map((g) => ({ id: g.id, name: g.name })),
      readers: readers.get(row.id) ?? [],
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
