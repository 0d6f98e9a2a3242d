import { Anchor, Group, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { WORK_LIST_LIMIT, type WorkItem } from '../../../../shared/api/pnp-documents';
import { TASK_KIND_LABELS, type TaskKind } from '../../../../shared/domain/statuses';
import { Page } from '../../../components/page';
import { PaginationFooter } from '../../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { useClientTable } from '../../../components/use-client-table';
import { formatDisplayDate } from '../../../lib/format';
import { useUrlParams } from '../../../lib/url-params';
import { pnpKeys } from '../api/pnp-keys';
import { listWorkItems } from '../api/work-items';
import { documentPath } from '../components/workflow-actions';

const WAITING_FOR_ME_PARAM = 'waiting_for_me';

/** orgs/{orgId}/pnp_documents: the drafts the user works on, and what each waits for. */
export function PnpDocumentsPage() {
  const { orgId = '' } = useParams();
  // In the address, so that a reload, a shared link and Back keep it.
  const [params, changeParams] = useUrlParams();
  const awaitingMe = params.get(WAITING_FOR_ME_PARAM) === 'true';
  const setAwaitingMe = (on: boolean) =>
    changeParams(
      (next) => {
        if (on) next.set(WAITING_FOR_ME_PARAM, 'true');
        else next.delete(WAITING_FOR_ME_PARAM);
      },
      // A new history entry: Back turns the filter back to what it was.
      { push: true },
    );
  const query = useQuery({
    queryKey: [...pnpKeys.workItems(orgId), awaitingMe],
    queryFn: () => listWorkItems(orgId, awaitingMe),
  });
  const table = useClientTable(query.data?.pnp_documents ?? [], { initialSort: { key: 'updated_at', dir: 'desc' } });
  // More drafts wait than the list holds: it holds the most recently updated, and says so.
  const capped = query.data?.total_capped === true;
  const columns: TableColumn<WorkItem>[] = [
    {
      key: 'pnp_name',
      header: 'Name',
      sortable: true,
      render: (d) => (
        <Anchor component={Link} to={documentPath(orgId, d.pnp_id, d.id)}>
          {d.pnp_name}
        </Anchor>
      ),
    },
    { key: 'location', header: 'Location', sortable: true },
    { key: 'version_number', header: 'Version', sortable: true, width: 90 },
    {
      key: 'draft_stage_label',
      header: 'Stage',
      sortable: true,
      render: (d) =>
        d.approval_step ? `${d.draft_stage_label ?? ''}: Step ${d.approval_step}` : (d.draft_stage_label ?? ''),
    },
    {
      key: 'my_task',
      header: 'Your Task',
      sortable: true,
      render: (d) =>
        d.my_task ? (
          <Text size="sm" fw={600}>
            {TASK_KIND_LABELS[d.my_task as TaskKind] ?? d.my_task}
          </Text>
        ) : (
          ''
        ),
    },
    {
      key: 'updated_at',
      header: 'Updated',
      sortable: true,
      width: 130,
      render: (d) => formatDisplayDate(d.updated_at),
    },
  ];
  return (
    <Page
      subtitle="The drafts you author, review, approve or publish."
      actions={
        <Group>
          <Switch
            label="Waiting for me"
            checked={awaitingMe}
            onChange={(e) => setAwaitingMe(e.currentTarget.checked)}
          />
        </Group>
      }
    >
      {capped && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="work-list-capped">
          More than {WORK_LIST_LIMIT.toLocaleString('en-US')} drafts wait: the {WORK_LIST_LIMIT.toLocaleString('en-US')}{' '}
          most recently updated are listed here.
        </Text>
      )}
      <SortableTable
        label="P&P Documents"
        columns={columns}
        rows={table.pageRows}
        rowKey={(d) => d.id}
        loading={query.isPending}
        error={query.error}
        sort={table.sort}
        onSort={table.onSort}
        empty={{ items: 'Documents', message: 'Drafts you work on appear here.' }}
        footer={
          <PaginationFooter
            total={table.total}
            capped={capped}
            page={table.page}
            pageSize={table.pageSize}
            label="Documents"
            onPageChange={table.setPage}
          />
        }
      />
    </Page>
  );
}
