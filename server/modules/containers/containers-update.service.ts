import { and, eq, sql } from 'drizzle-orm';
import {
  CONCURRENT_CHANGE_MESSAGE,
  type ContainerTreeItem,
  type UpdateContainerBody,
} from '../../../shared/api/containers';
import type { ChangeLogDeltas } from '../../../shared/api/change-logs';
import { ItemType } from '../../../shared/domain/statuses';
import { containers, pnps } from '../../db/schema/index';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { insertChangeLog } from '../change-logs/change-logs.repo';
import { canManageNode, moveProblems } from './containers.policy';
import { presentWrittenNode } from './containers.presenter';
import {
  countChildren,
  findPnp,
  isInSubtree,
  lockTree,
  ownsContainer,
  renumberChildren,
  siblingIndex,
  type ContainerRow,
  type NodeKind,
} from './containers.repo';
import { getContainer, getVisibleContainer, requireManageNode, requireRestructure } from './containers.service';
import { canSeePnp, containerObjectType, destinationOf, pathName, requireUniqueSiblingName } from './containers.shared';
import { resyncDraftsOf } from './draft-resync';

type UpdateItem = UpdateContainerBody['item'];

/** Where a node goes: the same parent unless parent_id is given; the end unless position is given. */
interface Target {
  parentId: number | null;
  sameParent: boolean;
  currentIndex: number;
  targetIndex: number;
}

async function resolveTarget(
  ctx: OrgCtx,
  kind: NodeKind,
  id: number,
  currentParent: number | null,
  item: UpdateItem,
): Promise<Target> {
  const parentId = item.parent_id === undefined ? currentParent : item.parent_id;
  const sameParent = parentId === currentParent;
  const currentIndex = await siblingIndex(ctx.tx, ctx.orgId, currentParent, kind, id);
  // Positions are indexes among the siblings once the node is out of the way; past the end means the end.
  const siblings = (await countChildren(ctx.tx, ctx.orgId, parentId)) - (sameParent ? 1 : 0);
  const targetIndex = Math.min(item.position ?? siblings, siblings);
  return { parentId, sameParent, currentIndex, targetIndex };
}

/**
 * A reorder renumbers every child of the parent, so it is the parent's to manage (product rules:
 * moves are the OA's, or a BO's inside their own subtree): owning the moved node is not enough.
 * The parent may be named: `destinationOf` has answered one the caller may not see as unknown.
 */
async function requireReorderIn(ctx: OrgCtx, parent: ContainerRow | null): Promise<void> {
  if (ctx.actor.isAdmin) return;
  if (!parent) throw forbidden('Only organization administrators can reorder binders.');
  if (!canManageNode(ctx.actor, await ownsContainer(ctx.tx, ctx.orgId, ctx.actor.userId, parent.id))) {
    throw forbidden(`You can reorder only inside binders and folders you own; you are not an owner of ${parent.name}.`);
  }
}

const isMove = (item: UpdateItem): boolean => item.parent_id !== undefined || item.position !== undefined;

/** PUT containers/{id}: rename and/or move a binder or folder, or (item_type 3) move a P&P. */
export async function updateNode(ctx: OrgCtx, id: number, item: UpdateItem): Promise<ContainerTreeItem> {
  await lockTree(ctx.tx, ctx.orgId);
  if (item.item_type === ItemType.Pnp) return movePnp(ctx, id, item);
  // One the actor may not see is answered like an id that does not exist (no name in it).
  const node = await getVisibleContainer(ctx, id);
  if (item.item_type !== undefined && item.item_type !== node.type) {
    throw unprocessable(
      `Item type ${item.item_type} does not match: this is a ${node.type === ItemType.Binder ? 'binder (1)' : 'folder (2)'}.`,
    );
  }
  if (item.lock_version !== node.lockVersion) throw conflict(CONCURRENT_CHANGE_MESSAGE);

  const deltas: ChangeLogDeltas = { changed: {} };
  let target: Target | null = null;
  if (isMove(item)) {
    target = await resolveTarget(ctx, 'c', node.id, node.parentId, item);
    const destination = await destinationOf(ctx, target.parentId);
    const problems = moveProblems({
      itemType: node.type as 1 | 2,
      nodeId: node.id,
      destination: destination && { id: destination.id, type: destination.type },
      destinationInSubtree: destination ? await isInSubtree(ctx.tx, ctx.orgId, node.id, destination.id) : false,
      ...target,
    });
    if (problems.length) throw unprocessable(...problems);
    await requireRestructure(ctx, node, target.sameParent ? undefined : destination);
    if (target.sameParent) await requireReorderIn(ctx, destination);
    if (target.sameParent) deltas.changed!.position = [target.currentIndex + 1, target.targetIndex + 1];
    else deltas.changed!.location = [await locationName(ctx, node.parentId), await locationName(ctx, target.parentId)];
  } else {
    await requireManageNode(ctx, node);
  }
  const rename = item.name !== undefined && item.name !== node.name;
  const parentId = target ? target.parentId : node.parentId;
  if (rename || parentId !== node.parentId)
    await requireUniqueSiblingName(ctx, parentId, item.name ?? node.name, node.id);
  if (rename) deltas.changed!.name = [node.name, item.name];
  if (item.description !== undefined && item.description !== node.description)
    deltas.changed!.description = [node.description, item.description];

  const [updated] = await ctx.tx
    .update(containers)
    .set({
      ...(item.name !== undefined ? { name: item.name } : {}),
      ...(item.description !== undefined ? { description: item.description } : {}),
      ...(target ? { parentId: target.parentId } : {}),
      lockVersion: sql`${containers.lockVersion} + 1`,
      updatedAt: ctx.now,
    })
    .where(
      and(eq(containers.orgId, ctx.orgId), eq(containers.id, node.id), eq(containers.lockVersion, item.lock_version)),
    )
    .returning();
  if (!updated) throw conflict(CONCURRENT_CHANGE_MESSAGE);
  if (target) await place(ctx, 'c', node.id, node.parentId, target);
  // Under a new parent, the P&Ps below inherit other people: their drafts' tasks follow.
  if (target && !target.sameParent) await resyncDraftsOf(ctx, { containerId: node.id });

  const changed = Object.keys(deltas.changed!);
  if (changed.length) {
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: containerObjectType(node.type),
      objectId: node.id,
      objectName: updated.name,
      actionName: target ? 'Move' : rename ? 'Rename' : 'Update',
      deltas,
    });
  }
  const fresh = await getContainer(ctx, node.id);
  return presentWrittenNode({ ...fresh, itemType: fresh.type as 1 | 2 }, true);
}

