import { sql } from 'drizzle-orm';
import { PnpStatus, ReadAckStatus, TaskKind, TaskStatus, VersionStatus } from '../../shared/domain/statuses';
import { queryRows, type Tx } from '../db/client';
import {
  changeLogs,
  libraryViews,
  readAckGroups,
  readAckReaders,
  readAcknowledgements,
  tasks,
} from '../db/schema/index';
import { utcDate } from '../platform/clock';
import { ownerOf } from './demo-read-acks';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The group the finished read acknowledgement asked (its members who may read the P&P). */
const READER_GROUP = 'Nursing';

/**
 * The read acknowledgements that are over, beside the Active ones (demo-read-acks.ts), so the
 * Closed and Canceled filters and the reports have something to show:
 *
 * - 'Infection control refresher', asked ten weeks ago of the Nursing group and one more reader:
 *   everyone acknowledged, so it closed with the last acknowledgement;
 * - 'Interim procedure notice', asked three weeks ago of a few readers and canceled a week later,
 *   one reader having acknowledged: the others' Acknowledge tasks closed with it.
 *
 * Each is asked by an Owner of its P&P (one who may manage its read acknowledgements), on a P&P no
 * other demo read acknowledgement uses, and leaves the change logs the product writes. Runs in
 * the demo organisation's system transaction after the Active ones; does nothing when the
 * organisation already has a Closed or Canceled one (a second start) or too few P&Ps.
 */
