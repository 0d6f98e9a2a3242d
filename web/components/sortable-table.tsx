import { Alert, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { errorsOf } from '../lib/errors-of';
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
  /** The column's name where rows are stacked as cards (narrow screens); defaults to a text header. */
  readonly label?: string;
}

const labelOf = <T,>(column: TableColumn<T>): string | undefined =>
  column.label ?? (typeof column.header === 'string' ? column.header : undefined);

export interface SortableTableProps<T> {
  readonly columns: readonly TableColumn<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string | number;
  readonly loading?: boolean;
  readonly sort: SortState | null;
  readonly onSort: (key: string) => void;
  /** What the no-records panel says when there are no rows. */
  readonly empty?: NoRecordsPanelProps;
  /**
   * The rows' load failed (the query's error, null otherwise): with no rows to show, the table says
   * what went wrong instead of its empty state, which would tell the user there is nothing there.
   */
  readonly error?: unknown;
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
 * Spec §2: the sortable table. A loading indicator while loading; the no-records panel when empty
 * (or, when the rows could not be loaded, what went wrong);
 * sortable headers that toggle and highlight. Where its frame is narrow (a phone, a side panel) the
 * rows become stacked cards, each value under its column's name, and the headers a row of sort
 * buttons (global.css, a container query): nothing is cut and the page never scrolls sideways.
 * The roles are written out because a table shown as blocks loses them in some browsers.
 */
export function SortableTable<T>({
  columns,
  rows,
  rowKey,
  loading = false,
  sort,
  onSort,
  empty,
  error = null,
  label,
  footer,
  minWidth = 640,
}: SortableTableProps<T>) {
  const failed = !loading && rows.length === 0 && error != null;
  const showEmpty = !loading && rows.length === 0 && !failed;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} className="tenet-table-frame">
      <ScrollArea type="auto">
        <Table
          className="tenet-table"
          role="table"
          aria-label={label}
          aria-busy={loading || undefined}
          highlightOnHover={!loading && rows.length > 0}
          verticalSpacing="sm"
          horizontalSpacing="md"
          miw={minWidth}
          data-testid="sortable-table"
        >
          <Table.Thead bg="gray.0" role="rowgroup">
            <Table.Tr role="row">
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
                    role="columnheader"
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
          <Table.Tbody role="rowgroup">
            {loading && (
              <Table.Tr role="row" data-full-row>
                <Table.Td colSpan={columns.length} role="cell">
                  <LoadingIndicator />
                </Table.Td>
              </Table.Tr>
            )}
            {failed && (
              <Table.Tr role="row" data-full-row>
                <Table.Td colSpan={columns.length} role="cell">
                  <Alert color="red" role="alert" my="sm" title={`${label} could not be loaded`}>
                    <Stack gap={2}>
                      {errorsOf(error).map((message) => (
                        <Text key={message} size="sm">
                          {message}
                        </Text>
                      ))}
                    </Stack>
                  </Alert>
                </Table.Td>
              </Table.Tr>
            )}
            {showEmpty && (
              <Table.Tr role="row" data-full-row>
                <Table.Td colSpan={columns.length} role="cell">
                  <NoRecordsPanel {...empty} />
                </Table.Td>
              </Table.Tr>
            )}
            {!loading &&
              rows.map((row) => (
                <Table.Tr key={rowKey(row)} role="row">
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      role="cell"
                      data-label={labelOf(column)}
                      style={{ textAlign: column.align }}
                    >
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
