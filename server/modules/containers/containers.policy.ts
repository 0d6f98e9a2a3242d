import { ItemType } from '../../../shared/domain/statuses';

/**
 * Who may change the tree (product rules, permission matrix: "Create, move, copy, delete
 * containers; set access; reset_to_parent: OA; BO inside their own subtree"). Pure functions of
 * facts the service loads; default deny.
 */

export interface ActorFlags {
  isAdmin: boolean;
}

/** A destination: null is the top level (binders only). */
export type Destination = { owned: boolean } | null;

/** Create a binder (top level: admins only) or a folder inside a container the actor owns. */
export const canCreateContainer = (actor: ActorFlags, parent: Destination): boolean =>
  actor.isAdmin || (parent !== null && parent.owned);

/** Rename, set participants of, or reset one node: admins, or an effective Owner of it. */
export const canManageNode = (actor: ActorFlags, ownsNode: boolean): boolean => actor.isAdmin || ownsNode;

/**
 * Move, copy or delete a subtree: admins, or someone who owns every container in it (a folder
 * that overrides its access without them is not "their own subtree") and the destination.
 */
export const canRestructure = (
  actor: ActorFlags,
  facts: { ownsWholeSubtree: boolean; destination?: Destination },
): boolean => {
  if (actor.isAdmin) return true;
  if (!facts.ownsWholeSubtree) return false;
  if (facts.destination === undefined) return true;
  return facts.destination !== null && facts.destination.owned;
};

/** Participants of a P&P (product rules: "Edit P&P settings, dates, participants: OA, BO, Owner"). */
export const canSetPnpAccess = (actor: ActorFlags, facts: { ownsContainer: boolean; ownsPnp: boolean }): boolean =>
  actor.isAdmin || facts.ownsContainer || facts.ownsPnp;

/** The whole tree, bypassing the permission filter (bypass_val=true): admins only. */
export const canBypassTreeFilter = (actor: ActorFlags): boolean => actor.isAdmin;

/** See who participates in a node: admins, or anyone holding a role on it. */
export const canReadParticipants = (actor: ActorFlags, hasRole: boolean): boolean => actor.isAdmin || hasRole;

/** Pick users and groups: admins, and whoever owns something they could share. */
export const canListCandidates = (actor: ActorFlags, ownsAnything: boolean): boolean => actor.isAdmin || ownsAnything;

export interface PlacementInput {
  itemType: ItemType;
  /** The destination container, or null for the top level. */
  destination: { id: number; type: number } | null;
}

/** Binders live at the top level; folders and P&Ps inside a binder or folder. */
export function placementProblems({ itemType, destination }: PlacementInput): string[] {
  if (itemType === ItemType.Binder && destination !== null) {
    return ['A binder stays at the top level: it cannot be placed inside a binder or folder.'];
  }
  if (itemType === ItemType.Folder && destination === null)
    return ['A folder must be inside a binder or another folder.'];
  if (itemType === ItemType.Pnp && destination === null) return ['A P&P must be inside a binder or folder.'];
  return [];
}

export interface MoveInput extends PlacementInput {
  nodeId: number;
  /** The destination is the node itself or lies below it. */
  destinationInSubtree: boolean;
  sameParent: boolean;
  currentIndex: number;
  targetIndex: number;
}

/** The invalid moves of spec §2: onto itself, into its own descendant, to the same position. */
export function moveProblems(input: MoveInput): string[] {
  if (input.itemType !== ItemType.Pnp && input.destination !== null && input.destination.id === input.nodeId) {
    return ['A binder or folder cannot be moved into itself.'];
  }
  if (input.itemType !== ItemType.Pnp && input.destinationInSubtree) {
    return ['A binder or folder cannot be moved into one of its own folders.'];
  }
  const placement = placementProblems(input);
  if (placement.length) return placement;
  if (input.sameParent && input.currentIndex === input.targetIndex) return ['The item is already in this position.'];
  return [];
}
