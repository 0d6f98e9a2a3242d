import { Paper, ScrollArea, Table } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { LoadingIndicator } from './loading-indicator';
import { NoRecordsPanel, type NoRecordsPanelProps } from './no-records-panel';
import { SortableHeader } from './sortable-header';
import type { SortState } from './sort-state';

export interface TableColumn<T> {
  readonly key: string;
  readonly header: ReactNode;
  readonly sortable?: boolean;
  readonly render?: (row: T) => ReactNode;
  readonly width?: CSSProperties['width'];
  readonly align?: 'left' | 'right' | 'center';
}

export interface SortableTableProps<T> {
  readonly columns: readonly TableColumn<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string | number;
  readonly loading?: boolean;
  readonly sort: SortState | null;
  readonly onSort: (key: string) => void;
  /** What the no-records panel says when there are no rows. */
  readonly empty?: NoRecordsPanelProps;
  /** Accessible name of the table. */
  readonly label: string;
  /** Usually a PaginationFooter. */
  readonly footer?: ReactNode;
  readonly minWidth?: number;
}

const cellText = (value: unknown): ReactNode => {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // Objects need a render function; '[object Object]' would help nobody.
  return '';
};

/**
 * Spec §2: the sortable table. A loading indicator while loading; the no-records panel when empty;
 * sortable headers that toggle and highlight. Scrolls sideways on narrow screens.
 */
export function SortableTable<T>({
  columns,
  rows,
  rowKey,
  loading = false,
  sort,
  onSort,
  empty,
  label,
  footer,
  minWidth = 640,
}: SortableTableProps<T>) {
  const showEmpty = !loading && rows.length === 0;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <ScrollArea type="auto">
        <Table
          aria-label={label}
          aria-busy={loading || undefined}
          highlightOnHover={!loading && rows.length > 0}
          verticalSpacing="sm"
          horizontalSpacing="md"
          miw={minWidth}
          data-testid="sortable-table"
        >
          <Table.Thead bg="gray.0">
            <Table.Tr>
              {columns.map((column) =>
                column.sortable ? (
                  <SortableHeader
                    key={column.key}
                    label={column.header}
                    sortKey={column.key}
                    sort={sort}
                    onSort={onSort}
                    style={{ width: column.width, textAlign: column.align }}
                  />
                ) : (
                  <Table.Th
                    key={column.key}
                    fz="xs"
                    tt="uppercase"
                    c="gray.8"
                    style={{ width: column.width, textAlign: column.align, letterSpacing: 0.4 }}
                  >
                    {column.header}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <LoadingIndicator />
                </Table.Td>
              </Table.Tr>
            )}
            {showEmpty && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <NoRecordsPanel {...empty} />
                </Table.Td>
              </Table.Tr>
            )}
            {!loading &&
              rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} style={{ textAlign: column.align }}>
                      {column.render ? column.render(row) : cellText((row as Record<string, unknown>)[column.key])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {!loading && footer}
    </Paper>
  );
}
