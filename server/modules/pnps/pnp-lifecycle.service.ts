import { NAME_MAX_LENGTH } from '../../../shared/domain/limits';
import { and, eq } from 'drizzle-orm';
import { PNP_STATUS_LABELS, PnpStatus, VersionStatus } from '../../../shared/domain/statuses';
import { attachments, bulkUploads, pnpDocuments, pnps } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { insertChangeLog } from '../change-logs/change-logs.repo';
import { cancelReadAcksWith } from '../read-acks/read-acks.cancel-with-pnp';
import { removeAfterSuccess, type Intake } from '../files/upload-intake';
import { remindIfDue } from '../review-reminders/review-reminders.service';
import { deleteDocumentRow, deleteFileIfUnused, findDocumentByStatus, updatePnpRow, type PnpRow } from './pnps.repo';
import { assertMayCreateIn, createPnp } from './pnps.service';
import { allowPnp, loadPnpContext } from './workflow.context';
import { recordTransition } from './workflow.record';
import { closeOpenTasks } from './workflow.tasks';

/**
 * Retires a published P&P with a reason: a draft in progress is cancelled, open tasks and pending
 * read acknowledgements are cancelled, and it leaves the library (product rules).
 */
export async function retirePnp(ctx: OrgCtx, pnpId: number, reason: string): Promise<PnpRow> {
  const c = await loadPnpContext(ctx, pnpId, { lock: true });
  allowPnp(c, 'retire');
  const draft = await findDocumentByStatus(ctx.tx, ctx.orgId, c.pnp.id, VersionStatus.Draft);
  if (draft) {
    await deleteDocumentRow(ctx.tx, ctx.orgId, draft.id);
    if (draft.fileId !== null) {
      const key = await deleteFileIfUnused(ctx.tx, ctx.orgId, draft.fileId);
      if (key) removeAfterSuccess(ctx, key);
    }
    await recordTransition(ctx, {
      pnp: c.pnp,
      document: draft,
      action: 'Cancel Draft',
      level: 'version',
      from: { status: VersionStatus.Draft, stage: draft.draftStage, step: draft.approvalStep },
      to: { status: null, stage: null, step: null },
      comment: 'Cancelled because the P&P was retired.',
    });
  }
  await closeOpenTasks(ctx.tx, ctx.orgId, { pnpId: c.pnp.id }, ctx.now);
  await cancelReadAcksWith(ctx, { pnpId: c.pnp.id }, 'Cancelled because the P&P was retired.');
  const pnp = await updatePnpRow(
    ctx.tx,
    ctx.orgId,
    c.pnp.id,
    { status: PnpStatus.Retired, retiredAt: ctx.now, retireReason: reason },
    ctx.now,
  );
  const active = await findDocumentByStatus(ctx.tx, ctx.orgId, c.pnp.id, VersionStatus.Active);
  await recordTransition(ctx, {
    pnp,
    document: active,
    action: 'Retire',
    level: 'pnp',
    from: { status: PnpStatus.Published, stage: null, step: null },
    to: { status: PnpStatus.Retired, stage: null, step: null },
    comment: reason,
    changed: { retire_reason: [c.pnp.retireReason, reason] },
  });
  return pnp;
}

/**
 * Restores a retired P&P (OA only): Published again with its last Active version, whose
 * 'Start Review or Extend' is given again when its reminder date has come.
 */
export async function restorePnp(ctx: OrgCtx, pnpId: number): Promise<PnpRow> {
  const c = await loadPnpContext(ctx, pnpId, { lock: true });
  allowPnp(c, 'restore');
  const pnp = await updatePnpRow(
    ctx.tx,
    ctx.orgId,
    c.pnp.id,
    { status: PnpStatus.Published, retiredAt: null, retireReason: null },
    ctx.now,
  );
  const active = await findDocumentByStatus(ctx.tx, ctx.orgId, c.pnp.id, VersionStatus.Active);
  await recordTransition(ctx, {
    pnp,
    document: active,
    action: 'Restore',
    level: 'pnp',
    from: { status: PnpStatus.Retired, stage: null, step: null },
    to: { status: PnpStatus.Published, stage: null, step: null },
    changed: { retire_reason: [c.pnp.retireReason, null] },
  });
  // Retiring closed the reminders; back in the library with its review date passed, the review is
  // still to do, and its Owners and Authors hear of it today.
  if (active) await remindIfDue(ctx.tx, ctx.orgId, active.id, ctx.now);
  return pnp;
}

