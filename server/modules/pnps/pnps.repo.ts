import { and, desc, eq, getTableColumns, inArray, max, sql } from 'drizzle-orm';
import { VersionStatus } from '../../../shared/domain/statuses';
import { queryRows, type Executor } from '../../db/client';
import { attachments, containers, pnpDocuments, pnps, storedFiles, workflowHistory } from '../../db/schema/index';
import { notFound } from '../../http/errors';

export type PnpRow = typeof pnps.$inferSelect;
export type DocumentRow = typeof pnpDocuments.$inferSelect;
export type ContainerRow = typeof containers.$inferSelect;

export async function findPnp(db: Executor, orgId: number, id: number): Promise<PnpRow | null> {
  const [row] = await db
    .select()
    .from(pnps)
    .where(and(eq(pnps.orgId, orgId), eq(pnps.id, id)))
    .limit(1);
  return row ?? null;
}

export async function getPnp(db: Executor, orgId: number, id: number): Promise<PnpRow> {
  const row = await findPnp(db, orgId, id);
  if (!row) throw notFound('The P&P');
  return row;
}

/** Locks the P&P row for the rest of the transaction: two workflow actions on one P&P never interleave. */
export async function lockPnp(db: Executor, orgId: number, id: number): Promise<PnpRow> {
  const [row] = await db
    .select()
    .from(pnps)
    .where(and(eq(pnps.orgId, orgId), eq(pnps.id, id)))
    .for('update')
    .limit(1);
  if (!row) throw notFound('The P&P');
  return row;
}

/** A P&P row with its Active version's effective date (null: no Active version, or no date on it). */
export type PnpWithActive = PnpRow & { activeEffectiveDt: string | null };

/**
 * The columns of a `pnps` row and its Active version's effective date, read in the same query (one
 * probe of pnp_documents_one_active): whether a reader may see the P&P yet depends on that date.
 */
export const pnpWithActiveColumns = {
  ...getTableColumns(pnps),
  // The outer columns are named in full: drizzle writes a one-table select's columns unqualified,
  // and a bare "id" here would be the version's own.
  activeEffectiveDt: sql<string | null>`(select d.effective_dt::text from pnp_documents d
     where d.pnp_id = pnps.id and d.org_id = pnps.org_id and d.status = ${VersionStatus.Active})`,
};

/**
 * Loads a P&P with its Active version's effective date; `lock` locks the P&P row (only that row:
 * the subquery's version is read, not locked), as `lockPnp` does.
 */
export async function getPnpWithActive(
  db: Executor,
  orgId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<PnpWithActive> {
  const query = db
    .select(pnpWithActiveColumns)
    .from(pnps)
    .where(and(eq(pnps.orgId, orgId), eq(pnps.id, id)))
    .$dynamic();
  const [row] = await (options.lock ? query.for('update') : query).limit(1);
  if (!row) throw notFound('The P&P');
  return row;
}

export async function getContainer(db: Executor, orgId: number, id: number): Promise<ContainerRow> {
  const [row] = await db
    .select()
    .from(containers)
    .where(and(eq(containers.orgId, orgId), eq(containers.id, id)))
    .limit(1);
  if (!row) throw notFound('The binder or folder');
  return row;
}

/** 'Binder / Folder / Sub-folder': where a container sits, for the P&P's location. */
export async function containerPath(db: Executor, orgId: number, containerId: number): Promise<string> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`with recursive chain as (
          select id, parent_id, name, 0 as depth from containers where org_id = ${orgId} and id = ${containerId}
          union all
          select c.id, c.parent_id, c.name, chain.depth + 1 from containers c
            join chain on c.org_id = ${orgId} and c.id = chain.parent_id
        )
        select name from chain order by depth desc`,
  );
  return rows.map((r) => r.name).join(' / ');
}

export async function insertPnp(db: Executor, values: typeof pnps.$inferInsert): Promise<PnpRow> {
  const [row] = await db.insert(pnps).values(values).returning();
  return row!;
}

export async function updatePnpRow(
  db: Executor,
  orgId: number,
  id: number,
  values: Partial<typeof pnps.$inferInsert>,
  now: Date,
): Promise<PnpRow> {
  const [row] = await db
    .update(pnps)
    .set({ ...values, updatedAt: now, lockVersion: sql`${pnps.lockVersion} + 1` })
    .where(and(eq(pnps.orgId, orgId), eq(pnps.id, id)))
    .returning();
  return row!;
}

