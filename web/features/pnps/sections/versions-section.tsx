import { Anchor, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { VersionItem } from '../../../../shared/api/pnp-documents';
import { PaginationFooter } from '../../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { useClientTable } from '../../../components/use-client-table';
import { formatDisplayDate } from '../../../lib/format';
import { pnpKeys } from '../api/pnp-keys';
import { listVersions } from '../api/versions';
import { SectionRefusal } from '../components/section-refusal';
import { useDocumentContext } from '../components/document-context';
import { VersionStatusBadge } from '../components/status-badges';
import { VersionCompare } from '../components/version-compare';
import { documentPath } from '../components/workflow-actions';

/** versions: every version with its status (Draft, Active, Archived), and the compare of any two. */
export function VersionsSection() {
  const { orgId, pnp } = useDocumentContext();
  const query = useQuery({
    queryKey: pnpKeys.versions(orgId, String(pnp.id)),
    queryFn: () => listVersions(orgId, pnp.id),
  });
  const versions = query.data?.versions ?? [];
  const table = useClientTable(versions, { initialSort: { key: 'version_number', dir: 'desc' } });
  const columns: TableColumn<VersionItem>[] = [
    {
      key: 'version_number',
      header: 'Version',
      sortable: true,
      width: 100,
      render: (v) => (
        <Anchor component={Link} to={documentPath(orgId, pnp.id, v.id, 'general_info')}>
          Version {v.version_number}
        </Anchor>
      ),
    },
    { key: 'status', header: 'Status', sortable: true, render: (v) => <VersionStatusBadge status={v.status} /> },
    { key: 'draft_stage_label', header: 'Stage', render: (v) => v.draft_stage_label ?? '' },
    { key: 'effective_dt', header: 'Effective Date', sortable: true, render: (v) => formatDisplayDate(v.effective_dt) },
    { key: 'published_at', header: 'Published', sortable: true, render: (v) => formatDisplayDate(v.published_at) },
    { key: 'archived_at', header: 'Archived', sortable: true, render: (v) => formatDisplayDate(v.archived_at) },
    { key: 'file_name', header: 'File', render: (v) => v.file_name ?? '' },
  ];
  if (query.isError) return <SectionRefusal error={query.error} />;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Versions
      </Title>
      <SortableTable
        label="Versions"
        columns={columns}
        rows={table.pageRows}
        rowKey={(v) => v.id}
        loading={query.isPending}
        sort={table.sort}
        onSort={table.onSort}
        empty={{ items: 'Versions', hint: false }}
        footer={
          <PaginationFooter
            total={table.total}
            page={table.page}
            pageSize={table.pageSize}
            label="Versions"
            onPageChange={table.setPage}
          />
        }
      />
      {versions.length > 1 && (
        <>
          <Title order={3} size="h5">
            Compare Versions
          </Title>
          <VersionCompare orgId={orgId} pnpId={pnp.id} versions={versions} />
        </>
      )}
    </Stack>
  );
}
