import type { ContainerTreeItem, CreateContainerBody } from '../../../shared/api/containers';
import { DraftStage, ItemType, PnpStatus, VersionStatus } from '../../../shared/domain/statuses';
import { accessGrants, containers, pnpDocuments, pnps, storedFiles } from '../../db/schema/index';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { insertChangeLog } from '../change-logs/change-logs.repo';
import { startFirstDraft } from '../pnps/pnps.service';
import { placementProblems } from './containers.policy';
import { presentWrittenNode } from './containers.presenter';
import { countChildren, findPnp, isInSubtree, lockTree, ownsContainer, renumberChildren } from './containers.repo';
import { getContainer, getVisibleContainer, requireRestructure } from './containers.service';
import {
  canSeePnp,
  containerObjectType,
  destinationOf,
  freeCopyName,
  pathName,
  requireUniqueSiblingName,
} from './containers.shared';
import { listGrantsOf, listPnpsToCopy, listSubtreeContainers, type SubtreePnp } from './copy.repo';

type CopyItem = CreateContainerBody['item'] & { copy_of: { item_type: 1 | 2 | 3; id: number } };

/**
 * POST containers with copy_of (ctrl-drag): copies a binder or folder with its whole subtree and
 * overrides, or one P&P, under parent_id. P&Ps are copied as new Draft P&Ps (in Authoring) holding
 * a copy of their current file: the Active version's, else the Draft's (product rules).
 */
export async function copyNode(ctx: OrgCtx, item: CopyItem): Promise<ContainerTreeItem> {
  await lockTree(ctx.tx, ctx.orgId);
  const parentId = item.parent_id ?? null;
  const destination = await destinationOf(ctx, parentId);
  if (item.copy_of.item_type === ItemType.Pnp) return copyOnePnp(ctx, item, destination?.id ?? null);

  const source = await getVisibleContainer(ctx, item.copy_of.id);
  if (source.type !== item.copy_of.item_type) {
    throw unprocessable(
      `Item type ${item.copy_of.item_type} does not match: the source is a ${source.type === 1 ? 'binder (1)' : 'folder (2)'}.`,
    );
  }
  const problems = placementProblems({ itemType: source.type, destination });
  if (problems.length) throw unprocessable(...problems);
  if (destination && (await isInSubtree(ctx.tx, ctx.orgId, source.id, destination.id))) {
    throw unprocessable('A binder or folder cannot be copied into itself or one of its own folders.');
  }
  await requireRestructure(ctx, source, destination);
  // A name the user chose must be free; without one, the copy takes the first free "(copy)" name.
  const copyName = item.name ?? (await freeCopyName(ctx, parentId, source.name));
  await requireUniqueSiblingName(ctx, parentId, copyName);

  const tree = await listSubtreeContainers(ctx.tx, ctx.orgId, source.id);
  const sourcePnps = await listPnpsToCopy(ctx.tx, ctx.orgId, { rootId: source.id });
  const grants = await listGrantsOf(
    ctx.tx,
    ctx.orgId,
    tree.map((c) => c.id),
    sourcePnps.map((p) => p.id),
  );
  const end = await countChildren(ctx.tx, ctx.orgId, parentId);

  // Parents come before children, so every parent's copy exists when its children are written.
  const newIds = new Map<number, number>();
  for (const node of tree) {
    const isRoot = node.id === source.id;
    const [row] = await ctx.tx
      .insert(containers)
      .values({
        orgId: ctx.orgId,
        type: node.type,
        parentId: isRoot ? parentId : newIds.get(node.parent_id!)!,
        name: isRoot ? copyName : node.name,
        description: node.description,
        position: isRoot ? end : node.position,
        inheritsAccess: node.inherits_access,
        createdBy: ctx.actor.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: containers.id });
    newIds.set(node.id, row!.id);
  }
  const copies = new Map<number, PnpCopy>();
  for (const pnp of sourcePnps)
    copies.set(pnp.id, await insertPnpCopy(ctx, pnp, newIds.get(pnp.container_id)!, pnp.position));
  const newPnpIds = new Map([...copies].map(([sourceId, copy]) => [sourceId, copy.pnp.id]));
  await copyGrants(ctx, grants, newIds, newPnpIds);

  const rootId = newIds.get(source.id)!;
  if (item.position !== undefined && item.position < end) {
    await renumberChildren(ctx.tx, ctx.orgId, parentId, { kind: 'c', id: rootId, index: item.position });
  }
  const from = await pathName(ctx, source.id);
  for (const node of tree) {
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: containerObjectType(node.type),
      objectId: newIds.get(node.id)!,
      objectName: node.id === source.id ? copyName : node.name,
      actionName: 'Copy',
      sourceName: node.id === source.id ? from : node.name,
      deltas: { comment: `Copied from ${from}` },
    });
  }
  for (const pnp of sourcePnps) await startCopiedDraft(ctx, pnp, copies.get(pnp.id)!, from);
  const fresh = await getContainer(ctx, rootId);
  return presentWrittenNode({ ...fresh, itemType: fresh.type as 1 | 2 }, true);
}

