import { sql } from 'drizzle-orm';
import { ReadAckStatus, TaskKind, TaskStatus, VersionStatus, PnpStatus } from '../../shared/domain/statuses';
import { ObjectRole } from '../../shared/domain/roles';
import { queryRows, type Tx } from '../db/client';
import { listAssignees } from '../modules/pnps/participants';
import { libraryViews, readAckReaders, readAcknowledgements, tasks } from '../db/schema/index';
import { utcDate } from '../platform/clock';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * The demo asks at least this many readers, and no more than this many: enough for every one of the
 * demo's users but the admins, so the nurse, picked last, is among them.
 */
const MIN_READERS = 3;
const MAX_READERS = 8;

/**
 * The demo's Active read acknowledgements (issue 12), on published P&Ps demo users may read:
 *
 * - 'Annual policy attestation', asked three days ago by the org admin of several staff: the first
 *   half of its readers opened the version and acknowledged it (their openings are in the library's
 *   views, as a real reading leaves them), the others still have their open Acknowledge task. Nora
 *   Nurse, when she is a reader, is among those still to acknowledge, so the demo shows the reader's
 *   side too.
 * - 'Leadership attestation', asked yesterday of the org admins, on another P&P, by one of that
 *   P&P's Owners (who may manage its read acknowledgements, as the product requires): the admin,
 *   who holds no role in the demo's binders, finds an Acknowledge task and its notification
 *   waiting too.
 *
 * Runs in the demo organisation's system transaction; does nothing when the organisation already
 * has a read acknowledgement (a second start) or no P&P has enough readers.
 */
export async function seedDemoReadAcks(tx: Tx, orgId: number, now: Date): Promise<void> {
  const [existing] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from read_acknowledgements where org_id = ${orgId}`,
  );
  if ((existing?.n ?? 0) > 0) return;
  const [admin] = await queryRows<{ id: number }>(
    tx,
    sql`select id from org_users where org_id = ${orgId} and is_admin and status = 1 order by id limit 1`,
  );
  const candidates = await queryRows<DemoPnp>(
    tx,
    sql`select p.id as pnp_id, d.id as document_id, p.name
          from pnps p
          join pnp_documents d on d.org_id = p.org_id and d.pnp_id = p.id and d.status = ${VersionStatus.Active}
         where p.org_id = ${orgId} and p.status = ${PnpStatus.Published}
           and (d.effective_dt is null or d.effective_dt <= ${utcDate(now)})
         order by p.name, p.id
         limit 50`,
  );
  for (const [index, pnp] of candidates.entries()) {
    const readers = await queryRows<{ id: number }>(
      tx,
      sql`select u.id from org_users u
           where u.org_id = ${orgId} and u.status = 1 and not u.is_admin
             and read_ack_user_sees_pnp(${orgId}, u.id, ${pnp.pnp_id})
           order by (lower(u.username) = 'nora.nurse'), u.id
           limit ${MAX_READERS}`,
    );
    if (readers.length < MIN_READERS) continue;
    await askToRead(tx, orgId, pnp, {
      name: 'Annual policy attestation',
      askedBy: admin?.id ?? null,
      asked: new Date(now.getTime() - 3 * DAY),
      due: new Date(now.getTime() + 14 * DAY),
      readers: readers.map((r) => r.id),
      acknowledged: Math.floor(readers.length / 2),
    });
    await askAdminsToRead(tx, orgId, now, candidates.slice(index + 1));
    return;
  }
}

interface DemoPnp {
  pnp_id: number;
  document_id: number;
  name: string;
}

/** An Owner of the P&P asks the org admins to read the first of `pnps` (none left: nothing asked). */
async function askAdminsToRead(tx: Tx, orgId: number, now: Date, pnps: DemoPnp[]): Promise<void> {
  const [pnp] = pnps;
  const owner = pnp ? await ownerOf(tx, orgId, pnp.pnp_id) : null;
  const admins = await queryRows<{ id: number }>(
    tx,
    sql`select id from org_users where org_id = ${orgId} and is_admin and status = 1 order by id`,
  );
  if (!pnp || admins.length === 0) return;
  await askToRead(tx, orgId, pnp, {
    name: 'Leadership attestation',
    askedBy: owner,
    asked: new Date(now.getTime() - DAY),
    due: new Date(now.getTime() + 7 * DAY),
    readers: admins.map((a) => a.id),
    acknowledged: 0,
  });
}

/**
 * The first active user who is an Owner of the P&P but no org admin: one who may manage its read
 * acknowledgements (an Author or the policy owner as such may not); null when it has none.
 */
export async function ownerOf(tx: Tx, orgId: number, pnpId: number): Promise<number | null> {
  const { assignees } = await listAssignees(tx, orgId, pnpId);
  const owners = new Set(assignees.filter((a) => a.role === ObjectRole.Owner).map((a) => a.user_id));
  const [owner] = await queryRows<{ id: number }>(
    tx,
    sql`select id from org_users where org_id = ${orgId} and status = 1 and not is_admin
         and id in (${sql.join(
           [...owners, 0].map((id) => sql`${id}`),
           sql`, `,
         )}) order by id limit 1`,
  );
  return owner?.id ?? null;
}

interface Asking {
  name: string;
  askedBy: number | null;
  asked: Date;
  due: Date;
  readers: number[];
  /** The first this many readers have opened and acknowledged it; the others have their task open. */
  acknowledged: number;
}

async function askToRead(tx: Tx, orgId: number, pnp: DemoPnp, asking: Asking): Promise<void> {
  const { asked } = asking;
  const [ack] = await tx
    .insert(readAcknowledgements)
    .values({
      orgId,
      pnpId: pnp.pnp_id,
      documentId: pnp.document_id,
      name: asking.name,
      description: `Please read ${pnp.name} and acknowledge that you have read it.`,
      dueDt: utcDate(asking.due),
      status: ReadAckStatus.Active,
      createdBy: asking.askedBy,
      createdAt: asked,
      updatedAt: asked,
    })
    .returning();
  for (const [index, readerId] of asking.readers.entries()) {
    const finished = index < asking.acknowledged;
    const opened = new Date(asked.getTime() + (index + 1) * 5 * HOUR);
    const acknowledged = new Date(opened.getTime() + 20 * 60_000);
    if (finished) {
      await tx
        .insert(libraryViews)
        .values({ orgId, userId: readerId, pnpId: pnp.pnp_id, documentId: pnp.document_id, viewedAt: opened });
    }
    await tx.insert(readAckReaders).values({
      orgId,
      readAckId: ack!.id,
      userId: readerId,
      completion: finished ? 1 : 0,
      openedAt: finished ? opened : null,
      acknowledgedAt: finished ? acknowledged : null,
      acknowledgedDocumentId: finished ? pnp.document_id : null,
      createdAt: asked,
    });
    await tx
      .insert(tasks)
      .values({
        orgId,
        userId: readerId,
        kind: TaskKind.Acknowledge,
        status: finished ? TaskStatus.Completed : TaskStatus.Open,
        pnpId: pnp.pnp_id,
        documentId: pnp.document_id,
        readAckId: ack!.id,
        dueDt: ack!.dueDt,
        completedAt: finished ? acknowledged : null,
        completedBy: finished ? readerId : null,
        createdAt: asked,
        updatedAt: finished ? acknowledged : asked,
      })
      .onConflictDoNothing();
  }
}
