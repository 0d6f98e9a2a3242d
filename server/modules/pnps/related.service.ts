import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AdditionalInfo, AdditionalInfoBody, Attachment, LinkedPnp } from '../../../shared/api/pnps';
import { additionalInfos, attachments, orgUsers, pnpLinks, pnps, storedFiles } from '../../db/schema/index';
import { notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { insertChangeLog } from '../change-logs/change-logs.repo';
import { LINKED_PNPS_ACTION, linkedPnpsDeltas } from '../change-logs/linked-pnps';
import type { CheckedFile } from '../files/file-validation';
import { removeAfterSuccess, storeFile } from '../files/upload-intake';
import { loadActorFacts } from './participants';
import { getStoredFile } from '../files/files.repo';
import { presentFile, pnpStatusLabel } from './pnps.presenter';
import { containerPaths } from './pnp-versions.service';
import { allowPnp, loadPnpContext, pnpAndState, type PnpContext } from './workflow.context';
import { decidePnp } from './workflow.policy';
import { deleteFileIfUnused, findDocumentByStatus, pnpWithActiveColumns } from './pnps.repo';
import { VersionStatus } from '../../../shared/domain/statuses';

const log = (ctx: OrgCtx, c: PnpContext, actionName: string, changed: Record<string, [unknown, unknown]>) =>
  insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'Pnp',
    objectId: c.pnp.id,
    objectName: c.pnp.name,
    actionName,
    deltas: { changed },
  });

export const canEditRelated = (c: PnpContext): boolean => decidePnp('edit_related', c.facts, c.pnp).ok;

export async function listAttachments(
  ctx: OrgCtx,
  pnpId: number,
): Promise<{ attachments: Attachment[]; can_edit: boolean }> {
  const c = await loadPnpContext(ctx, pnpId);
  const rows = await ctx.tx
    .select({
      a: attachments,
      f: storedFiles,
      by: sql<string | null>`${orgUsers.firstName} || ' ' || ${orgUsers.lastName}`,
    })
    .from(attachments)
    .innerJoin(storedFiles, and(eq(storedFiles.orgId, attachments.orgId), eq(storedFiles.id, attachments.fileId)))
    .leftJoin(orgUsers, and(eq(orgUsers.orgId, attachments.orgId), eq(orgUsers.id, attachments.createdBy)))
    .where(and(eq(attachments.orgId, ctx.orgId), eq(attachments.pnpId, pnpId)))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
  return {
    attachments: rows.map((r) => ({
      id: r.a.id,
      name: r.a.name,
      file: presentFile(r.f),
      created_at: r.a.createdAt.toISOString(),
      created_by_name: r.by,
    })),
    can_edit: canEditRelated(c),
  };
}

export async function addAttachment(ctx: OrgCtx, pnpId: number, file: CheckedFile): Promise<Attachment> {
  const c = await loadPnpContext(ctx, pnpId, { lock: true });
  allowPnp(c, 'edit_related');
  const stored = await storeFile(ctx, file);
  const [row] = await ctx.tx
    .insert(attachments)
    .values({
      orgId: ctx.orgId,
      pnpId,
      fileId: stored.id,
      name: stored.originalName,
      createdBy: ctx.actor.userId,
      createdAt: ctx.now,
    })
    .returning();
  await log(ctx, c, 'Add Attachment', { attachment: [null, stored.originalName] });
  return {
    id: row!.id,
    name: row!.name,
    file: presentFile(stored),
    created_at: row!.createdAt.toISOString(),
    created_by_name: ctx.actor.name,
  };
}

async function getAttachment(ctx: OrgCtx, pnpId: number, id: number) {
  const [row] = await ctx.tx
    .select()
    .from(attachments)
    .where(and(eq(attachments.orgId, ctx.orgId), eq(attachments.pnpId, pnpId), eq(attachments.id, id)))
    .limit(1);
  if (!row) throw notFound('The attachment');
  return row;
}

export async function removeAttachment(ctx: OrgCtx, pnpId: number, id: number): Promise<void> {
  const c = await loadPnpContext(ctx, pnpId, { lock: true });
  allowPnp(c, 'edit_related');
  const row = await getAttachment(ctx, pnpId, id);
  await ctx.tx.delete(attachments).where(and(eq(attachments.orgId, ctx.orgId), eq(attachments.id, id)));
  const key = await deleteFileIfUnused(ctx.tx, ctx.orgId, row.fileId);
  if (key) removeAfterSuccess(ctx, key);
  await log(ctx, c, 'Remove Attachment', { attachment: [row.name, null] });
}

