import { useEffect, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { TreeApi } from 'react-arborist';
import { treeNodeKey } from '../../../../shared/api/containers';
import { findNode, type ManageNode } from '../tree/build-tree';

interface RevealInput {
  readonly nodes: ManageNode[];
  readonly treeRef: RefObject<TreeApi<ManageNode> | null>;
  /** The screen's selected node (its details panel). */
  readonly setActiveId: Dispatch<SetStateAction<string | null>>;
  /** The binders and folders whose children the screen loads. */
  readonly setOpened: Dispatch<SetStateAction<ReadonlySet<number>>>;
}

/**
 * After a binder or folder is created, or a node moved or copied, the user sees it: its parent opens
 * (binders start closed, and a closed binder hid the folder just made in it), with the binder and
 * folders above it (`above`, top down: a destination chosen by name may sit in a closed binder), and
 * once the node is loaded it is selected, scrolled into view and given the keyboard, its details
 * beside the tree. Returns `reveal(parentId, itemType, id, above?)`, called when the write succeeded.
 */
export function useRevealCreated({ nodes, treeRef, setActiveId, setOpened }: RevealInput) {
  // The new node's key until it is in the tree (its parent's children may still be loading).
  const [waiting, setWaiting] = useState<string | null>(null);
  // The node just selected, to be given the keyboard once the tree has selected it too.
  const [landed, setLanded] = useState<string | null>(null);

  // Adjusted while rendering (not in an effect), so the tree gets the new node and its selection in
  // one render: react-arborist selects, opens the path and scrolls when its `selection` changes.
  if (waiting !== null && findNode(nodes, waiting)) {
    setWaiting(null);
    setActiveId(waiting);
    setLanded(waiting);
  }

  useEffect(() => {
    if (landed === null) return;
    // The tree's own focus: its row takes the keyboard, and arrows move on from there.
    treeRef.current?.focus(landed);
    setLanded(null);
  }, [landed, treeRef]);

  return (parentId: number | null, itemType: 1 | 2 | 3, id: number, above: readonly number[] = []): void => {
    const path = parentId === null ? above : [...above, parentId];
    if (path.length) {
      setOpened((current) => (path.every((p) => current.has(p)) ? current : new Set([...current, ...path])));
      for (const containerId of path) treeRef.current?.open(treeNodeKey(2, containerId));
    }
    setWaiting(treeNodeKey(itemType, id));
  };
}
