import { Badge, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffActionLogItem } from '../../../shared/api/staff-audit';
import { DEFAULT_PAGE_SIZE } from '../../../shared/domain/limits';
import { PaginationFooter } from '../../components/pagination-footer';
import { usePagerFocus } from '../../components/pager-focus';
import { SortableTable, type TableColumn } from '../../components/sortable-table';
import { formatMessageDateTime } from '../../lib/format';
import { staffActivityApi, staffActivityKeys } from './staff-activity-api';

const METHOD_COLOURS: Record<string, string> = { POST: 'green.8', PUT: 'blue.8', PATCH: 'blue.8', DELETE: 'red.8' };
const noSort = (): void => undefined;

const targetText = (target: Record<string, string>): string =>
  Object.entries(target)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');

/** hstm/developer_tools/staff_activity: every change made by provider staff, newest first. */
export function StaffActivityPanel() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useQuery({
    queryKey: staffActivityKeys.page(page, DEFAULT_PAGE_SIZE, debounced),
    queryFn: () => staffActivityApi.list(page, DEFAULT_PAGE_SIZE, debounced),
    // No placeholder from the previous search or page: its actions would stay on screen as if they
    // were these. The table says it is loading until they come (as on Tasks).
  });
  const pager = usePagerFocus(page, query.isPending);

  const columns: TableColumn<StaffActionLogItem>[] = [
    { key: 'created_at', header: 'When', width: 190, render: (l) => formatMessageDateTime(l.created_at) },
    {
      key: 'staff_name',
      header: 'Staff User',
      width: 200,
      render: (l) => (
        <Text size="sm" title={l.staff_email}>
          {l.staff_name}
        </Text>
      ),
    },
    {
      key: 'route',
      header: 'Action',
      render: (l) => (
        <Group gap={6} wrap="nowrap">
          <Badge variant="outline" color={METHOD_COLOURS[l.method] ?? 'gray.6'} c="dark.7">
            {l.method}
          </Badge>
          {/* A long path wraps instead of scrolling inside its cell, out of reach of the keyboard. */}
          <Code style={{ overflowWrap: 'anywhere' }}>{l.route.replace(/^\/api\//, '')}</Code>
        </Group>
      ),
    },
    { key: 'target', header: 'Target', width: 180, render: (l) => targetText(l.target) || '-' },
    { key: 'fields', header: 'Fields Sent', render: (l) => l.fields.join(', ') || '-' },
  ];

  return (
    <Stack gap="md" pt="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          Every change made in the staff area, with who made it. Values sent are not kept, only field names.
        </Text>
        <TextInput
          label="Search"
          placeholder="Staff user or path"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={280}
        />
      </Group>
      <SortableTable
        label="Staff activity"
        columns={columns}
        rows={query.data?.staff_action_logs ?? []}
        rowKey={(l) => l.id}
        loading={query.isPending}
        error={query.error}
        sort={null}
        onSort={noSort}
        empty={{
          items: 'Actions',
          message: debounced ? 'No action matches this search.' : 'No staff user has changed anything yet.',
          hint: false,
        }}
        footer={
          query.data && (
            // The count stops at the pager's reach and moves with the page ('100+' on the first),
            // so Next stays open past it.
            <PaginationFooter
              total={query.data.total}
              page={query.data.page}
              pageSize={query.data.per_page}
              label="Actions"
              capped={query.data.total_capped}
              onPageChange={(next) => {
                pager.remember();
                setPage(next);
              }}
            />
          )
        }
      />
    </Stack>
  );
}
