import { createContext, useContext, useEffect, useRef, type RefObject } from 'react';
import { Loader } from '@mantine/core';
import type { NodeRendererProps } from 'react-arborist';
import { IconChevronDown, IconChevronRight, IconFileText, IconFolder, IconNotebook } from '@tabler/icons-react';
import { PNP_STATUS_LABELS, type PnpStatus } from '../../../../shared/domain/statuses';
import type { ManageNode } from '../tree/build-tree';
import type { CheckState } from '../tree/check-state';

export interface TreeRowContextValue {
  readonly checkStates: ReadonlyMap<string, CheckState>;
  readonly onCheck: (node: ManageNode, on: boolean) => void;
  readonly copying: RefObject<boolean>;
  /** Keys of the open binders and folders whose children are being loaded. */
  readonly loadingIds: ReadonlySet<string>;
  /** Rows as wide as the tree, a long name ending in an ellipsis (a phone), instead of as wide as their content. */
  readonly fitWidth: boolean;
}

export const TreeRowContext = createContext<TreeRowContextValue>({
  checkStates: new Map(),
  onCheck: () => undefined,
  copying: { current: false },
  loadingIds: new Set(),
  fitWidth: false,
});

/**
 * The status label is 10 px text on a white, hovered (gray-1) or selected (light blue) row: these
 * darker shades keep it above AA's 4.5:1 on all three (Mantine's orange-9 and green-9 fall short).
 */
const STATUS_COLOURS: Record<PnpStatus, string> = {
  1: '#9a3412',
  2: '#1b5e20',
  3: 'var(--mantine-color-gray-8)',
};

function TriStateBox({
  state,
  label,
  onChange,
}: {
  readonly state: CheckState;
  readonly label: string;
  readonly onChange: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'partial';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      aria-checked={state === 'partial' ? 'mixed' : state === 'checked'}
      checked={state === 'checked'}
      tabIndex={-1}
      style={{ margin: 0, width: 14, height: 14, flex: 'none', cursor: 'pointer' }}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** One 22 px row: toggle, tri-state check, icon, name, and a P&P's status. */
export function TreeRow({ node, style, dragHandle, preview }: NodeRendererProps<ManageNode>) {
  const { checkStates, onCheck, copying, loadingIds } = useContext(TreeRowContext);
  const { item } = node.data;
  const Icon = item.item_type === 1 ? IconNotebook : item.item_type === 2 ? IconFolder : IconFileText;
  const kind = item.item_type === 1 ? 'binder' : item.item_type === 2 ? 'folder' : 'P&P';
  if (preview) {
    return (
      <div
        style={{
          ...style,
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          fontSize: 13,
          background: 'white',
          padding: '0 6px',
          borderRadius: 4,
          boxShadow: '0 1px 4px rgba(0,0,0,.25)',
        }}
      >
        <Icon size={14} aria-hidden />
        {node.data.name}
        <strong style={{ fontSize: 11 }}>{copying.current ? 'Copy' : 'Move'}</strong>
      </div>
    );
  }
  return (
    <div
      ref={dragHandle}
      style={{
        ...style,
        display: 'flex',
        alignItems: 'center',
        gap: 5,
        fontSize: 13,
        lineHeight: '22px',
        whiteSpace: 'nowrap',
        cursor: 'pointer',
        borderRadius: 3,
        background: node.isSelected
          ? 'var(--mantine-color-tenet-light, #e7f0fb)'
          : node.willReceiveDrop
            ? 'var(--mantine-color-gray-1)'
            : undefined,
        outline: node.isFocused ? '1px solid var(--mantine-color-tenet-6, #1c7ed6)' : undefined,
        color: item.has_role ? undefined : 'var(--mantine-color-gray-7)',
      }}
      data-testid={`tree-node-${node.id}`}
    >
      {/* Loaded on demand: a binder or folder known to hold nothing the user may see has no expander. */}
      {node.isInternal && (item.has_children !== false || (node.children?.length ?? 0) > 0) ? (
        <span
          role="presentation"
          style={{ display: 'inline-flex', width: 14, flex: 'none' }}
          onClick={(event) => {
            event.stopPropagation();
            node.toggle();
          }}
        >
          {node.isOpen ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
        </span>
      ) : (
        <span style={{ width: 14, flex: 'none' }} />
      )}
      <TriStateBox
        state={checkStates.get(node.id) ?? 'unchecked'}
        label={`Select ${kind} ${node.data.name}`}
        onChange={(on) => onCheck(node.data, on)}
      />
      <Icon size={15} aria-hidden style={{ flex: 'none' }} />
      {/* The name alone gives way when the row is narrow (minWidth 0): the status stays readable. */}
      <span
        style={{
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          minWidth: 0,
          fontWeight: item.item_type === 1 ? 600 : undefined,
        }}
      >
        {node.data.name}
      </span>
      {node.isOpen && loadingIds.has(node.id) && <Loader size={10} aria-label="Loading" role="status" />}
      {item.status !== null && (
        <span style={{ fontSize: 10, fontWeight: 700, color: STATUS_COLOURS[item.status as PnpStatus] }}>
          {PNP_STATUS_LABELS[item.status as PnpStatus]}
        </span>
      )}
      {!item.inherits_access && item.item_type !== 1 && (
        <span title="Has its own participants" style={{ fontSize: 10, color: 'var(--mantine-color-gray-7)' }}>
          (own access)
        </span>
      )}
    </div>
  );
}
