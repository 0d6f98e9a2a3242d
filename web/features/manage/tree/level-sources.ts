import type { ManageItem } from './build-tree';

/**
 * Which on-demand answer lists a container's children: the top levels (null) for the top and for a
 * binder (the screen asks for binders with their children), else the container's own answer.
 */
export function childrenListedBy(
  parentId: number | null,
  locate: (containerId: number) => ManageItem | undefined,
): number | null {
  if (parentId === null) return null;
  const parent = locate(parentId);
  return !parent || parent.item_type === 1 ? null : parentId;
}

/**
 * The on-demand answers a change below `parents` makes stale: those listing each parent's children,
 * and those listing the parent itself (whether it has children may have changed).
 */
export function levelsListing(
  parents: ReadonlyArray<number | null>,
  locate: (containerId: number) => ManageItem | undefined,
): Set<number | null> {
  const owners = new Set<number | null>();
  for (const parentId of parents) {
    owners.add(childrenListedBy(parentId, locate));
    if (parentId === null) continue;
    const parent = locate(parentId);
    if (parent) owners.add(childrenListedBy(parent.parent_id, locate));
  }
  return owners;
}
