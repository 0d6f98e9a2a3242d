import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { UserLogEntry } from '../../../../shared/api/users';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PaginationFooter } from '../../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { useClientTable } from '../../../components/use-client-table';
import { formErrorsOf } from '../../../lib/errors-of';
import { formatDisplayDate } from '../../../lib/format';
import { userKeys, userLogs } from '../api/users-api';
import { describeUserLog, userLogBy } from '../components/user-log-details';
import { UserHeader } from '../components/user-header';

const LABEL = 'User Logs';

const columns: TableColumn<UserLogEntry>[] = [
  { key: 'created_at', header: 'Date', width: 130, render: (e) => formatDisplayDate(e.created_at) },
  { key: 'action', header: 'Action', width: 200 },
  { key: 'by', header: 'Done By', width: 200, render: userLogBy },
  {
    key: 'details',
    header: 'Details',
    render: (e) => (
      <Stack gap={2}>
        {describeUserLog(e).map((line, index) => (
          <Text size="sm" key={index}>
            {line}
          </Text>
        ))}
      </Stack>
    ),
  },
];

/**
 * orgs/{orgId}/users/{userId}/user_logs: what happened to the user's account (spec §3 'user logs'):
 * creation, invitations, status changes, password set. Newest first, as the server lists them.
 */
export function UserLogsPanel() {
  const { orgId = '', userId = '' } = useParams();
  const query = useQuery({
    queryKey: userKeys.userLogs(orgId, userId),
    queryFn: () => userLogs(orgId, userId),
    // Entries are written by other screens (Invite in the header, the leaving page) that do not
    // refresh this list: opening the section asks again, showing what it had meanwhile.
    staleTime: 0,
  });
  // No initial sort: the server's order (newest first) is the one shown.
  const table = useClientTable(query.data?.user_logs ?? []);
  return (
    <>
      <UserHeader />
      {query.isError ? (
        <LoadFailedAlert
          title="The user logs could not be listed"
          messages={formErrorsOf(query.error)}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <SortableTable
          label={LABEL}
          columns={columns}
          rows={table.pageRows}
          rowKey={(e) => e.id}
          loading={query.isPending}
          sort={table.sort}
          onSort={table.onSort}
          empty={{
            items: LABEL,
            message: 'Nothing has been logged for this user yet.',
            hint: false,
          }}
          footer={
            <PaginationFooter
              total={table.total}
              page={table.page}
              pageSize={table.pageSize}
              label={LABEL}
              onPageChange={table.setPage}
            />
          }
        />
      )}
    </>
  );
}