async function copyOnePnp(ctx: OrgCtx, item: CopyItem, destinationId: number | null): Promise<ContainerTreeItem> {
  const pnp = await findPnp(ctx.tx, ctx.orgId, item.copy_of.id);
  if (!pnp || !(await canSeePnp(ctx, pnp))) throw notFound('The P&P');
  const problems = placementProblems({
    itemType: ItemType.Pnp,
    destination: destinationId === null ? null : { id: destinationId, type: 2 },
  });
  if (problems.length) throw unprocessable(...problems);
  if (!ctx.actor.isAdmin) {
    const ownsSource = await ownsContainer(ctx.tx, ctx.orgId, ctx.actor.userId, pnp.containerId);
    const ownsDestination = await ownsContainer(ctx.tx, ctx.orgId, ctx.actor.userId, destinationId!);
    if (!ownsSource || !ownsDestination) throw forbidden('You can copy P&Ps only between binders and folders you own.');
  }
  const [source] = await listPnpsToCopy(ctx.tx, ctx.orgId, { pnpId: pnp.id });
  const end = await countChildren(ctx.tx, ctx.orgId, destinationId);
  const copy = await insertPnpCopy(ctx, { ...source!, name: item.name ?? source!.name }, destinationId!, end);
  const copyId = copy.pnp.id;
  await copyGrants(ctx, await listGrantsOf(ctx.tx, ctx.orgId, [], [pnp.id]), new Map(), new Map([[pnp.id, copyId]]));
  if (item.position !== undefined && item.position < end) {
    await renumberChildren(ctx.tx, ctx.orgId, destinationId, { kind: 'p', id: copyId, index: item.position });
  }
  await startCopiedDraft(ctx, source!, copy, await pathName(ctx, pnp.containerId));
  const fresh = (await findPnp(ctx.tx, ctx.orgId, copyId))!;
  return presentWrittenNode({ ...fresh, itemType: 3, parentId: fresh.containerId }, true);
}

/** A copied P&P and its first draft, as written: what its workflow starts from once its grants exist. */
interface PnpCopy {
  pnp: { id: number; name: string };
  doc: { id: number; versionNumber: number | null };
  fileName: string | null;
}

/** A new Draft P&P in Authoring with a copy of the source's current file (new bytes, new row). */
async function insertPnpCopy(ctx: OrgCtx, source: SubtreePnp, containerId: number, position: number): Promise<PnpCopy> {
  let fileId: number | null = null;
  let fileName: string | null = null;
  if (source.file_id !== null && source.storage_key) {
    const bytes = await ctx.deps.files.get(source.storage_key);
    const key = await ctx.deps.files.put(bytes, source.extension ?? 'bin');
    const [file] = await ctx.tx
      .insert(storedFiles)
      .values({
        orgId: ctx.orgId,
        storageKey: key,
        originalName: source.original_name ?? 'document',
        mimeType: source.mime_type ?? 'application/octet-stream',
        extension: source.extension ?? 'bin',
        sizeBytes: source.size_bytes ?? bytes.length,
        sha256: source.sha256 ?? '',
        extractedText: source.extracted_text ?? '',
        createdBy: ctx.actor.userId,
        createdAt: ctx.now,
      })
      .returning({ id: storedFiles.id, originalName: storedFiles.originalName });
    fileId = file!.id;
    fileName = file!.originalName;
  }
  const [row] = await ctx.tx
    .insert(pnps)
    .values({
      orgId: ctx.orgId,
      containerId,
      name: source.name,
      description: source.description,
      status: PnpStatus.Draft,
      inheritsAccess: source.inherits_access,
      position,
      templateId: source.template_id,
      createdBy: ctx.actor.userId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: pnps.id, name: pnps.name });
  const [doc] = await ctx.tx
    .insert(pnpDocuments)
    .values({
      orgId: ctx.orgId,
      pnpId: row!.id,
      // A new P&P's first version, numbered as a created one's is: it publishes as version 1 and
      // its revisions count on from there.
      versionNumber: 1,
      status: VersionStatus.Draft,
      draftStage: DraftStage.Authoring,
      fileId,
      createdBy: ctx.actor.userId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: pnpDocuments.id, versionNumber: pnpDocuments.versionNumber });
  return { pnp: row!, doc: doc!, fileName };
}

async function copyGrants(
  ctx: OrgCtx,
  grants: Awaited<ReturnType<typeof listGrantsOf>>,
  containerIds: Map<number, number>,
  pnpIds: Map<number, number>,
): Promise<void> {
  if (grants.length === 0) return;
  await ctx.tx.insert(accessGrants).values(
    grants.map((g) => ({
      orgId: ctx.orgId,
      containerId: g.container_id === null ? null : containerIds.get(g.container_id)!,
      pnpId: g.pnp_id === null ? null : pnpIds.get(g.pnp_id)!,
      userId: g.user_id,
      groupId: g.group_id,
      role: g.role,
      approvalStep: g.approval_step,
      createdAt: ctx.now,
    })),
  );
}

/**
 * The copy's workflow starts as a created P&P's does: Author tasks and the transition into Authoring,
 * whose change-log entry is the copy's own ('Copy', naming its source). Called after its grants
 * (and, in a subtree copy, its containers' grants) are copied, so the tasks reach its participants.
 */
async function startCopiedDraft(ctx: OrgCtx, source: SubtreePnp, copy: PnpCopy, from: string): Promise<void> {
  await startFirstDraft(ctx, copy.pnp, copy.doc, {
    action: 'Copy',
    comment: `Copied from ${from} as a new Draft`,
    fileName: copy.fileName,
    sourceName: source.name,
  });
}
