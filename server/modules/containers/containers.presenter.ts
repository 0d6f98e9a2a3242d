import type { ContainerTreeItem } from '../../../shared/api/containers';
import type { TreeRow } from './tree.repo';

/** One tree row as the API shows it (abilities tell the web what to offer; the server re-checks). */
export function presentTreeRow(row: TreeRow): ContainerTreeItem {
  return {
    id: row.id,
    item_type: row.item_type as 1 | 2 | 3,
    parent_id: row.parent_id,
    name: row.name,
    description: row.description,
    position: row.position,
    lock_version: row.lock_version,
    inherits_access: row.inherits_access,
    status: row.status,
    published_at: row.published_at,
    favorite: row.favorite,
    recently_viewed: row.recently_viewed,
    recently_published: row.recently_published,
    has_role: row.has_role,
    abilities: { manage: row.manage },
  };
}

/** A container or P&P row just written, for a POST/PUT answer. */
export function presentWrittenNode(
  node: {
    id: number;
    itemType: 1 | 2 | 3;
    parentId: number | null;
    name: string;
    description: string | null;
    position: number;
    lockVersion: number;
    inheritsAccess: boolean;
    status?: number | null;
  },
  manage: boolean,
): ContainerTreeItem {
  return {
    id: node.id,
    item_type: node.itemType,
    parent_id: node.parentId,
    name: node.name,
    description: node.description,
    position: node.position,
    lock_version: node.lockVersion,
    inherits_access: node.inheritsAccess,
    status: node.status ?? null,
    published_at: null,
    favorite: false,
    recently_viewed: false,
    recently_published: false,
    has_role: true,
    abilities: { manage },
  };
}

/**
 * The rows in tree order (pre-order: a binder, then its children in position order, each followed
 * by its own children), from rows already sorted by position. O(n), no recursion limits.
 */
export function inTreeOrder(rows: TreeRow[]): TreeRow[] {
  const children = new Map<number | null, TreeRow[]>();
  for (const row of rows) {
    const parent = row.parent_id;
    const list = children.get(parent);
    if (list) list.push(row);
    else children.set(parent, [row]);
  }
  const ordered: TreeRow[] = [];
  const stack: TreeRow[] = [...(children.get(null) ?? [])].reverse();
  while (stack.length) {
    const row = stack.pop()!;
    ordered.push(row);
    if (row.kind === 'c') {
      const below = children.get(row.id);
      if (below) for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]!);
    }
  }
  return ordered;
}
