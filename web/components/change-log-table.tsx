import { Code, Collapse, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBug, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { CHANGE_LOG_LIMIT } from '../../shared/api/change-logs';
import { describeChangeLog, type ChangeLogDeltas } from '../../shared/domain/change-log-labels';
import { formatDisplayDate } from '../../shared/domain/dates';
import { PaginationFooter } from './pagination-footer';
import { SortableTable, type TableColumn } from './sortable-table';
import type { SortValue } from './sort-state';
import { useClientTable } from './use-client-table';

/** A change-log entry as spec §3 names its fields. */
export interface ChangeLogEntry {
  readonly id: number | string;
  readonly created_at: string;
  readonly created_by_user: string | null;
  readonly created_by_email: string | null;
  /** Provider staff who made the change through a login-as session. */
  readonly sudoer_name?: string | null;
  readonly object_type: string | null;
  readonly object_name: string | null;
  readonly action_name: string;
  readonly deltas: ChangeLogDeltas | null;
  readonly source_name?: string | null;
  readonly target_names?: readonly string[] | string | null;
}

export interface ChangeLogTableProps {
  readonly entries: readonly ChangeLogEntry[];
  readonly loading?: boolean;
  /** The entries' load failed (the query's error): said instead of the empty panel. */
  readonly error?: unknown;
  /** The TYPE column is optional and shown by default (spec §2). */
  readonly showType?: boolean;
  /** Plural noun of the footer and the empty panel; defaults to 'Change Logs'. */
  readonly label?: string;
  /** The server listed its newest CHANGE_LOG_LIMIT entries of more: the table says so. */
  readonly truncated?: boolean | undefined;
}

const sortValue = (entry: ChangeLogEntry, key: string): SortValue => {
  switch (key) {
    case 'created_at':
      return Date.parse(entry.created_at);
    case 'created_by_user':
      return entry.created_by_user;
    case 'object_type':
      return entry.object_type;
    case 'action_name':
      return entry.action_name;
    default:
      return null;
  }
};

/** Spec §2: the debug panel is open by default and exists only in development. */
function DebugPanel({ entries }: { readonly entries: readonly ChangeLogEntry[] }) {
  const [open, setOpen] = useState(true);
  return (
    <Stack gap={4} mt="sm">
      <UnstyledButton onClick={() => setOpen((value) => !value)} aria-expanded={open} fz="xs" c="gray.7">
        <Group gap={4}>
          {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
          <IconBug size={14} aria-hidden /> Debug (development only)
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Code block mah={240} style={{ overflow: 'auto' }}>
          {JSON.stringify(entries, null, 2)}
        </Code>
      </Collapse>
    </Stack>
  );
}

/** Spec §2: DATE, MODIFIED BY (e-mail as tooltip), TYPE (optional), ACTION, DESCRIPTION. */
export function ChangeLogTable({
  entries,
  loading = false,
  error = null,
  showType = true,
  label = 'Change Logs',
  truncated = false,
}: ChangeLogTableProps) {
  const table = useClientTable(entries, { initialSort: { key: 'created_at', dir: 'desc' }, sortValue });
  const columns: TableColumn<ChangeLogEntry>[] = [
    { key: 'created_at', header: 'Date', sortable: true, width: 130, render: (e) => formatDisplayDate(e.created_at) },
    {
      key: 'created_by_user',
      header: 'Modified By',
      sortable: true,
      render: (e) => {
        const who = `${e.created_by_user ?? e.created_by_email ?? ''}${e.sudoer_name ? ` (via ${e.sudoer_name})` : ''}`;
        return e.created_by_email ? (
          <Tooltip label={e.created_by_email}>
            <Text size="sm" component="span" tabIndex={0} style={{ textDecoration: 'underline dotted' }}>
              {who}
            </Text>
          </Tooltip>
        ) : (
          who
        );
      },
    },
    ...(showType ? [{ key: 'object_type', header: 'Type', sortable: true } as TableColumn<ChangeLogEntry>] : []),
    { key: 'action_name', header: 'Action', sortable: true },
    {
      key: 'description',
      header: 'Description',
      render: (e) => (
        <Stack gap={2}>
          {describeChangeLog(e).map((line, index) => (
            <Text size="sm" key={index}>
              {line}
            </Text>
          ))}
        </Stack>
      ),
    },
  ];
  const limit = CHANGE_LOG_LIMIT.toLocaleString('en-US');
  return (
    <>
      {truncated && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="change-logs-truncated">
          More than {limit} changes were made: the {limit} most recent are listed here.
        </Text>
      )}
      <SortableTable
        label={label}
        columns={columns}
        rows={table.pageRows}
        rowKey={(e) => e.id}
        loading={loading}
        error={error}
        sort={table.sort}
        onSort={table.onSort}
        empty={{ items: label }}
        footer={
          <PaginationFooter
            total={table.total}
            capped={truncated}
            page={table.page}
            pageSize={table.pageSize}
            label={label}
            onPageChange={table.setPage}
          />
        }
      />
      {import.meta.env.DEV && <DebugPanel entries={entries} />}
    </>
  );
}
