import { useMatches } from '@mantine/core';
import { useContext, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Tree, type CursorProps, type NodeApi, type RowRendererProps, type TreeApi } from 'react-arborist';
import { TREE_DROP_SLOT_HEIGHT, TREE_NODE_HEIGHT, TREE_VIRTUAL_SCROLL_BLOCK } from '../../../../shared/domain/limits';
import { ancestorsOf, matchesFilter, type ManageNode } from '../tree/build-tree';
import { computeCheckStates } from '../tree/check-state';
import { dropProblem, positionOf, type DropInput } from '../tree/move-rules';
import { TreeRow, TreeRowContext, type TreeRowContextValue } from './tree-row';
import { useCopyModifier } from './use-copy-modifier';

/**
 * Spec §9's virtual scroll block (150) read as pixels: the rows rendered beyond each edge of the
 * viewport (7 rows of 22 px), so scrolling shows no blank rows while the DOM stays small.
 */
const OVERSCAN_ROWS = Math.ceil(TREE_VIRTUAL_SCROLL_BLOCK / TREE_NODE_HEIGHT);

export interface TreeDrop {
  readonly node: ManageNode;
  readonly target: ManageNode | null;
  readonly position: number;
  readonly copy: boolean;
}

export interface ManageTreeProps {
  readonly nodes: ManageNode[];
  readonly height: number;
  readonly filter: string;
  /**
   * How the tree starts: 'none' (the default, and Collapse All): every binder and folder closed but
   * the path to the selected node and `alsoOpen`, as binders' children are loaded only when they
   * open; or 'all' open (folder views, Expand All: the whole tree is loaded). Expand and Collapse
   * All mount a fresh tree in that state: one render, instead of a thousand open/close actions
   * through the tree's store (measured 150-450 ms for 10,000 nodes).
   */
  readonly startOpen: 'all' | 'none';
  /** Keys of binders and folders that start open too (those the user opened, loaded on demand). */
  readonly alsoOpen?: readonly string[];
  readonly activeId: string | null;
  readonly canUseTopLevel: boolean;
  readonly checked: ReadonlySet<string>;
  readonly onCheck: (node: ManageNode, on: boolean) => void;
  readonly onActivate: (node: ManageNode) => void;
  readonly onDrop: (drop: TreeDrop) => void;
  readonly onRefused: (message: string) => void;
  /** A binder or folder opened or closed by the user (not while filtering), to load its children. */
  readonly onOpenChange?: (node: ManageNode, open: boolean) => void;
  /** Keys of the open binders and folders whose children are being loaded. */
  readonly loadingIds?: ReadonlySet<string>;
  readonly treeRef: React.RefObject<TreeApi<ManageNode> | null>;
}

const NO_IDS: ReadonlySet<string> = new Set();

/**
 * react-arborist's row, named by the node alone (its check box has a label of its own), and busy
 * while its children load.
 */
function NamedRow({ node, attrs, innerRef, children }: RowRendererProps<ManageNode>) {
  const { loadingIds, fitWidth } = useContext(TreeRowContext);
  return (
    <div
      {...attrs}
      // react-arborist sizes a row to its content (min-width: max-content), so a long or deeply
      // nested name scrolls the tree sideways; on a phone that left names cut at the screen's edge.
      style={fitWidth ? { ...attrs.style, minWidth: 0 } : attrs.style}
      ref={innerRef}
      aria-label={node.data.name}
      aria-busy={node.isOpen && loadingIds.has(node.id) ? true : undefined}
      onFocus={(event) => event.stopPropagation()}
      onClick={node.handleClick}
    >
      {children}
    </div>
  );
}

/** The drop slot of spec §9 (2 px), drawn where a dragged node would land. */
function DropCursor({ top, left, indent }: CursorProps) {
  return (
    <div
      style={{
        position: 'absolute',
        pointerEvents: 'none',
        top: top - TREE_DROP_SLOT_HEIGHT / 2,
        left,
        right: indent,
        height: TREE_DROP_SLOT_HEIGHT,
        background: 'var(--mantine-color-tenet-6, #1c7ed6)',
      }}
    />
  );
}

/**
 * The manage tree (react-arborist, controlled `data` + `onMove`): virtual rows of 22 px, expand and
 * collapse, tri-state checks, filter, arrows / Enter / Space, drag to move and Ctrl-drag to copy.
 * Invalid drops are refused here before any request (and again by the server). The tree is one Tab
 * stop (WAI-ARIA tree pattern): Tab and Shift+Tab leave it.
 */
