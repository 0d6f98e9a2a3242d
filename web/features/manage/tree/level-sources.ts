import type { ManageItem } from './build-tree';

/**
 * The on-demand answers a change below `parents` makes stale: each parent's own answer (null: the
 * top levels), which lists its children, and the answer listing the parent itself (whether it has
 * children may have changed). The first answer holds the binders alone, so a binder's children come
 * in its own answer, as a folder's do.
 */
export function levelsListing(
  parents: ReadonlyArray<number | null>,
  locate: (containerId: number) => ManageItem | undefined,
): Set<number | null> {
  const owners = new Set<number | null>();
  for (const parentId of parents) {
    owners.add(parentId);
    if (parentId === null) continue;
    const parent = locate(parentId);
    if (parent) owners.add(parent.parent_id);
  }
  return owners;
}
