import type { ManageItem } from './build-tree';

/** What the UI knows about a drop (react-arborist's parentNode/index, plus where the node is now). */
export interface DropInput {
  readonly dragged: ManageItem;
  /** The drop target, or null for the top level. */
  readonly target: ManageItem | null;
  /** react-arborist's index: the gap among the target's current children (the dragged node included). */
  readonly index: number;
  /** Where the dragged node sits now among its siblings. */
  readonly currentIndex: number;
  /** The target is the dragged node or lies below it. */
  readonly targetInSubtree: boolean;
  readonly copy: boolean;
  /** The user may place things at the top level (org admins). */
  readonly canUseTopLevel: boolean;
}

const sameParent = (input: DropInput): boolean =>
  (input.target === null && input.dragged.parent_id === null) ||
  (input.target !== null && input.target.item_type !== 3 && input.dragged.parent_id === input.target.id);

/**
 * The server's position for a drop: the index among the siblings once the node is out of the way
 * (a gap after its own place counts one less when it moves within its parent).
 */
export function positionOf(input: DropInput): number {
  if (!input.copy && sameParent(input) && input.index > input.currentIndex) return input.index - 1;
  return input.index;
}

/** Spec §2's invalid moves and the placement rules, refused before any request; null when fine. */
export function dropProblem(input: DropInput): string | null {
  const { dragged, target } = input;
  const isContainer = dragged.item_type !== 3;
  if (isContainer && target && target.id === dragged.id && target.item_type !== 3)
    return 'A binder or folder cannot be moved into itself.';
  if (isContainer && input.targetInSubtree) return 'A binder or folder cannot be moved into one of its own folders.';
  if (dragged.item_type === 1 && target !== null)
    return 'A binder stays at the top level: it cannot be placed inside a binder or folder.';
  if (dragged.item_type !== 1 && target === null)
    return dragged.item_type === 2
      ? 'A folder must be inside a binder or another folder.'
      : 'A P&P must be inside a binder or folder.';
  if (target === null && !input.canUseTopLevel) return 'Only organization administrators can arrange binders.';
  if (target !== null && !target.abilities.manage) return `You are not an owner of ${target.name}.`;
  if (!input.copy && sameParent(input) && positionOf(input) === input.currentIndex)
    return 'The item is already in this position.';
  return null;
}