/** An attachment's file, for anyone who may see the P&P. */
export async function attachmentFile(ctx: OrgCtx, pnpId: number, id: number) {
  await loadPnpContext(ctx, pnpId);
  const row = await getAttachment(ctx, pnpId, id);
  return getStoredFile(ctx.tx, ctx.orgId, row.fileId);
}

const presentInfo = (r: typeof additionalInfos.$inferSelect): AdditionalInfo => ({
  id: r.id,
  title: r.title,
  content: r.content,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export async function listAdditionalInfos(
  ctx: OrgCtx,
  pnpId: number,
): Promise<{ additional_infos: AdditionalInfo[]; can_edit: boolean }> {
  const c = await loadPnpContext(ctx, pnpId);
  const rows = await ctx.tx
    .select()
    .from(additionalInfos)
    .where(and(eq(additionalInfos.orgId, ctx.orgId), eq(additionalInfos.pnpId, pnpId)))
    .orderBy(asc(additionalInfos.createdAt), asc(additionalInfos.id));
  return { additional_infos: rows.map(presentInfo), can_edit: canEditRelated(c) };
}

export async function saveAdditionalInfo(
  ctx: OrgCtx,
  pnpId: number,
  id: number | null,
  body: AdditionalInfoBody,
): Promise<AdditionalInfo> {
  const c = await loadPnpContext(ctx, pnpId, { lock: true });
  allowPnp(c, 'edit_related');
  const { title, content } = body.additional_info;
  if (id === null) {
    const [row] = await ctx.tx
      .insert(additionalInfos)
      .values({
        orgId: ctx.orgId,
        pnpId,
        title,
        content,
        createdBy: ctx.actor.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await log(ctx, c, 'Add Additional Info', { additional_info: [null, title] });
    return presentInfo(row!);
  }
  const [before] = await ctx.tx
    .select()
    .from(additionalInfos)
    .where(and(eq(additionalInfos.orgId, ctx.orgId), eq(additionalInfos.pnpId, pnpId), eq(additionalInfos.id, id)))
    .limit(1);
  if (!before) throw notFound('The additional information');
  const [row] = await ctx.tx
    .update(additionalInfos)
    .set({ title, content, updatedAt: ctx.now })
    .where(and(eq(additionalInfos.orgId, ctx.orgId), eq(additionalInfos.id, id)))
    .returning();
  const changed: Record<string, [unknown, unknown]> = {};
  if (before.title !== title) changed.title = [before.title, title];
  if (before.content !== content) changed.content = [before.content, content];
  if (Object.keys(changed).length) await log(ctx, c, 'Update Additional Info', changed);
  return presentInfo(row!);
}

export async function removeAdditionalInfo(ctx: OrgCtx, pnpId: number, id: number): Promise<void> {
  const c = await loadPnpContext(ctx, pnpId, { lock: true });
  allowPnp(c, 'edit_related');
  const [row] = await ctx.tx
    .delete(additionalInfos)
    .where(and(eq(additionalInfos.orgId, ctx.orgId), eq(additionalInfos.pnpId, pnpId), eq(additionalInfos.id, id)))
    .returning();
  if (!row) throw notFound('The additional information');
  await log(ctx, c, 'Remove Additional Info', { additional_info: [row.title, null] });
}

/** Keeps only the linked P&Ps the caller may see (a link never reveals a P&P to someone without access). */
async function visibleLinked(ctx: OrgCtx, ids: number[]): Promise<LinkedPnp[]> {
  if (ids.length === 0) return [];
  // With their Active versions' effective dates: a reader sees a scheduled publication only once
  // it is in effect, here as when opening it.
  const rows = (
    await ctx.tx
      .select(pnpWithActiveColumns)
      .from(pnps)
      .where(and(eq(pnps.orgId, ctx.orgId), inArray(pnps.id, ids)))
      .orderBy(asc(pnps.name))
  ).map((r) => pnpAndState(r, ctx.now));
  const locations = await containerPaths(ctx, [...new Set(rows.map((r) => r.pnp.containerId))]);
  const out: LinkedPnp[] = [];
  for (const { pnp: row, state } of rows) {
    const facts = await loadActorFacts(ctx.tx, ctx.actor, row);
    if (!decidePnp('view', facts, state).ok) continue;
    const active = await findDocumentByStatus(ctx.tx, ctx.orgId, row.id, VersionStatus.Active);
    out.push({
      id: row.id,
      name: row.name,
      status: row.status,
      status_label: pnpStatusLabel(row.status),
      location: locations.get(row.containerId) ?? '',
      current_document_id: active?.id ?? null,
    });
  }
  return out;
}

export async function listLinks(
  ctx: OrgCtx,
  pnpId: number,
): Promise<{ linked_pnps: LinkedPnp[]; reverse_linked_pnps: LinkedPnp[]; can_edit: boolean }> {
  const c = await loadPnpContext(ctx, pnpId);
  const forward = await ctx.tx
    .select({ id: pnpLinks.linkedPnpId })
    .from(pnpLinks)
    .where(and(eq(pnpLinks.orgId, ctx.orgId), eq(pnpLinks.pnpId, pnpId)));
  const reverse = await ctx.tx
    .select({ id: pnpLinks.pnpId })
    .from(pnpLinks)
    .where(and(eq(pnpLinks.orgId, ctx.orgId), eq(pnpLinks.linkedPnpId, pnpId)));
  return {
    linked_pnps: await visibleLinked(
      ctx,
      forward.map((r) => r.id),
    ),
    reverse_linked_pnps: await visibleLinked(
      ctx,
      reverse.map((r) => r.id),
    ),
    can_edit: canEditRelated(c),
  };
}

/** Replaces the P&Ps this one links to; only P&Ps the caller may see can be linked. */
export async function setLinks(ctx: OrgCtx, pnpId: number, ids: number[]): Promise<void> {
  const c = await loadPnpContext(ctx, pnpId, { lock: true });
  allowPnp(c, 'edit_related');
  const wanted = [...new Set(ids)];
  if (wanted.includes(pnpId)) throw unprocessable('A P&P cannot be linked to itself.');
  const visible = await visibleLinked(ctx, wanted);
  if (visible.length !== wanted.length)
    throw unprocessable('Some of the chosen P&Ps do not exist or are not visible to you.');
  const current = await ctx.tx
    .select({ id: pnpLinks.linkedPnpId })
    .from(pnpLinks)
    .where(and(eq(pnpLinks.orgId, ctx.orgId), eq(pnpLinks.pnpId, pnpId)));
  const currentIds = current.map((r) => r.id);
  // Links to P&Ps the caller cannot see are not theirs to remove: they were never shown.
  const seen = (await visibleLinked(ctx, currentIds)).map((p) => p.id);
  const added = wanted.filter((id) => !currentIds.includes(id));
  const removed = seen.filter((id) => !wanted.includes(id));
  if (removed.length) {
    await ctx.tx
      .delete(pnpLinks)
      .where(and(eq(pnpLinks.orgId, ctx.orgId), eq(pnpLinks.pnpId, pnpId), inArray(pnpLinks.linkedPnpId, removed)));
  }
  if (added.length) {
    await ctx.tx.insert(pnpLinks).values(
      added.map((linkedPnpId) => ({
        orgId: ctx.orgId,
        pnpId,
        linkedPnpId,
        createdBy: ctx.actor.userId,
        createdAt: ctx.now,
      })),
    );
  }
  if (added.length || removed.length) {
    // By id, names resolved per reader: the list may hold P&Ps the editor, or a later reader of
    // the change log, may not see (see change-logs/linked-pnps.ts).
    const after = [...currentIds.filter((id) => !removed.includes(id)), ...added];
    const refs = await ctx.tx
      .select({ id: pnps.id, name: pnps.name })
      .from(pnps)
      .where(and(eq(pnps.orgId, ctx.orgId), inArray(pnps.id, [...new Set([...currentIds, ...after])])))
      .orderBy(asc(pnps.name), asc(pnps.id));
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: 'Pnp',
      objectId: c.pnp.id,
      objectName: c.pnp.name,
      actionName: LINKED_PNPS_ACTION,
      deltas: linkedPnpsDeltas({
        before: refs.filter((ref) => currentIds.includes(ref.id)),
        after: refs.filter((ref) => after.includes(ref.id)),
      }),
    });
  }
}
