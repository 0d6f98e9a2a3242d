import {
  PARTICIPANT_KEYS,
  roleOfParticipantKey,
  type Candidate,
  type CandidateList,
  PARTICIPANTS_CHANGED_MESSAGE,
  type Participants,
  type ResetToParentBody,
  type SetParticipantsBody,
} from '../../../shared/api/access';
import { ObjectRole } from '../../../shared/domain/roles';
import { ItemType } from '../../../shared/domain/statuses';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import {
  listEffectiveParticipants,
  listUserRolesOnContainer,
  listUserRolesOnPnp,
  type Participant as EffectiveParticipant,
} from '../access/effective-access';
import { insertChangeLog, type ChangeLogObjectType } from '../change-logs/change-logs.repo';
import {
  clearOverrides,
  findAccessSource,
  listCandidates,
  listKnownSubjects,
  listOverridesBelow,
  ownsAnything,
  replaceGrants,
  type AccessTarget,
  type NewGrant,
} from './access.repo';
import { accessDeltas, presentParticipants } from './access.presenter';
import { canListCandidates, canManageNode, canReadParticipants, canSetPnpAccess } from './containers.policy';
import { findContainer, findPnp, lockTree, ownsContainer, type ContainerRow, type PnpRow } from './containers.repo';
import { requireRestructure } from './containers.service';
import { canSeePnp, containerObjectType } from './containers.shared';
import { resyncDraftsOf } from './draft-resync';
import { participantsVersion } from './participants-version';
import { PNP_NEEDS_OWNER } from '../pnps/pnp-participants';

/** A node of the access API the actor may see, loaded: a binder/folder or a P&P, with what the actor may do. */
type AccessNode =
  | { kind: 'container'; row: ContainerRow; target: AccessTarget; objectType: ChangeLogObjectType; itemType: 1 | 2 }
  | { kind: 'pnp'; row: PnpRow; target: AccessTarget; objectType: 'Pnp'; itemType: 3 };

/** Whether the actor may read the participants of a binder or folder, from the grants as they are now. */
async function readsContainer(ctx: OrgCtx, row: ContainerRow): Promise<boolean> {
  const hasRole =
    ctx.actor.isAdmin || (await listUserRolesOnContainer(ctx.tx, ctx.orgId, ctx.actor.userId, row.id)).length > 0;
  return canReadParticipants(ctx.actor, hasRole);
}

/** Whether the actor may read the participants of a P&P, from the grants as they are now. */
async function readsPnp(ctx: OrgCtx, row: PnpRow): Promise<boolean> {
  return canReadParticipants(ctx.actor, await canSeePnp(ctx, row));
}

const readsNode = (ctx: OrgCtx, node: AccessNode): Promise<boolean> =>
  node.kind === 'pnp' ? readsPnp(ctx, node.row) : readsContainer(ctx, node.row);

async function loadNode(ctx: OrgCtx, objectType: 1 | 2 | 3, id: number): Promise<AccessNode> {
  if (objectType === ItemType.Pnp) {
    const row = await findPnp(ctx.tx, ctx.orgId, id);
    if (!row || !(await readsPnp(ctx, row))) throw notFound('The P&P');
    return { kind: 'pnp', row, target: { pnpId: row.id }, objectType: 'Pnp', itemType: 3 };
  }
  const row = await findContainer(ctx.tx, ctx.orgId, id);
  const missing = () => notFound(objectType === ItemType.Binder ? 'The binder' : 'The folder');
  if (!row) throw missing();
  // Not visible to the actor: exactly the answer for an id that does not exist.
  if (!(await readsContainer(ctx, row))) throw missing();
  if (row.type !== objectType) {
    throw unprocessable(
      `Object type ${objectType} does not match: ${row.name} is a ${row.type === 1 ? 'binder (1)' : 'folder (2)'}.`,
    );
  }
  return {
    kind: 'container',
    row,
    target: { containerId: row.id },
    objectType: containerObjectType(row.type),
    itemType: row.type,
  };
}

async function canEdit(ctx: OrgCtx, node: AccessNode): Promise<boolean> {
  if (ctx.actor.isAdmin) return true;
  if (node.kind === 'container')
    return canManageNode(ctx.actor, await ownsContainer(ctx.tx, ctx.orgId, ctx.actor.userId, node.row.id));
  const pnpRoles = await listUserRolesOnPnp(ctx.tx, ctx.orgId, ctx.actor.userId, node.row.id);
  return canSetPnpAccess(ctx.actor, {
    ownsContainer: await ownsContainer(ctx.tx, ctx.orgId, ctx.actor.userId, node.row.containerId),
    ownsPnp: pnpRoles.some((r) => r.role === ObjectRole.Owner),
  });
}

