import type { ContainerNodeItem, ContainerTreeItem } from '../../../shared/api/containers';
import type { LevelRow } from './tree-levels.repo';
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

/** One node of an on-demand answer: only what the manage tree shows. */
export function presentLevelRow(row: LevelRow): ContainerNodeItem {
  return {
    id: row.id,
    item_type: row.item_type as 1 | 2 | 3,
    parent_id: row.parent_id,
    name: row.name,
    description: row.description,
    lock_version: row.lock_version,
    inherits_access: row.inherits_access,
    status: row.status,
    has_role: row.has_role,
    has_children: row.has_children,
    abilities: { manage: row.manage },
  };
}

/**
 * Rows below several parents (sorted by position) in tree order: the subtree of each parent in
 * turn, pre-order, each row once. The parents come top down, so a parent is always sent before
 * its children.
 */
export function inLevelOrder<R extends { kind: 'c' | 'p'; id: number; parent_id: number | null }>(
  rows: readonly R[],
  parents: ReadonlyArray<number | null>,
): R[] {
  const children = new Map<number | null, R[]>();
  for (const row of rows) {
    const list = children.get(row.parent_id);
    if (list) list.push(row);
    else children.set(row.parent_id, [row]);
  }
  const ordered: R[] = [];
  const seen = new Set<string>();
  for (const parent of parents) {
    const stack: R[] = [...(children.get(parent) ?? [])].reverse();
    while (stack.length) {
      const row = stack.pop()!;
      const key = `${row.kind}${row.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      ordered.push(row);
      if (row.kind === 'c') {
        const below = children.get(row.id);
        if (below) for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]!);
      }
    }
  }
  return ordered;
}
