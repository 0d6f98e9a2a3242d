import { Group, Stack, Text, Title } from '@mantine/core';
import { SortableTable, type TableColumn } from '../../components/sortable-table';
import { countText } from '../../lib/format';

const noSort = (): void => undefined;

/** One of the dashboard's lists as the server answers it (GET hstm/dash/new). */
export interface DashboardList<T> {
  readonly rows: readonly T[];
  readonly total: number;
  readonly total_capped: boolean;
}

export interface DashboardListSectionProps<T> {
  /** The section's heading, the table's accessible name and what its empty state counts. */
  readonly title: string;
  /** The answer's list; undefined while none has come or when this search's failed. */
  readonly list: DashboardList<T> | undefined;
  /** The server withholds this list from the staff user (its `withheld` flag). */
  readonly withheld: boolean;
  /** What a withheld list says instead of its table: the permission that shows it. */
  readonly withheldNotice: string;
  readonly columns: readonly TableColumn<T>[];
  readonly rowKey: (row: T) => number;
  /** The search the rows are for ('' for the most recently created). */
  readonly search: string;
  /** The rows shown are not this search's yet: the table says it is loading and the count says nothing. */
  readonly searching: boolean;
  readonly error: unknown;
  /** The empty state's words, for a search and without one. */
  readonly empty: { readonly searched: string; readonly none: string };
}

/** How many matched, above the table: the most recent without a search, nothing while searching. */
const captionOf = <T,>(list: DashboardList<T> | undefined, search: string, searching: boolean): string => {
  if (!search) return 'The most recently created';
  if (searching) return '';
  const shown = list?.rows.length ?? 0;
  const total = list?.total ?? 0;
  const more = list !== undefined && (list.total_capped || total > shown);
  return `${countText(total, list?.total_capped)} match${total === 1 && !list?.total_capped ? '' : 'es'}${
    more ? `, showing the first ${shown}` : ''
  }`;
};

/**
 * One list of the staff dashboard: its title, how many matched and a table of the first rows with
 * its empty state; or, when the server withholds the list from this staff user (its `withheld`
 * flag), the title and the permission that shows it, no empty table.
 */
export function DashboardListSection<T>({
  title,
  list,
  withheld,
  withheldNotice,
  columns,
  rowKey,
  search,
  searching,
  error,
  empty,
}: DashboardListSectionProps<T>) {
  if (withheld) {
    return (
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {withheldNotice}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {captionOf(list, search, searching)}
        </Text>
      </Group>
      <SortableTable
        label={title}
        columns={columns}
        rows={list?.rows ?? []}
        rowKey={rowKey}
        loading={searching}
        error={error}
        sort={null}
        onSort={noSort}
        empty={{ items: title, message: search ? empty.searched : empty.none, hint: false }}
      />
    </Stack>
  );
}
