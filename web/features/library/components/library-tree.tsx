import { Anchor, Badge, Box, Group, Paper, Text, useMatches } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFileText, IconFolder, IconNotebook } from '@tabler/icons-react';
import { useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { Tree, type NodeApi, type NodeRendererProps, type RowRendererProps, type TreeApi } from 'react-arborist';
import { Link, useNavigate } from 'react-router';
import type { LibraryItem, LibraryTreeNode } from '../../../../shared/api/library';
import { TREE_NODE_HEIGHT } from '../../../../shared/domain/limits';
import { formatDisplayDate } from '../../../lib/format';
import { FavoriteButton } from './favorite-button';
import { readingPath } from './pnp-link';
import { ReviewStateBadge } from './review-state-badge';

interface Row {
  id: string;
  name: string;
  kind: 'binder' | 'folder' | 'pnp';
  count?: number;
  item?: LibraryItem;
  children?: Row[];
}

const toRows = (nodes: readonly LibraryTreeNode[]): Row[] =>
  nodes.map((node) => ({
    id: `c${node.id}`,
    name: node.name,
    kind: node.type === 1 ? 'binder' : 'folder',
    count: node.count,
    children: [
      ...toRows(node.children),
      ...node.items.map((item) => ({ id: `p${item.pnp_id}`, name: item.name, kind: 'pnp' as const, item })),
    ],
  }));

/** Rows are taller than the spec's 22 px default so the star and the date fit; the default is kept for text-only trees. */
const ROW_HEIGHT = Math.max(TREE_NODE_HEIGHT, 36);

/** Clicks on the row's own controls stay theirs: the row would otherwise activate too (react-arborist). */
const own = (event: MouseEvent) => event.stopPropagation();

/** Where the keyboard is: the focused row, outlined while the tree has the focus. */
const focusRing = (node: NodeApi<Row>): CSSProperties =>
  node.isFocused && node.tree.hasFocus
    ? { outline: '2px solid var(--mantine-color-tenet-6)', outlineOffset: -2, borderRadius: 4 }
    : {};

/**
 * react-arborist's row as the tree's width: it sizes a row to its content (min-width: max-content),
 * so on a phone a long name pushed the P&P's date and star, and a binder's count, past the screen's
 * edge. At the tree's width the name gives way instead, ending in an ellipsis.
 */
function FitRow({ node, attrs, innerRef, children }: RowRendererProps<Row>) {
  return (
    <div
      {...attrs}
      style={{ ...attrs.style, minWidth: 0 }}
      ref={innerRef}
      onFocus={(event) => event.stopPropagation()}
      onClick={node.handleClick}
    >
      {children}
    </div>
  );
}

/** One row; in a narrow tree only the name gives way (truncated), the icons, date, star and count keep their size. */
function TreeRow({ node, style, orgId }: NodeRendererProps<Row> & { readonly orgId: string }) {
  const row = node.data;
  if (row.kind === 'pnp' && row.item) {
    const item = row.item;
    return (
      <Group style={{ ...style, ...focusRing(node) }} gap="xs" wrap="nowrap" pr="sm">
        <IconFileText size={16} aria-hidden style={{ flex: 'none' }} />
        <Anchor
          component={Link}
          to={readingPath(orgId, item.pnp_id, item.version_id)}
          size="sm"
          tabIndex={-1}
          truncate
          onClick={own}
        >
          {item.name}
        </Anchor>
        <ReviewStateBadge state={item.review_state} />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(item.published_at)}
        </Text>
        <Box onClick={own}>
          <FavoriteButton orgId={orgId} pnpId={item.pnp_id} name={item.name} favorite={item.favorite} />
        </Box>
      </Group>
    );
  }
  const Icon = row.kind === 'binder' ? IconNotebook : IconFolder;
  // A click on the row activates it (onActivate toggles a binder or folder).
  return (
    <Group style={{ ...style, ...focusRing(node), cursor: 'pointer' }} gap={6} wrap="nowrap">
      {node.isOpen ? (
        <IconChevronDown size={14} aria-hidden style={{ flex: 'none' }} />
      ) : (
        <IconChevronRight size={14} aria-hidden style={{ flex: 'none' }} />
      )}
      <Icon size={16} aria-hidden style={{ flex: 'none' }} />
      <Text size="sm" fw={row.kind === 'binder' ? 600 : 500} truncate>
        {row.name}
      </Text>
      <Badge size="xs" variant="light" color="gray" aria-label={`${row.count ?? 0} P&Ps`} style={{ flex: 'none' }}>
        {row.count}
      </Badge>
    </Group>
  );
}