/** Deletes a P&P that was never published, with its versions, related information and files. */
export async function deletePnp(ctx: OrgCtx, pnpId: number): Promise<void> {
  const c = await loadPnpContext(ctx, pnpId, { lock: true });
  allowPnp(c, 'delete');
  const docFiles = await ctx.tx
    .select({ fileId: pnpDocuments.fileId })
    .from(pnpDocuments)
    .where(and(eq(pnpDocuments.orgId, ctx.orgId), eq(pnpDocuments.pnpId, c.pnp.id)));
  const attachmentFiles = await ctx.tx
    .select({ fileId: attachments.fileId })
    .from(attachments)
    .where(and(eq(attachments.orgId, ctx.orgId), eq(attachments.pnpId, c.pnp.id)));
  await ctx.tx.delete(pnps).where(and(eq(pnps.orgId, ctx.orgId), eq(pnps.id, c.pnp.id)));
  const fileIds = [
    ...new Set([...docFiles, ...attachmentFiles].map((f) => f.fileId).filter((id): id is number => id !== null)),
  ];
  for (const fileId of fileIds) {
    const key = await deleteFileIfUnused(ctx.tx, ctx.orgId, fileId);
    if (key) removeAfterSuccess(ctx, key);
  }
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'Pnp',
    objectId: c.pnp.id,
    objectName: c.pnp.name,
    actionName: 'Delete',
    deltas: { changed: { status: [PNP_STATUS_LABELS[PnpStatus.Draft], null] } },
  });
}

/** A P&P's name from its file name: without the extension, without angle brackets. */
export function nameFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/[<>]/g, '').replace(/[_]+/g, ' ').trim();
  return (base || 'Untitled').slice(0, NAME_MAX_LENGTH);
}

export interface BulkResult {
  upload: typeof bulkUploads.$inferSelect;
  created: Array<{ pnp_id: number; document_id: number; name: string }>;
  failed: Array<{ file_name: string; errors: string[] }>;
}

/**
 * Bulk upload into one container: each accepted file becomes a Draft P&P named from its file name;
 * refused files are listed with their reasons on the `bulk_uploads` row. The web sends files one at
 * a time with the row's id, so one batch is one row however it arrives.
 */
export async function bulkUpload(
  ctx: OrgCtx,
  containerId: number,
  bulkUploadId: number | null,
  intake: Intake,
): Promise<BulkResult> {
  await assertMayCreateIn(ctx, containerId);
  let upload: typeof bulkUploads.$inferSelect;
  if (bulkUploadId !== null) {
    const [row] = await ctx.tx
      .select()
      .from(bulkUploads)
      .where(
        and(
          eq(bulkUploads.orgId, ctx.orgId),
          eq(bulkUploads.id, bulkUploadId),
          eq(bulkUploads.kind, 'pnp'),
          eq(bulkUploads.createdBy, ctx.actor.userId),
        ),
      )
      .limit(1);
    if (!row || row.containerId !== containerId) throw notFound('The bulk upload');
    upload = row;
  } else {
    const [row] = await ctx.tx
      .insert(bulkUploads)
      .values({
        orgId: ctx.orgId,
        kind: 'pnp',
        containerId,
        status: 'processing',
        createdBy: ctx.actor.userId,
        createdAt: ctx.now,
      })
      .returning();
    upload = row!;
  }
  const created: BulkResult['created'] = [];
  const failed: BulkResult['failed'] = [];
  for (const part of intake.files) {
    if (!part.ok) {
      failed.push({ file_name: part.fileName, errors: part.errors });
      continue;
    }
    const { pnp, doc } = await createPnp(
      ctx,
      { pnp: { name: nameFromFileName(part.file.originalName), container_id: containerId }, document: {} },
      part.file,
    );
    created.push({ pnp_id: pnp.id, document_id: doc.id, name: pnp.name });
  }
  const [row] = await ctx.tx
    .update(bulkUploads)
    .set({
      status: 'completed',
      total: upload.total + intake.files.length,
      succeeded: upload.succeeded + created.length,
      failed: upload.failed + failed.length,
      errors: [...(upload.errors as BulkResult['failed']), ...failed],
      finishedAt: ctx.now,
    })
    .where(and(eq(bulkUploads.orgId, ctx.orgId), eq(bulkUploads.id, upload.id)))
    .returning();
  return { upload: row!, created, failed };
}