async function requireEdit(ctx: OrgCtx, node: AccessNode): Promise<void> {
  if (!(await canEdit(ctx, node))) {
    throw forbidden(
      node.kind === 'container'
        ? `You can set participants only on binders and folders you own; you are not an owner of ${node.row.name}.`
        : 'Only organization administrators, binder owners and owners of this P&P can set its participants.',
    );
  }
}

/** A node's effective participants as they are now, where they come from, and their version. */
interface ParticipantsNow {
  rows: EffectiveParticipant[];
  source: { id: number; type: number; name: string } | null;
  version: string;
}

async function readParticipants(ctx: OrgCtx, node: AccessNode): Promise<ParticipantsNow> {
  const rows = await listEffectiveParticipants(ctx.tx, ctx.orgId, node.target);
  const inherits = node.row.inheritsAccess;
  const source = inherits ? await findAccessSource(ctx.tx, ctx.orgId, node.target) : null;
  const version = participantsVersion({
    objectType: node.itemType,
    objectId: node.row.id,
    inheritsAccess: inherits,
    sourceId: source?.id ?? null,
    rows,
  });
  return { rows, source, version };
}

/**
 * A change is made from the participants the caller read: if they changed since (another editor, an
 * ancestor the node inherits from, a bulk reassignment), saving would silently undo that change.
 */
function requireUnchangedSince(now: ParticipantsNow, seenVersion: string): void {
  if (now.version !== seenVersion) throw conflict(PARTICIPANTS_CHANGED_MESSAGE);
}

async function describe(ctx: OrgCtx, node: AccessNode): Promise<Participants> {
  const inherits = node.row.inheritsAccess;
  const { rows, source, version } = await readParticipants(ctx, node);
  return {
    object_type: node.itemType,
    object_id: node.row.id,
    name: node.row.name,
    inherits_access: inherits,
    inherited_from: source ? { object_type: source.type as 1 | 2, object_id: source.id, name: source.name } : null,
    has_parent: node.kind === 'pnp' || node.row.parentId !== null,
    participants: presentParticipants(rows, source ? (source.type as 1 | 2) : node.itemType),
    participants_version: version,
    abilities: { edit: await canEdit(ctx, node) },
  };
}

/** GET access/fetch_participants: a node's effective participants and where they come from. */
export async function fetchParticipants(ctx: OrgCtx, objectType: 1 | 2 | 3, id: number): Promise<Participants> {
  // loadNode answers 404 for a node the actor may not see.
  return describe(ctx, await loadNode(ctx, objectType, id));
}

/** The grants a body asks for, deduplicated, with unknown users or groups refused by name of id. */
async function grantsOf(ctx: OrgCtx, body: SetParticipantsBody): Promise<NewGrant[]> {
  const seen = new Set<string>();
  const grants: NewGrant[] = [];
  for (const key of PARTICIPANT_KEYS) {
    const { role, approvalStep } = roleOfParticipantKey(key);
    for (const subject of body.participants[key] ?? []) {
      const id = `${subject.type}:${subject.id}:${role}:${approvalStep ?? 0}`;
      if (seen.has(id)) continue;
      seen.add(id);
      grants.push({
        userId: subject.type === 'User' ? subject.id : null,
        groupId: subject.type === 'Group' ? subject.id : null,
        role,
        approvalStep,
      });
    }
  }
  const userIds = [...new Set(grants.flatMap((g) => (g.userId ? [g.userId] : [])))];
  const groupIds = [...new Set(grants.flatMap((g) => (g.groupId ? [g.groupId] : [])))];
  const known = await listKnownSubjects(ctx.tx, ctx.orgId, userIds, groupIds);
  const missingUsers = userIds.filter((id) => !known.users.has(id));
  const missingGroups = groupIds.filter((id) => !known.groups.has(id));
  const errors = [
    ...(missingUsers.length ? [`These users were not found in this organization: ${missingUsers.join(', ')}.`] : []),
    ...(missingGroups.length ? [`These groups were not found in this organization: ${missingGroups.join(', ')}.`] : []),
  ];
  if (errors.length) throw unprocessable(...errors);
  return grants;
}

/** PUT access/{id}: the node's own participants; it overrides its parent from now on. */
export async function setParticipants(ctx: OrgCtx, id: number, body: SetParticipantsBody): Promise<Participants> {
  await lockTree(ctx.tx, ctx.orgId);
  const node = await loadNode(ctx, body.object_type, id);
  await requireEdit(ctx, node);
  const now = await readParticipants(ctx, node);
  requireUnchangedSince(now, body.participants_version);
  const grants = await grantsOf(ctx, body);
  // The P&P settings form's rule (pnp-participants.ts): a binder or folder may have no Owner of its
  // own (its admins and the binders above manage it), a P&P with its own participants may not.
  if (node.kind === 'pnp' && !grants.some((g) => g.role === ObjectRole.Owner)) throw unprocessable(PNP_NEEDS_OWNER);
  const before = now.rows;
  await replaceGrants(ctx.tx, ctx.orgId, node.target, grants, ctx.now);
  await resyncDraftsOf(ctx, node.target);
  const after = await listEffectiveParticipants(ctx.tx, ctx.orgId, node.target);
  const deltas = accessDeltas(before, after);
  if (node.row.inheritsAccess) deltas.comment = 'Now has its own participants instead of inheriting them';
  if (Object.keys(deltas).length) {
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: node.objectType,
      objectId: node.row.id,
      objectName: node.row.name,
      actionName: 'Update Access',
      deltas,
    });
  }
  return describe(ctx, { ...node, row: { ...node.row, inheritsAccess: false } } as AccessNode);
}