export async function seedDemoReadAckHistory(tx: Tx, orgId: number, now: Date): Promise<void> {
  const [ended] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from read_acknowledgements
         where org_id = ${orgId} and status <> ${ReadAckStatus.Active}`,
  );
  if ((ended?.n ?? 0) > 0) return;
  const closedAsked = new Date(now.getTime() - 70 * DAY);
  const pnps = await freePnps(tx, orgId, closedAsked);
  const [group] = await queryRows<{ id: number }>(
    tx,
    sql`select id from user_groups where org_id = ${orgId} and name = ${READER_GROUP}`,
  );
  const [forClosed, forCanceled] = pnps;
  if (!forClosed || !forCanceled || !group) return;

  const groupReaders = await readersOf(tx, orgId, forClosed.pnp_id, group.id, 10);
  const [extra] = (await readersOf(tx, orgId, forClosed.pnp_id, null, 10)).filter((id) => !groupReaders.includes(id));
  await recordEnded(tx, orgId, forClosed, {
    name: 'Infection control refresher',
    asked: closedAsked,
    due: new Date(closedAsked.getTime() + 21 * DAY),
    readers: [
      ...groupReaders.map((userId) => ({ userId, viaGroupId: group.id })),
      ...(extra ? [{ userId: extra, viaGroupId: null }] : []),
    ],
    groupId: group.id,
    acknowledged: Number.MAX_SAFE_INTEGER,
    ended: null,
  });

  const canceledAsked = new Date(now.getTime() - 21 * DAY);
  const readers = await readersOf(tx, orgId, forCanceled.pnp_id, null, 3);
  await recordEnded(tx, orgId, forCanceled, {
    name: 'Interim procedure notice',
    asked: canceledAsked,
    due: new Date(canceledAsked.getTime() + 14 * DAY),
    readers: readers.map((userId) => ({ userId, viaGroupId: null })),
    groupId: null,
    acknowledged: 1,
    ended: new Date(canceledAsked.getTime() + 7 * DAY),
  });
}

interface EndedPnp {
  pnp_id: number;
  document_id: number;
  name: string;
}

/** Published P&Ps whose version was in force by `asked` and that no read acknowledgement uses yet. */
function freePnps(tx: Tx, orgId: number, asked: Date): Promise<EndedPnp[]> {
  return queryRows<EndedPnp>(
    tx,
    sql`select p.id as pnp_id, d.id as document_id, p.name
          from pnps p
          join pnp_documents d on d.org_id = p.org_id and d.pnp_id = p.id and d.status = ${VersionStatus.Active}
         where p.org_id = ${orgId} and p.status = ${PnpStatus.Published}
           and d.effective_dt <= ${utcDate(asked)}
           and not exists (select 1 from read_acknowledgements a where a.org_id = p.org_id and a.pnp_id = p.id)
         order by p.name desc, p.id
         limit 2`,
  );
}

/** Up to `limit` active users who may read the P&P (of `groupId` only, when given). */
async function readersOf(
  tx: Tx,
  orgId: number,
  pnpId: number,
  groupId: number | null,
  limit: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select u.id from org_users u
         where u.org_id = ${orgId} and u.status = 1 and not u.is_admin
           and read_ack_user_sees_pnp(${orgId}, u.id, ${pnpId})
           and (${groupId}::integer is null or exists (select 1 from group_memberships m
                 where m.org_id = u.org_id and m.user_id = u.id and m.group_id = ${groupId}::integer))
         order by u.id
         limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

interface Ended {
  name: string;
  asked: Date;
  due: Date;
  readers: Array<{ userId: number; viaGroupId: number | null }>;
  groupId: number | null;
  /** The first this many readers acknowledged it; when all did, it closed with the last of them. */
  acknowledged: number;
  /** When it was canceled; null: it closed when its last reader acknowledged. */
  ended: Date | null;
}

async function recordEnded(tx: Tx, orgId: number, pnp: EndedPnp, ending: Ended): Promise<void> {
  const { asked, readers } = ending;
  const askedBy = await ownerOf(tx, orgId, pnp.pnp_id);
  if (readers.length === 0 || askedBy === null) return;
  const acknowledgedAt = (index: number) => new Date(asked.getTime() + (index + 1) * 13 * HOUR);
  const closedAt = ending.ended ?? acknowledgedAt(readers.length - 1);
  const status = ending.ended ? ReadAckStatus.Canceled : ReadAckStatus.Closed;
  const [ack] = await tx
    .insert(readAcknowledgements)
    .values({
      orgId,
      pnpId: pnp.pnp_id,
      documentId: pnp.document_id,
      name: ending.name,
      description: `Please read ${pnp.name} and acknowledge that you have read it.`,
      dueDt: utcDate(ending.due),
      status,
      createdBy: askedBy,
      createdAt: asked,
      updatedAt: closedAt,
      closedAt: ending.ended ? null : closedAt,
    })
    .returning();
  const ackId = ack!.id;
  if (ending.groupId !== null)
    await tx.insert(readAckGroups).values({ orgId, readAckId: ackId, groupId: ending.groupId });
  for (const [index, reader] of readers.entries()) {
    const finished = index < ending.acknowledged;
    const at = acknowledgedAt(index);
    const opened = new Date(at.getTime() - 15 * 60_000);
    if (finished) {
      await tx
        .insert(libraryViews)
        .values({ orgId, userId: reader.userId, pnpId: pnp.pnp_id, documentId: pnp.document_id, viewedAt: opened });
    }
    await tx.insert(readAckReaders).values({
      orgId,
      readAckId: ackId,
      userId: reader.userId,
      viaGroupId: reader.viaGroupId,
      completion: finished ? 1 : 0,
      openedAt: finished ? opened : null,
      acknowledgedAt: finished ? at : null,
      acknowledgedDocumentId: finished ? pnp.document_id : null,
      createdAt: asked,
    });
    await tx.insert(tasks).values({
      orgId,
      userId: reader.userId,
      kind: TaskKind.Acknowledge,
      status: finished ? TaskStatus.Completed : TaskStatus.Closed,
      pnpId: pnp.pnp_id,
      documentId: pnp.document_id,
      readAckId: ackId,
      dueDt: ack!.dueDt,
      completedAt: finished ? at : null,
      completedBy: finished ? reader.userId : null,
      createdAt: asked,
      updatedAt: finished ? at : closedAt,
    });
  }
  await logReadAck(tx, orgId, askedBy, ackId, ending.name, asked, 'Create', {
    changed: { name: [null, ending.name], due_dt: [null, ack!.dueDt] },
    comment: `${readers.length} readers asked to acknowledge.`,
  });
  if (ending.ended) {
    await logReadAck(tx, orgId, askedBy, ackId, ending.name, ending.ended, 'Cancel', {
      changed: { status: ['Active', 'Canceled'] },
    });
  }
}

async function logReadAck(
  tx: Tx,
  orgId: number,
  userId: number,
  ackId: number,
  name: string,
  at: Date,
  actionName: 'Create' | 'Cancel',
  deltas: Record<string, unknown>,
): Promise<void> {
  const [by] = await queryRows<{ name: string; email: string }>(
    tx,
    sql`select first_name || ' ' || last_name as name, email from org_users where org_id = ${orgId} and id = ${userId}`,
  );
  await tx.insert(changeLogs).values({
    orgId,
    objectType: 'ReadAcknowledgement',
    objectId: ackId,
    objectName: name,
    actionName,
    deltas,
    createdByUserId: userId,
    createdByUser: by?.name ?? '',
    createdByEmail: by?.email ?? '',
    createdAt: at,
  });
}
