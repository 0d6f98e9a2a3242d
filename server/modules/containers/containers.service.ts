import { and, eq, sql } from 'drizzle-orm';
import type {
  ContainerLevels,
  ContainerListQuery,
  ContainerSummary,
  ContainerTree,
  ContainerTreeItem,
  CreateContainerBody,
  PnpContainerPath,
} from '../../../shared/api/containers';
import { CONCURRENT_CHANGE_MESSAGE, CONFIRMATION_REQUIRED } from '../../../shared/api/containers';
import type { ChangeLogList } from '../../../shared/api/change-logs';
import { RECENT_WINDOW_DAYS } from '../../../shared/domain/limits';
import { namesWithMore } from '../../../shared/domain/names-listed';
import { ItemType } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { containers } from '../../db/schema/index';
import { conflict, customError, forbidden, notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { utcDate } from '../../platform/clock';
import { listUserRolesOnContainer } from '../access/effective-access';
import { insertChangeLog, listChangeLogs } from '../change-logs/change-logs.repo';
import { canBypassTreeFilter, canCreateContainer, canManageNode, canRestructure } from './containers.policy';
import { inLevelOrder, inTreeOrder, presentLevelRow, presentTreeRow, presentWrittenNode } from './containers.presenter';
import {
  countChildren,
  findContainer,
  findPnp,
  listAncestorPath,
  listUnownedInSubtree,
  lockTree,
  ownsContainer,
  renumberChildren,
  subtreeCte,
  summarizeSubtree,
  type ContainerRow,
} from './containers.repo';
import {
  canSeePnp,
  containerKindName,
  containerObjectType,
  destinationOf,
  pathName,
  requireUniqueSiblingName,
  plural,
} from './containers.shared';
import { listLevelRows } from './tree-levels.repo';
import { listTreeRows } from './tree.repo';

const DAY_MS = 86_400_000;

/** GET containers: the tree the caller may see, or (admins, bypass_val) the whole tree. */
export async function listContainerTree(ctx: OrgCtx, bypass: boolean): Promise<ContainerTree> {
  if (bypass && !canBypassTreeFilter(ctx.actor)) {
    throw forbidden('Only organization administrators can see the whole tree (bypass_val).');
  }
  const rows = await listTreeRows(ctx.tx, {
    orgId: ctx.orgId,
    userId: ctx.actor.userId,
    whole: bypass,
    now: ctx.now,
    windowStart: new Date(ctx.now.getTime() - RECENT_WINDOW_DAYS * DAY_MS),
  });
  return { items: inTreeOrder(rows).map(presentTreeRow), abilities: { create_binder: ctx.actor.isAdmin } };
}

/**
 * GET containers?depth=N: part of the tree the caller may see (bypass_val: of the whole tree), for a
 * screen that opens nodes on demand. A parent_id or open_to the caller may not see is a 404.
 */
export async function listContainerLevels(
  ctx: OrgCtx,
  query: ContainerListQuery & { depth: number },
): Promise<ContainerLevels> {
  const bypass = query.bypass_val === true;
  if (bypass && !canBypassTreeFilter(ctx.actor)) {
    throw forbidden('Only organization administrators can see the whole tree (bypass_val).');
  }
  const chain = query.open_to === undefined ? [] : await listAncestorPath(ctx.tx, ctx.orgId, query.open_to);
  if (query.open_to !== undefined && chain.length === 0) throw notFound('The binder or folder');
  const parents = [query.parent_id ?? null, ...chain.map((c) => c.id)];
  const mustSee = [...(query.parent_id === undefined ? [] : [query.parent_id]), ...chain.map((c) => c.id)];
  const answer = await listLevelRows(ctx.tx, {
    orgId: ctx.orgId,
    userId: ctx.actor.userId,
    whole: bypass,
    parents,
    depth: query.depth,
    mustSee,
    today: utcDate(ctx.now),
  });
  if (!answer.allSeen) throw notFound('The binder or folder');
  return {
    items: inLevelOrder(answer.rows, parents).map(presentLevelRow),
    abilities: { create_binder: ctx.actor.isAdmin },
  };
}

/** Loads a container of this org or answers 404. */
export async function getContainer(ctx: OrgCtx, id: number): Promise<ContainerRow> {
  const row = await findContainer(ctx.tx, ctx.orgId, id);
  if (!row) throw notFound('The binder or folder');
  return row;
}

/**
 * Loads a container the actor may see (admins: all; others: those they hold a role on, directly or
 * inherited), else the same 404 as an id that does not exist: a stranger learns nothing, not even
 * that it exists or its name.
 */
export async function getVisibleContainer(ctx: OrgCtx, id: number): Promise<ContainerRow> {
  const node = await getContainer(ctx, id);
  if (ctx.actor.isAdmin) return node;
  const roles = await listUserRolesOnContainer(ctx.tx, ctx.orgId, ctx.actor.userId, node.id);
  if (roles.length === 0) throw notFound('The binder or folder');
  return node;
}

/** Refuses unless the actor may manage this one node (rename, participants, summary, change logs). */
export async function requireManageNode(ctx: OrgCtx, node: ContainerRow): Promise<void> {
  if (ctx.actor.isAdmin) return;
  if (!canManageNode(ctx.actor, await ownsContainer(ctx.tx, ctx.orgId, ctx.actor.userId, node.id))) {
    throw forbidden(`You can manage only binders and folders you own; you are not an owner of ${node.name}.`);
  }
}

/**
 * Why an owner may not restructure a subtree: the binders and folders in it they see but do not
 * own, by name, and how many they may not see (never named).
 */
function notOwnedMessage(name: string, unowned: { seen: string[]; seenTotal: number; hidden: number }): string {
  const hidden = unowned.hidden > 0 ? `${plural(unowned.hidden, 'folder')} you cannot see` : '';
  if (unowned.seenTotal === 0) return `You are not an owner of everything in ${name}: it holds ${hidden}.`;
  const seen = namesWithMore(unowned.seen, unowned.seenTotal);
  return `You are not an owner of everything in ${name}: ${seen}${hidden ? `; it also holds ${hidden}` : ''}.`;
}

/** Refuses unless the actor may move, copy or delete the whole subtree (into `destination`). */
export async function requireRestructure(
  ctx: OrgCtx,
  node: ContainerRow,
  destination?: ContainerRow | null,
): Promise<void> {
  if (ctx.actor.isAdmin) return;
  const unowned = await listUnownedInSubtree(ctx.tx, ctx.orgId, ctx.actor.userId, node.id);
  const dest =
    destination === undefined
      ? undefined
      : destination === null
        ? null
        : { owned: await ownsContainer(ctx.tx, ctx.orgId, ctx.actor.userId, destination.id) };
  const ownsWholeSubtree = unowned.seenTotal === 0 && unowned.hidden === 0;
  if (canRestructure(ctx.actor, { ownsWholeSubtree, destination: dest })) return;
  if (!ownsWholeSubtree) throw forbidden(notOwnedMessage(node.name, unowned));
  if (dest === null) throw forbidden('Only organization administrators can place binders at the top level.');
  throw forbidden(
    `You can place items only inside binders and folders you own; you are not an owner of ${destination?.name ?? 'it'}.`,
  );
}

/**
 * Refuses unless the actor may delete this binder or folder with everything in it: binders are for
 * org admins alone, and an owner deletes only a subtree they own whole (the refusal names what they
 * see but do not own and only counts what they may not see).
 */
async function requireDelete(ctx: OrgCtx, node: ContainerRow): Promise<void> {
  if (node.type === ItemType.Binder && !ctx.actor.isAdmin)
    throw forbidden('Only organization administrators can delete binders.');
  await requireRestructure(ctx, node);
}

/** POST containers (no copy_of): a new binder or folder. */
export async function createContainer(ctx: OrgCtx, item: CreateContainerBody['item']): Promise<ContainerTreeItem> {
  const itemType = item.item_type ?? ItemType.Folder;
  await lockTree(ctx.tx, ctx.orgId);
  const parentId = item.parent_id ?? null;
  const parent = await destinationOf(ctx, parentId);
  if (itemType === ItemType.Binder && parent)
    throw unprocessable('A binder stays at the top level: leave parent id out.');
  if (itemType === ItemType.Folder && !parent)
    throw unprocessable('A folder needs a parent: give the parent id of its binder or folder.');
  const owned = parent
    ? ctx.actor.isAdmin || (await ownsContainer(ctx.tx, ctx.orgId, ctx.actor.userId, parent.id))
    : false;
  if (!canCreateContainer(ctx.actor, parent ? { owned } : null)) {
    throw forbidden(
      parent
        ? `You can create folders only inside binders and folders you own.`
        : 'Only organization administrators can create binders.',
    );
  }
  await requireUniqueSiblingName(ctx, parentId, item.name ?? '');
  const end = await countChildren(ctx.tx, ctx.orgId, parentId);
  const [row] = await ctx.tx
    .insert(containers)
    .values({
      orgId: ctx.orgId,
      type: itemType,
      parentId,
      name: item.name!,
      description: item.description ?? null,
      position: end,
      createdBy: ctx.actor.userId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  const created = row!;
  if (item.position !== undefined && item.position < end) {
    await renumberChildren(ctx.tx, ctx.orgId, parentId, { kind: 'c', id: created.id, index: item.position });
  }
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: containerObjectType(itemType),
    objectId: created.id,
    objectName: created.name,
    actionName: 'Create',
    deltas: parent ? { changed: { location: [null, await pathName(ctx, parent.id)] } } : {},
  });
  const fresh = (await findContainer(ctx.tx, ctx.orgId, created.id))!;
  return presentWrittenNode({ ...fresh, itemType: itemType }, true);
}

/**
 * GET containers/{id}/summary: what a delete would remove and what blocks it, for the delete's
 * confirmation. Refused as the delete itself would be: the summary counts and names the whole
 * subtree, so it is only for those who may delete it all (who therefore see it all); anyone else
 * would learn the names of P&Ps in folders they may not see.
 */
export async function summarizeContainer(ctx: OrgCtx, id: number): Promise<ContainerSummary> {
  const node = await getVisibleContainer(ctx, id);
  await requireManageNode(ctx, node);
  await requireDelete(ctx, node);
  const summary = await summarizeSubtree(ctx.tx, ctx.orgId, node.id);
  return {
    id: node.id,
    item_type: node.type as 1 | 2,
    name: node.name,
    folders: summary.folders,
    pnps: summary.pnps,
    blocking_pnps: summary.blocking,
    blocking_total: summary.blockingTotal,
  };
}

/**
 * DELETE containers/{id}: a container with its subtree. Never-published (Draft) P&Ps inside go with
 * it; published or retired ones block the delete (they keep their history: move them first). A
 * non-empty container needs confirm=true. Binders are deleted by org admins only.
 */
export async function deleteContainer(
  ctx: OrgCtx,
  id: number,
  options: { confirm: boolean; lockVersion?: number },
): Promise<void> {
  await lockTree(ctx.tx, ctx.orgId);
  const node = await getVisibleContainer(ctx, id);
  if (options.lockVersion !== undefined && options.lockVersion !== node.lockVersion)
    throw conflict(CONCURRENT_CHANGE_MESSAGE);
  const kind = containerKindName(node.type);
  await requireDelete(ctx, node);
  const summary = await summarizeSubtree(ctx.tx, ctx.orgId, node.id);
  if (summary.blocking.length) {
    throw unprocessable(
      `This ${kind} holds published or retired P&Ps, which cannot be deleted: ${namesWithMore(
        summary.blocking.map((p) => p.name),
        summary.blockingTotal,
      )}. Move them to another binder or folder first.`,
    );
  }
  if ((summary.folders > 0 || summary.pnps > 0) && !options.confirm) {
    throw customError(
      422,
      CONFIRMATION_REQUIRED,
      `This ${kind} is not empty: it holds ${plural(summary.folders, 'folder')} and ${plural(summary.pnps, 'P&P')}. Confirm to delete it with everything inside.`,
    );
  }
  const rows = await queryRows<{ k: string; id: number; t: number; name: string }>(
    ctx.tx,
    sql`with recursive ${subtreeCte(ctx.orgId, node.id)}
        select 'c'::text as k, c.id, c.type::int as t, c.name from containers c join sub using (id)
         where c.org_id = ${ctx.orgId} and c.id <> ${node.id}
        union all
        select 'p', p.id, 3, p.name from pnps p join sub on sub.id = p.container_id where p.org_id = ${ctx.orgId}`,
  );
  for (const row of rows) {
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: row.k === 'p' ? 'Pnp' : containerObjectType(row.t),
      objectId: row.id,
      objectName: row.name,
      actionName: 'Delete',
      deltas: { comment: `Deleted with ${kind} ${node.name}` },
    });
  }
  await ctx.tx.execute(
    sql`with recursive ${subtreeCte(ctx.orgId, node.id)}
        delete from pnps p using sub where p.org_id = ${ctx.orgId} and p.container_id = sub.id`,
  );
  await ctx.tx.delete(containers).where(and(eq(containers.orgId, ctx.orgId), eq(containers.id, node.id)));
  await renumberChildren(ctx.tx, ctx.orgId, node.parentId);
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: containerObjectType(node.type),
    objectId: node.id,
    objectName: node.name,
    actionName: 'Delete',
    deltas:
      summary.folders || summary.pnps
        ? { comment: `Deleted with ${plural(summary.folders, 'folder')} and ${plural(summary.pnps, 'P&P')}` }
        : {},
  });
}

/** GET pnps/{pnpId}/containers: the binder-to-folder path of a P&P the caller may see. */
export async function listPnpContainerPath(ctx: OrgCtx, pnpId: number): Promise<PnpContainerPath> {
  const pnp = await findPnp(ctx.tx, ctx.orgId, pnpId);
  if (!pnp) throw notFound('The P&P');
  if (!(await canSeePnp(ctx, pnp))) throw notFound('The P&P');
  return { containers: await listAncestorPath(ctx.tx, ctx.orgId, pnp.containerId) };
}

/** GET containers/{id}/change_logs: what happened to a binder or folder (managers only). */
export async function listContainerChangeLogs(ctx: OrgCtx, id: number): Promise<ChangeLogList> {
  const node = await getVisibleContainer(ctx, id);
  await requireManageNode(ctx, node);
  return listChangeLogs(ctx.tx, ctx.orgId, [{ type: containerObjectType(node.type), ids: [node.id] }]);
}
