import { NAME_MAX_LENGTH } from '../../../shared/domain/limits';
import { ObjectRole } from '../../../shared/domain/roles';
import { isFutureDate } from '../../../shared/domain/review-dates';
import { ItemType, PnpStatus, VersionStatus } from '../../../shared/domain/statuses';
import type { OrgCtx } from '../../http/routes';
import { unprocessable } from '../../http/errors';
import { utcDate } from '../../platform/clock';
import { listUserRolesOnContainer, listUserRolesOnPnp } from '../access/effective-access';
import type { ChangeLogObjectType } from '../change-logs/change-logs.repo';
import { findDocumentByStatus } from '../pnps/pnps.repo';
import {
  findContainer,
  hasSiblingNamed,
  listAncestorPath,
  ownsContainer,
  type ContainerRow,
  type PnpRow,
} from './containers.repo';

/** Helpers the container and access services share. */

export const containerObjectType = (type: number): ChangeLogObjectType =>
  type === ItemType.Binder ? 'Binder' : 'Folder';
export const containerKindName = (type: number): string => (type === ItemType.Binder ? 'binder' : 'folder');
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A destination container of this org, or null for the top level; an unknown id is a clear 422, and
 * so is one the actor holds no role on (admins see all): its existence is not theirs to learn.
 */
export async function destinationOf(ctx: OrgCtx, parentId: number | null): Promise<ContainerRow | null> {
  if (parentId === null) return null;
  const parent = await findContainer(ctx.tx, ctx.orgId, parentId);
  const visible =
    parent !== null &&
    (ctx.actor.isAdmin || (await listUserRolesOnContainer(ctx.tx, ctx.orgId, ctx.actor.userId, parent.id)).length > 0);
  if (!visible) throw unprocessable('The destination binder or folder does not exist in this organization.');
  return parent;
}

/** 'Binder / Folder / Sub-folder': where a container sits, for change logs. */
export async function pathName(ctx: OrgCtx, containerId: number): Promise<string> {
  const path = await listAncestorPath(ctx.tx, ctx.orgId, containerId);
  return path.map((c) => c.name).join(' / ');
}

/**
 * Product rules: published P&Ps for anyone with a role, a scheduled publication (its Active version
 * effective after today) for its readers only from that date, as the library and the P&P's own
 * routes show it (`decidePnp('view')`); drafts and retired ones for working roles; every P&P of a
 * binder or folder for its owners (BO), even one with participants of its own.
 */
export async function canSeePnp(ctx: OrgCtx, pnp: PnpRow): Promise<boolean> {
  if (ctx.actor.isAdmin) return true;
  const roles = await listUserRolesOnPnp(ctx.tx, ctx.orgId, ctx.actor.userId, pnp.id);
  if (roles.length === 0) return ownsContainer(ctx.tx, ctx.orgId, ctx.actor.userId, pnp.containerId);
  if (roles.some((r) => r.role !== ObjectRole.Audience)) return true;
  if (pnp.status !== PnpStatus.Published) return false;
  const active = await findDocumentByStatus(ctx.tx, ctx.orgId, pnp.id, VersionStatus.Active);
  return !isFutureDate(active?.effectiveDt, utcDate(ctx.now));
}

/** Issue 10: no two binders or folders side by side with the same name, ignoring case. */
export const duplicateNameMessage = (name: string): string => `A binder or folder named "${name}" already exists here.`;

/** How many "(copy N)" names are tried before the copy is refused as a duplicate. */
const COPY_NAME_TRIES = 100;

/**
 * The name of a copy the user did not name: the source's own when it is free under the destination
 * (a copy into another binder or folder), else "Name (copy)", "Name (copy 2)", ... as file managers
 * do. A copy beside its source (a binder copied at the top level, ctrl-drag within one folder) was
 * always refused as a duplicate, since no screen asks for a name when dropping.
 */
export async function freeCopyName(ctx: OrgCtx, parentId: number | null, sourceName: string): Promise<string> {
  const base = sourceName.trim();
  if (!(await hasSiblingNamed(ctx.tx, ctx.orgId, parentId, base, null))) return base;
  for (let n = 1; n <= COPY_NAME_TRIES; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = `${base.slice(0, NAME_MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
    if (!(await hasSiblingNamed(ctx.tx, ctx.orgId, parentId, candidate, null))) return candidate;
  }
  throw unprocessable(duplicateNameMessage(base));
}

/** Refuses a name already used by another binder or folder under the same parent (the tree is locked). */
export async function requireUniqueSiblingName(
  ctx: OrgCtx,
  parentId: number | null,
  name: string,
  exceptId: number | null = null,
): Promise<void> {
  if (await hasSiblingNamed(ctx.tx, ctx.orgId, parentId, name.trim(), exceptId)) {
    throw unprocessable(duplicateNameMessage(name.trim()));
  }
}