export interface LibraryTreeProps {
  readonly orgId: string;
  readonly nodes: readonly LibraryTreeNode[];
  /** Filters are on: open the tree down to every match. */
  readonly expanded: boolean;
}

const NONE: ReadonlySet<string> = new Set();

/** Rows on show: every row whose parents are all open (open by default when `expanded`, unless toggled). */
const countShown = (rows: readonly Row[], expanded: boolean, toggled: ReadonlySet<string>): number =>
  rows.reduce(
    (n, r) => n + 1 + (r.children && expanded !== toggled.has(r.id) ? countShown(r.children, expanded, toggled) : 0),
    0,
  );

/**
 * The tree view: binders, folders and the P&Ps in them, read-only. Spec §2 keys: the arrows move
 * (right and left open and close), Space toggles a binder or folder and opens a P&P, Enter does the
 * same; a click on a row does it too. Tab and Shift+Tab move as anywhere else (to a row's star).
 */
export function LibraryTree({ orgId, nodes, expanded }: LibraryTreeProps) {
  const navigate = useNavigate();
  const treeRef = useRef<TreeApi<Row> | undefined>(undefined);
  // Below the xs breakpoint (a phone) rows fit the tree's width; wider, they keep react-arborist's own.
  const phone = useMatches({ base: true, xs: false }, { getInitialValueInEffect: false });
  const data = useMemo(() => toRows(nodes), [nodes]);
  // The panel grows with the rows on show (up to a limit, then it scrolls): the rows toggled from the
  // default are counted here (a new default remounts the tree, its toggles gone).
  const [open, setOpen] = useState<{ expanded: boolean; toggled: ReadonlySet<string> }>({
    expanded,
    toggled: new Set(),
  });
  const toggled = open.expanded === expanded ? open.toggled : NONE;
  const rows = countShown(data, expanded, toggled);
  const height = Math.min(640, Math.max(ROW_HEIGHT * 4, rows * ROW_HEIGHT + 8));
  const activate = (node: NodeApi<Row>) => {
    if (node.data.item) void navigate(readingPath(orgId, node.data.item.pnp_id, node.data.item.version_id));
    else node.toggle();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // react-arborist moves with the arrows and handles Space; Enter is ours.
    if (event.key !== 'Enter') return;
    const focused = treeRef.current?.focusedNode;
    if (!focused) return;
    event.preventDefault();
    activate(focused);
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      data-testid="library-tree"
      onKeyDown={onKeyDown}
      // Tab is the browser's: react-arborist's own Tab jumped to "the next focusable element" of
      // its list, which counts the page's <link href> elements, so from a row Tab went nowhere
      // and the stars in the rows were out of the keyboard's reach. Shift+Tab from a star goes
      // back to its own row (the browser would stop on the tree's frame).
      onKeyDownCapture={(event) => {
        if (event.key !== 'Tab') return;
        event.stopPropagation();
        const target = event.target instanceof HTMLElement ? event.target : null;
        const row =
          target?.getAttribute('role') === 'treeitem' ? null : target?.closest<HTMLElement>('[role="treeitem"]');
        if (event.shiftKey && row) {
          event.preventDefault();
          row.focus();
        }
      }}
    >
      <Tree<Row>
        ref={treeRef}
        key={expanded ? 'open' : 'closed'}
        data={data}
        openByDefault={expanded}
        disableDrag
        disableDrop
        disableEdit
        disableMultiSelection
        rowHeight={ROW_HEIGHT}
        indent={20}
        width="100%"
        height={height}
        aria-label="Library tree"
        onActivate={activate}
        renderRow={phone ? FitRow : undefined}
        onToggle={(id) =>
          setOpen((current) => {
            const next = new Set(current.expanded === expanded ? current.toggled : NONE);
            if (!next.delete(id)) next.add(id);
            return { expanded, toggled: next };
          })
        }
      >
        {(props) => <TreeRow {...props} orgId={orgId} />}
      </Tree>
    </Paper>
  );
}