/** POST access/{id}/reset_to_parent: drop the node's overrides (and, with subtree, those below it). */
export async function resetToParent(ctx: OrgCtx, id: number, body: ResetToParentBody): Promise<Participants> {
  await lockTree(ctx.tx, ctx.orgId);
  const node = await loadNode(ctx, body.object_type, id);
  if (node.kind === 'container' && node.row.parentId === null) {
    throw unprocessable('A binder has no parent to inherit from: remove its participants instead.');
  }
  if (body.subtree && node.kind === 'container') await requireRestructure(ctx, node.row);
  else await requireEdit(ctx, node);
  const now = await readParticipants(ctx, node);
  requireUnchangedSince(now, body.participants_version);

  const below =
    body.subtree && node.kind === 'container' ? await listOverridesBelow(ctx.tx, ctx.orgId, node.row.id) : [];
  const belowBefore = [];
  for (const b of below) {
    const target: AccessTarget = b.kind === 'c' ? { containerId: b.id } : { pnpId: b.id };
    belowBefore.push({ b, target, before: await listEffectiveParticipants(ctx.tx, ctx.orgId, target) });
  }
  const before = now.rows;
  await clearOverrides(ctx.tx, ctx.orgId, node.target);
  for (const { target } of belowBefore) await clearOverrides(ctx.tx, ctx.orgId, target);
  const reset = { ...node, row: { ...node.row, inheritsAccess: true } } as AccessNode;
  // Refused (the transaction rolls back) before anything else runs: see requireStillManages.
  await requireStillManages(ctx, reset);
  // The node's subtree holds every override just cleared, so one resync covers them all.
  await resyncDraftsOf(ctx, node.target);

  const log = async (
    objectType: ChangeLogObjectType,
    objectId: number,
    name: string,
    target: AccessTarget,
    prior: typeof before,
  ) => {
    const deltas = accessDeltas(prior, await listEffectiveParticipants(ctx.tx, ctx.orgId, target));
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType,
      objectId,
      objectName: name,
      actionName: 'Reset To Parent',
      deltas: { ...deltas, comment: 'Participants inherited from the parent again' },
    });
  };
  if (!node.row.inheritsAccess) await log(node.objectType, node.row.id, node.row.name, node.target, before);
  for (const { b, target, before: prior } of belowBefore) {
    await log(b.kind === 'p' ? 'Pnp' : containerObjectType(b.type), b.id, b.name, target, prior);
  }
  return describe(ctx, reset);
}

/**
 * After a reset, the node's participants are its parent's, which a binder or folder owner may have no
 * role in (a folder of their own in someone else's binder). Such a reset would take the node away
 * from the caller with no way back, and its answer would show them the parent's participants (names
 * and e-mails) they may not read. So a caller who could no longer manage and read the node is
 * refused, and the owners of the parent or an admin are named as those who may do it.
 */
async function requireStillManages(ctx: OrgCtx, reset: AccessNode): Promise<void> {
  if (ctx.actor.isAdmin) return;
  if ((await canEdit(ctx, reset)) && (await readsNode(ctx, reset))) return;
  const kind = reset.kind === 'pnp' ? 'P&P' : 'folder';
  throw unprocessable(
    `Reset to Parent would leave you without ownership of ${kind} ${reset.row.name}: the participants it would inherit from its parent do not make you an Owner, so you could no longer manage it. Ask an owner of the binder or folder above it, or an organization administrator, to reset it.`,
  );
}

/** GET access/candidates: users and groups to pick participants from. */
export async function listAccessCandidates(
  ctx: OrgCtx,
  q: string | undefined,
  limit: number,
  type?: Candidate['type'],
): Promise<CandidateList> {
  const allowed =
    ctx.actor.isAdmin || ctx.actor.isPolicyOwner || (await ownsAnything(ctx.tx, ctx.orgId, ctx.actor.userId));
  if (!canListCandidates(ctx.actor, allowed)) {
    throw forbidden('Only organization administrators and owners can choose participants.');
  }
  return { candidates: await listCandidates(ctx.tx, ctx.orgId, q?.trim() || undefined, limit, type) };
}