export async function listDocuments(db: Executor, orgId: number, pnpId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(pnpDocuments)
    .where(and(eq(pnpDocuments.orgId, orgId), eq(pnpDocuments.pnpId, pnpId)))
    .orderBy(desc(pnpDocuments.versionNumber), desc(pnpDocuments.id));
}

export async function findDocument(
  db: Executor,
  orgId: number,
  pnpId: number,
  id: number,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(pnpDocuments)
    .where(and(eq(pnpDocuments.orgId, orgId), eq(pnpDocuments.pnpId, pnpId), eq(pnpDocuments.id, id)))
    .limit(1);
  return row ?? null;
}

export async function getDocument(db: Executor, orgId: number, pnpId: number, id: number): Promise<DocumentRow> {
  const row = await findDocument(db, orgId, pnpId, id);
  if (!row) throw notFound('The P&P document');
  return row;
}

export async function findDocumentByStatus(
  db: Executor,
  orgId: number,
  pnpId: number,
  status: number,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(pnpDocuments)
    .where(and(eq(pnpDocuments.orgId, orgId), eq(pnpDocuments.pnpId, pnpId), eq(pnpDocuments.status, status)))
    .limit(1);
  return row ?? null;
}

export async function nextVersionNumber(db: Executor, orgId: number, pnpId: number): Promise<number> {
  const [row] = await db
    .select({ n: max(pnpDocuments.versionNumber) })
    .from(pnpDocuments)
    .where(and(eq(pnpDocuments.orgId, orgId), eq(pnpDocuments.pnpId, pnpId)));
  return Number(row?.n ?? 0) + 1;
}

export async function insertDocument(db: Executor, values: typeof pnpDocuments.$inferInsert): Promise<DocumentRow> {
  const [row] = await db.insert(pnpDocuments).values(values).returning();
  return row!;
}

export async function updateDocumentRow(
  db: Executor,
  orgId: number,
  id: number,
  values: Partial<typeof pnpDocuments.$inferInsert>,
  now: Date,
): Promise<DocumentRow> {
  const [row] = await db
    .update(pnpDocuments)
    .set({ ...values, updatedAt: now, lockVersion: sql`${pnpDocuments.lockVersion} + 1` })
    .where(and(eq(pnpDocuments.orgId, orgId), eq(pnpDocuments.id, id)))
    .returning();
  return row!;
}

export async function deleteDocumentRow(db: Executor, orgId: number, id: number): Promise<void> {
  await db.delete(pnpDocuments).where(and(eq(pnpDocuments.orgId, orgId), eq(pnpDocuments.id, id)));
}

/** Every document id a P&P ever had, cancelled drafts included (their history rows remain). */
export async function documentIdsEver(db: Executor, orgId: number, pnpId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from pnp_documents where org_id = ${orgId} and pnp_id = ${pnpId}
        union
        select document_id as id from workflow_history where org_id = ${orgId} and pnp_id = ${pnpId} and document_id is not null`,
  );
  return rows.map((r) => Number(r.id));
}

export async function storedFilesByIds(db: Executor, orgId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: storedFiles.id,
      originalName: storedFiles.originalName,
      extension: storedFiles.extension,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
      storageKey: storedFiles.storageKey,
      createdAt: storedFiles.createdAt,
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.orgId, orgId), inArray(storedFiles.id, ids)));
}

/**
 * Deletes a stored file that nothing points at any more and returns its storage key (the bytes go
 * once the request succeeds). A file still used by a version or an attachment is kept.
 */
export async function deleteFileIfUnused(db: Executor, orgId: number, fileId: number): Promise<string | null> {
  const [docUse] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pnpDocuments)
    .where(and(eq(pnpDocuments.orgId, orgId), eq(pnpDocuments.fileId, fileId)));
  const [attachmentUse] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attachments)
    .where(and(eq(attachments.orgId, orgId), eq(attachments.fileId, fileId)));
  if (Number(docUse?.n ?? 0) > 0 || Number(attachmentUse?.n ?? 0) > 0) return null;
  const [row] = await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.orgId, orgId), eq(storedFiles.id, fileId)))
    .returning({ key: storedFiles.storageKey });
  return row?.key ?? null;
}

export async function listHistory(db: Executor, orgId: number, pnpId: number) {
  return db
    .select()
    .from(workflowHistory)
    .where(and(eq(workflowHistory.orgId, orgId), eq(workflowHistory.pnpId, pnpId)))
    .orderBy(desc(workflowHistory.createdAt), desc(workflowHistory.id));
}
