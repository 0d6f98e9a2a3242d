import { treeNodeKey, type ContainerNodeItem } from '../../../../shared/api/containers';

/**
 * A node as the screen knows it: from an on-demand answer (with has_children) or from the whole
 * tree (with the folder views' flags), whichever the screen asked for.
 */
export type ManageItem = Omit<ContainerNodeItem, 'has_children'> & {
  readonly has_children?: boolean;
  readonly favorite?: boolean;
  readonly recently_viewed?: boolean;
  readonly recently_published?: boolean;
};

/** A row of the manage tree: binders and folders always have children (possibly none yet); P&Ps never. */
export interface ManageNode {
  readonly id: string;
  readonly name: string;
  readonly item: ManageItem;
  readonly children?: ManageNode[];
}

/** Spec §2 folder views: All Files, Recently Viewed, Recently Published, Favorites. */
export const FOLDER_VIEWS = [
  { value: 'all', label: 'All Files' },
  { value: 'recently_viewed', label: 'Recently Viewed' },
  { value: 'recently_published', label: 'Recently Published' },
  { value: 'favorites', label: 'Favorites' },
] as const;
export type FolderView = (typeof FOLDER_VIEWS)[number]['value'];

const VIEW_TEST: Record<Exclude<FolderView, 'all'>, (item: ManageItem) => boolean> = {
  recently_viewed: (item) => item.recently_viewed === true,
  recently_published: (item) => item.recently_published === true,
  favorites: (item) => item.favorite === true,
};

/**
 * The nested tree of flat lists GET containers answers (siblings in position order): the whole tree,
 * or the parts opened so far, in any order of parts (a node is placed once, where it first comes; one
 * whose parent is not loaded is left out). A folder view other than All Files keeps only the P&Ps it
 * names and the binders and folders that lead to them. O(n).
 */
export function buildTree(items: readonly ManageItem[], view: FolderView = 'all'): ManageNode[] {
  const keep = view === 'all' ? null : VIEW_TEST[view];
  const roots: ManageNode[] = [];
  const byKey = new Map<string, { node: ManageNode; parent: ManageNode | null; kept: boolean }>();
  const placed: ManageNode[] = [];
  for (const item of items) {
    const key = treeNodeKey(item.item_type, item.id);
    if (byKey.has(key)) continue;
    const node: ManageNode =
      item.item_type === 3 ? { id: key, name: item.name, item } : { id: key, name: item.name, item, children: [] };
    byKey.set(key, { node, parent: null, kept: keep === null });
    placed.push(node);
  }
  for (const node of placed) {
    const parentId = node.item.parent_id;
    if (parentId === null) {
      roots.push(node);
      continue;
    }
    const parent = byKey.get(treeNodeKey(2, parentId))?.node;
    if (!parent) continue;
    byKey.get(node.id)!.parent = parent;
    parent.children!.push(node);
  }
  if (keep === null) return roots;
  // Mark the matching P&Ps and every container above them, then prune the rest.
  for (const entry of byKey.values()) {
    if (entry.node.item.item_type !== 3 || !keep(entry.node.item)) continue;
    let cursor: typeof entry | undefined = entry;
    while (cursor && !cursor.kept) {
      cursor.kept = true;
      cursor = cursor.parent ? byKey.get(cursor.parent.id) : undefined;
    }
  }
  const prune = (nodes: ManageNode[]): ManageNode[] =>
    nodes.filter((n) => byKey.get(n.id)!.kept).map((n) => (n.children ? { ...n, children: prune(n.children) } : n));
  return prune(roots);
}

/** Every node of a tree, depth first. */
export function* walk(nodes: readonly ManageNode[]): Generator<ManageNode> {
  const stack = [...nodes].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    yield node;
    if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

/** The node with this key, or null. */
export function findNode(nodes: readonly ManageNode[], id: string): ManageNode | null {
  for (const node of walk(nodes)) if (node.id === id) return node;
  return null;
}

/** The keys of the binders and folders above a node (top down), or [] when it is not in the tree. */
export function ancestorsOf(nodes: readonly ManageNode[], id: string): string[] {
  const path: string[] = [];
  const visit = (list: readonly ManageNode[]): boolean => {
    for (const node of list) {
      if (node.id === id) return true;
      if (node.children) {
        path.push(node.id);
        if (visit(node.children)) return true;
        path.pop();
      }
    }
    return false;
  };
  return visit(nodes) ? path : [];
}

/** Spec §2: a tree filter is a case-insensitive contains match on the display name. */
export const matchesFilter = (name: string, term: string): boolean =>
  name.toLowerCase().includes(term.trim().toLowerCase());
