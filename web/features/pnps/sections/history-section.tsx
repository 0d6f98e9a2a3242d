import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '../../../../shared/api/pnp-documents';
import { PaginationFooter } from '../../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { useClientTable } from '../../../components/use-client-table';
import { formatDisplayDate } from '../../../lib/format';
import { pnpKeys } from '../api/pnp-keys';
import { listWorkflowHistory } from '../api/versions';
import { SectionRefusal } from '../components/section-refusal';
import { useDocumentContext } from '../components/document-context';

const columns: TableColumn<HistoryEntry>[] = [
  { key: 'created_at', header: 'Date', sortable: true, width: 130, render: (h) => formatDisplayDate(h.created_at) },
  {
    key: 'version_number',
    header: 'Version',
    sortable: true,
    width: 90,
    render: (h) => (h.version_number === null ? '' : String(h.version_number)),
  },
  { key: 'action', header: 'Action', sortable: true },
  {
    key: 'actor_name',
    header: 'By',
    sortable: true,
    render: (h) => (h.sudoer_name ? `${h.actor_name} (via ${h.sudoer_name})` : h.actor_name),
  },
  { key: 'from_label', header: 'From', render: (h) => h.from_label ?? '' },
  { key: 'to_label', header: 'To', render: (h) => h.to_label ?? '' },
  { key: 'comment', header: 'Comment', render: (h) => h.comment ?? '' },
];

/** history: the workflow history of the P&P: who moved which version, when, and why. */
export function HistorySection() {
  const { orgId, pnp } = useDocumentContext();
  const query = useQuery({
    queryKey: pnpKeys.history(orgId, String(pnp.id)),
    queryFn: () => listWorkflowHistory(orgId, pnp.id),
  });
  const table = useClientTable(query.data?.workflow_history ?? [], { initialSort: { key: 'created_at', dir: 'desc' } });
  if (query.isError) return <SectionRefusal error={query.error} />;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        History
      </Title>
      <SortableTable
        label="Workflow History"
        columns={columns}
        rows={table.pageRows}
        rowKey={(h) => h.id}
        loading={query.isPending}
        sort={table.sort}
        onSort={table.onSort}
        empty={{ items: 'History', hint: false }}
        footer={
          <PaginationFooter
            total={table.total}
            page={table.page}
            pageSize={table.pageSize}
            label="Entries"
            onPageChange={table.setPage}
          />
        }
      />
    </Stack>
  );
}
