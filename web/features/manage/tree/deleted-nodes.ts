import { ancestorsOf, findNode, type ManageNode } from './build-tree';

/** Binders and folders (by container id) and P&Ps (by P&P id) that a delete takes away. */
export interface DeletedNodes {
  readonly containers: ReadonlySet<number>;
  readonly pnps: ReadonlySet<number>;
}

/** The nodes and everything below them. */
export function collectDeleted(nodes: readonly ManageNode[]): DeletedNodes {
  const containers = new Set<number>();
  const pnps = new Set<number>();
  const walk = (node: ManageNode): void => {
    if (node.item.item_type === 3) pnps.add(node.item.id);
    else containers.add(node.item.id);
    node.children?.forEach(walk);
  };
  nodes.forEach(walk);
  return { containers, pnps };
}

/**
 * Whether a manage query key is about a deleted node: participants ['manage', org, 'participants',
 * type, id], change logs ['manage', org, 'change_logs', id], a P&P ['manage', org, 'pnp', id] and a
 * folder's new-P&P choices ['manage', org, 'new_pnp', id] and an opened container's children
 * ['manage', org, 'level', bypass, id] (see manage-keys).
 */
export function mentionsDeleted(key: readonly unknown[], deleted: DeletedNodes): boolean {
  const [, , kind, first, second] = key;
  switch (kind) {
    case 'participants':
      return typeof second === 'number' && (first === 3 ? deleted.pnps : deleted.containers).has(second);
    case 'change_logs':
    case 'new_pnp':
      return typeof first === 'number' && deleted.containers.has(first);
    case 'pnp':
      return typeof first === 'number' && deleted.pnps.has(first);
    case 'level':
      return typeof second === 'number' && deleted.containers.has(second);
    default:
      return false;
  }
}

/** Whether a tree node key ('c12' binder/folder, 'p7' P&P; see treeNodeKey) went with a delete. */
export function isDeleted(nodeKey: string, deleted: DeletedNodes): boolean {
  const id = Number(nodeKey.slice(1));
  return nodeKey.startsWith('p') ? deleted.pnps.has(id) : deleted.containers.has(id);
}

/**
 * Where the keyboard goes once `first` (a deleted node) is gone: the next of its siblings that
 * stays, else the one before it, else the nearest binder or folder above it that stays; null when
 * nothing is left around it.
 */
export function landingAfterDelete(nodes: readonly ManageNode[], first: string, deleted: DeletedNodes): string | null {
  const above = ancestorsOf(nodes, first);
  const parentKey = above.at(-1);
  const siblings = parentKey === undefined ? nodes : (findNode(nodes, parentKey)?.children ?? []);
  const at = siblings.findIndex((n) => n.id === first);
  const stays = (n: ManageNode) => !isDeleted(n.id, deleted);
  const next = siblings.slice(at + 1).find(stays) ?? siblings.slice(0, Math.max(at, 0)).reverse().find(stays);
  if (next) return next.id;
  return [...above].reverse().find((key) => !isDeleted(key, deleted)) ?? null;
}