/** Moves a P&P to another container or position (its own overrides, if any, go with it). */
async function movePnp(ctx: OrgCtx, id: number, item: UpdateItem): Promise<ContainerTreeItem> {
  const pnp = await findPnp(ctx.tx, ctx.orgId, id);
  if (!pnp || !(await canSeePnp(ctx, pnp))) throw notFound('The P&P');
  if (item.name !== undefined || item.description !== undefined) {
    throw unprocessable('A P&P is renamed in its settings, not here: send only parent id and position.');
  }
  if (item.lock_version !== pnp.lockVersion) throw conflict(CONCURRENT_CHANGE_MESSAGE);
  if (!isMove(item)) throw unprocessable('Give a parent id or a position to move the P&P to.');
  const target = await resolveTarget(ctx, 'p', pnp.id, pnp.containerId, item);
  const destination = await destinationOf(ctx, target.parentId);
  const problems = moveProblems({
    itemType: ItemType.Pnp,
    nodeId: pnp.id,
    destination: destination && { id: destination.id, type: destination.type },
    destinationInSubtree: false,
    ...target,
  });
  if (problems.length) throw unprocessable(...problems);
  if (!ctx.actor.isAdmin) {
    const ownsSource = await ownsContainer(ctx.tx, ctx.orgId, ctx.actor.userId, pnp.containerId);
    const ownsDestination = await ownsContainer(ctx.tx, ctx.orgId, ctx.actor.userId, destination!.id);
    if (!canManageNode(ctx.actor, ownsSource && ownsDestination)) {
      throw forbidden('You can move P&Ps only between binders and folders you own.');
    }
  }
  const [updated] = await ctx.tx
    .update(pnps)
    .set({ containerId: destination!.id, lockVersion: sql`${pnps.lockVersion} + 1`, updatedAt: ctx.now })
    .where(and(eq(pnps.orgId, ctx.orgId), eq(pnps.id, pnp.id), eq(pnps.lockVersion, item.lock_version)))
    .returning();
  if (!updated) throw conflict(CONCURRENT_CHANGE_MESSAGE);
  await place(ctx, 'p', pnp.id, pnp.containerId, target);
  if (!target.sameParent) await resyncDraftsOf(ctx, { pnpId: pnp.id });
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'Pnp',
    objectId: pnp.id,
    objectName: pnp.name,
    actionName: 'Move',
    deltas: {
      changed: target.sameParent
        ? { position: [target.currentIndex + 1, target.targetIndex + 1] }
        : { location: [await pathName(ctx, pnp.containerId), await pathName(ctx, destination!.id)] },
    },
  });
  const fresh = (await findPnp(ctx.tx, ctx.orgId, pnp.id))!;
  return presentWrittenNode({ ...fresh, itemType: 3, parentId: fresh.containerId, status: fresh.status }, true);
}

/** Puts a node at its target index and closes the gap it left behind. */
async function place(ctx: OrgCtx, kind: NodeKind, id: number, oldParent: number | null, target: Target): Promise<void> {
  await renumberChildren(ctx.tx, ctx.orgId, target.parentId, { kind, id, index: target.targetIndex });
  if (!target.sameParent) await renumberChildren(ctx.tx, ctx.orgId, oldParent);
}

const locationName = async (ctx: OrgCtx, parentId: number | null): Promise<string> =>
  parentId === null ? '(top level)' : pathName(ctx, parentId);