export function ManageTree(props: ManageTreeProps) {
  const { nodes, treeRef, onDrop, onRefused, canUseTopLevel } = props;
  const copying = useCopyModifier();
  const checkStates = useMemo(() => computeCheckStates(nodes, props.checked), [nodes, props.checked]);
  // Binders start closed (the first answer holds the binders alone); a fresh tree keeps open what
  // the user opened and the path to the selected node, so the node can be selected again.
  const [initialOpenState] = useState(() =>
    Object.fromEntries(
      [...(props.activeId ? ancestorsOf(nodes, props.activeId) : []), ...(props.alsoOpen ?? [])].map((id) => [
        id,
        true,
      ]),
    ),
  );

  useEffect(() => {
    performance.mark('manage-tree-rendered');
  }, [nodes]);

  const dropInput = (
    node: NodeApi<ManageNode>,
    parent: NodeApi<ManageNode> | null,
    rawIndex: number | null,
  ): DropInput => {
    const target = parent && !parent.isRoot ? parent : null;
    const siblings = target ? (target.children?.length ?? 0) : (treeRef.current?.root.children?.length ?? 0);
    return {
      dragged: node.data.item,
      target: target?.data.item ?? null,
      // Dropped on a folder itself (no gap): it goes to the end.
      index: rawIndex ?? siblings,
      currentIndex: node.childIndex,
      targetInSubtree: target !== null && (target.id === node.id || node.isAncestorOf(target)),
      copy: copying.current,
      canUseTopLevel,
    };
  };
  const rawDropIndex = (): number | null => treeRef.current?.state.dnd.index ?? null;

  const loadingIds = props.loadingIds ?? NO_IDS;
  // Below the xs breakpoint (a phone) the rows fit the tree's width and long names end in an
  // ellipsis (the selected node's full name is in its details); wider, rows keep their content's width.
  const fitWidth = useMatches({ base: true, xs: false }, { getInitialValueInEffect: false });
  const context = useMemo<TreeRowContextValue>(
    () => ({ checkStates, onCheck: props.onCheck, copying, loadingIds, fitWidth }),
    [checkStates, props.onCheck, copying, loadingIds, fitWidth],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // react-arborist moves with the arrows and toggles with Space; Enter opens the node's details.
    if (event.key !== 'Enter') return;
    const focused = treeRef.current?.focusedNode;
    if (!focused) return;
    focused.select();
    props.onActivate(focused.data);
  };

  return (
    <TreeRowContext.Provider value={context}>
      <div
        onKeyDown={onKeyDown}
        // Tab forwards is the browser's: react-arborist's own Tab looked for "the next focusable
        // element" after the tree among every [href] of the page, <link>s in the head included; with
        // nothing selected (no details panel beside the tree) it landed on a <link>, which cannot take
        // focus, so Tab stayed on the row for good. Shift+Tab stays react-arborist's: it goes to the
        // control before the tree, where the browser would stop on the tree's own frame first.
        onKeyDownCapture={(event) => {
          if (event.key === 'Tab' && !event.shiftKey) event.stopPropagation();
        }}
      >
        <Tree<ManageNode>
          ref={treeRef}
          data={nodes}
          aria-label="Binders, folders and P&Ps"
          width="100%"
          height={props.height}
          rowHeight={TREE_NODE_HEIGHT}
          indent={18}
          overscanCount={OVERSCAN_ROWS}
          openByDefault={props.startOpen === 'all'}
          initialOpenState={initialOpenState}
          disableMultiSelection
          disableEdit
          selection={props.activeId ?? undefined}
          searchTerm={props.filter}
          searchMatch={(node, term) => matchesFilter(node.data.name, term)}
          disableDrag={(data) => !data.item.abilities.manage}
          disableDrop={({ parentNode, dragNodes }) => {
            const node = dragNodes[0];
            if (!node) return true;
            return dropProblem(dropInput(node, parentNode, rawDropIndex())) !== null;
          }}
          onMove={({ dragNodes, parentNode }) => {
            const node = dragNodes[0];
            if (!node) return;
            const input = dropInput(node, parentNode, rawDropIndex());
            const problem = dropProblem(input);
            if (problem) {
              onRefused(problem);
              return;
            }
            onDrop({
              node: node.data,
              target: parentNode && !parentNode.isRoot ? parentNode.data : null,
              position: positionOf(input),
              copy: input.copy,
            });
          }}
          onToggle={(id) => {
            // Open state while filtering is react-arborist's own (filtered folders show open).
            const tree = treeRef.current;
            const node = tree?.get(id);
            if (!tree || !node || props.filter.trim()) return;
            props.onOpenChange?.(node.data, tree.isOpen(id));
          }}
          onActivate={(node) => props.onActivate(node.data)}
          onSelect={(selected) => {
            const first = selected[0];
            if (first) props.onActivate(first.data);
          }}
          renderCursor={DropCursor}
          renderRow={NamedRow}
        >
          {TreeRow}
        </Tree>
      </div>
    </TreeRowContext.Provider>
  );
}
