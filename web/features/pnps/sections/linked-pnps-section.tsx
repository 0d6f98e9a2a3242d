import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { LinkedPnp } from '../../../../shared/api/pnps';
import { PaginationFooter } from '../../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { useClientTable } from '../../../components/use-client-table';
import { getPnpLinks } from '../api/pnp-links';
import { pnpKeys } from '../api/pnp-keys';
import { SectionRefusal } from '../components/section-refusal';
import { useDocumentContext } from '../components/document-context';
import { PnpStatusBadge } from '../components/status-badges';
import { SubNav } from '../components/sub-nav';
import { documentPath } from '../components/workflow-actions';

function LinkTable({
  orgId,
  label,
  rows,
  loading,
}: {
  readonly orgId: string;
  readonly label: string;
  readonly rows: readonly LinkedPnp[];
  readonly loading: boolean;
}) {
  const table = useClientTable(rows, { initialSort: { key: 'name', dir: 'asc' } });
  const columns: TableColumn<LinkedPnp>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (p) =>
        p.current_document_id ? (
          <Anchor component={Link} to={documentPath(orgId, p.id, p.current_document_id)}>
            {p.name}
          </Anchor>
        ) : (
          p.name
        ),
    },
    { key: 'location', header: 'Location', sortable: true },
    { key: 'status', header: 'Status', sortable: true, render: (p) => <PnpStatusBadge status={p.status} /> },
  ];
  return (
    <SortableTable
      label={label}
      columns={columns}
      rows={table.pageRows}
      rowKey={(p) => p.id}
      loading={loading}
      sort={table.sort}
      onSort={table.onSort}
      empty={{ items: 'Linked P&Ps', hint: false }}
      footer={
        <PaginationFooter
          total={table.total}
          page={table.page}
          pageSize={table.pageSize}
          label="P&Ps"
          onPageChange={table.setPage}
        />
      }
    />
  );
}

/** related_info/linked_pnps: the P&Ps this one links to, and those that link to it. */
export function LinkedPnpsSection() {
  const { orgId, pnp, document } = useDocumentContext();
  const query = useQuery({ queryKey: pnpKeys.links(orgId, String(pnp.id)), queryFn: () => getPnpLinks(orgId, pnp.id) });
  if (query.isError) return <SectionRefusal error={query.error} />;
  return (
    <Stack gap="sm">
      <SubNav group="related_info" label="Related info" />
      <Group justify="space-between">
        <Title order={2} size="h4">
          Linked P&Ps
        </Title>
        {query.data?.can_edit && (
          <Button component={Link} to={documentPath(orgId, pnp.id, document.id, 'related_info/linked_pnps/edit')}>
            Edit Linked P&Ps
          </Button>
        )}
      </Group>
      <LinkTable orgId={orgId} label="Linked P&Ps" rows={query.data?.linked_pnps ?? []} loading={query.isPending} />
      <Title order={3} size="h5">
        P&Ps Linking Here
      </Title>
      <LinkTable
        orgId={orgId}
        label="P&Ps Linking Here"
        rows={query.data?.reverse_linked_pnps ?? []}
        loading={query.isPending}
      />
    </Stack>
  );
}
