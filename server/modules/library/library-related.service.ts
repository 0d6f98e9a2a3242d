import type { FastifyReply } from 'fastify';
import type { LibraryRelated } from '../../../shared/api/library-related';
import { notFound } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { sendDocument } from './document-file';
import { listAdditionalInfoRows, listAttachmentRows, listLinkedPnpIds } from './library-related.repo';
import { getVisibleItem, scopeOf } from './library.service';
import { listLibraryRows } from './search.repo';

/** The most linked P&Ps a reader is shown (links are capped at 500 per P&P by the P&P module). */
const LINKED_MAX = 1000;

/**
 * GET library/{pnpId}/related: what a reader of a published P&P sees beside it. The P&P must be one
 * she may read (else 404, as for the P&P itself); linked P&Ps she may not open are left out.
 */
export async function libraryRelated(ctx: OrgCtx, pnpId: number): Promise<LibraryRelated> {
  await getVisibleItem(ctx, pnpId);
  const attachments = await listAttachmentRows(ctx.tx, ctx.orgId, pnpId);
  const infos = await listAdditionalInfoRows(ctx.tx, ctx.orgId, pnpId);
  const linkedIds = await listLinkedPnpIds(ctx.tx, ctx.orgId, pnpId);
  // The library's own visibility query decides which linked P&Ps she sees: published, effective, hers.
  const linked =
    linkedIds.length === 0
      ? []
      : await listLibraryRows(
          ctx.tx,
          scopeOf(ctx),
          { pnpIds: linkedIds },
          { offset: 0, limit: LINKED_MAX, sort: 'name', dir: 'asc' },
        );
  return {
    attachments: attachments.map((a) => ({
      id: a.id,
      name: a.name,
      extension: a.extension,
      size_bytes: Number(a.size_bytes),
    })),
    additional_infos: infos.map((i) => ({ id: i.id, title: i.title, content: i.content })),
    linked_pnps: linked.map((row) => ({
      pnp_id: row.pnp_id,
      version_id: row.version_id,
      name: row.name,
      location: row.location,
    })),
  };
}

/** GET library/{pnpId}/attachments/{id}/file: an attachment of a P&P the reader may read, as a download. */
export async function libraryAttachmentFile(ctx: OrgCtx, pnpId: number, attachmentId: number): Promise<FastifyReply> {
  await getVisibleItem(ctx, pnpId);
  const attachment = (await listAttachmentRows(ctx.tx, ctx.orgId, pnpId)).find((a) => a.id === attachmentId);
  if (!attachment) throw notFound('The attachment');
  return sendDocument(
    ctx.reply,
    ctx.deps.files,
    {
      storageKey: attachment.storage_key,
      originalName: attachment.name,
      mimeType: attachment.mime_type,
      extension: attachment.extension,
    },
    'download',
  );
}
