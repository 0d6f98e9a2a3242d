import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { VisitorLog } from '../../../shared/api/hstm-org-users';
import { PaginationFooter } from '../../components/pagination-footer';
import { usePagerFocus } from '../../components/pager-focus';
import { SortableTable, type TableColumn } from '../../components/sortable-table';
import { formatMessageDateTime } from '../../lib/format';
import { useUrlParams } from '../../lib/url-params';
import { OrgUserHeader, useOrgUser } from './org-user-header';
import { orgUserKeys, orgUsersApi } from './org-users-api';

const PAGE_SIZE = 10;

/** hstm/orgs/{orgId}/pm_users/{userId}/visitor_logs: the user's sign-ins, newest first. */
export function VisitorLogsPanel() {
  const { user, orgId, userId, view } = useOrgUser();
  // The page is kept in the address: Back from a visit returns to the page it was opened from.
  const [params, changeParams] = useUrlParams();
  const asked = Number(params.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const setPage = (next: number): void =>
    changeParams((updated) => {
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
    });
  const query = useQuery({
    queryKey: orgUserKeys.logs(orgId, userId, page),
    queryFn: () => orgUsersApi.visitorLogs(orgId, userId, page, PAGE_SIZE),
    // No placeholder from the previous page: its sign-ins would stay on screen as if they were this
    // page's. The table says it is loading until they come (as on Tasks).
    enabled: user !== null,
  });
  const pager = usePagerFocus(page, query.isPending);
  if (!user) return view;

  const base = `/hstm/orgs/${orgId}/pm_users/${userId}/visitor_logs`;
  const columns: TableColumn<VisitorLog>[] = [
    {
      key: 'signed_in_at',
      header: 'Signed In',
      render: (l) => (
        <Anchor component={Link} to={`${base}/${l.id}`} state={{ visitorLogsPage: page }} size="sm">
          {formatMessageDateTime(l.signed_in_at)}
        </Anchor>
      ),
    },
    {
      key: 'signed_out_at',
      header: 'Signed Out',
      render: (l) => (l.signed_out_at ? formatMessageDateTime(l.signed_out_at) : '—'),
    },
    { key: 'ip', header: 'IP Address', render: (l) => l.ip ?? '—' },
    { key: 'browser', header: 'Browser', render: (l) => l.browser },
    { key: 'sudoer_name', header: 'Login As By', render: (l) => l.sudoer_name ?? '—' },
  ];
  const data = query.data;
  return (
    <>
      <OrgUserHeader user={user} />
      <SortableTable
        label="Visitor Logs"
        columns={columns}
        rows={data?.visitor_logs ?? []}
        rowKey={(l) => l.id}
        loading={query.isPending}
        error={query.error}
        sort={null}
        onSort={() => undefined}
        empty={{ items: 'Visitor Logs', message: 'This user has not signed in yet.' }}
        footer={
          data && (
            <PaginationFooter
              total={data.total}
              page={data.page}
              pageSize={data.per_page}
              label="Visitor Logs"
              onPageChange={(next) => {
                pager.remember();
                setPage(next);
              }}
            />
          )
        }
      />
    </>
  );
}
