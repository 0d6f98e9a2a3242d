import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import type { SortState } from './sort-state';

export interface SortableHeaderProps {
  readonly label: ReactNode;
  readonly sortKey: string;
  readonly sort: SortState | null;
  readonly onSort: (key: string) => void;
  readonly style?: CSSProperties;
}

/** Spec §2: a click toggles ascending and descending for its key; the active column is highlighted. */
export function SortableHeader({ label, sortKey, sort, onSort, style }: SortableHeaderProps) {
  const active = sort?.key === sortKey;
  const Icon = !active ? IconArrowsSort : sort.dir === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      role="columnheader"
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      data-active={active || undefined}
      style={{
        ...style,
        background: active ? 'var(--mantine-color-tenet-0)' : undefined,
      }}
    >
      <UnstyledButton
        onClick={() => onSort(sortKey)}
        fz="xs"
        fw={700}
        tt="uppercase"
        lts={0.4}
        c={active ? 'tenet.9' : 'gray.8'}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
      >
        {label}
        <Icon size={14} stroke={2} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}
