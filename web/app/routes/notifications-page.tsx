import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { NotificationStatus } from '../../../shared/domain/statuses';
import { Page } from '../../components/page';
import { PaginationFooter } from '../../components/pagination-footer';
import { SortableTable, type TableColumn } from '../../components/sortable-table';
import { useClientTable } from '../../components/use-client-table';
import {
  fetchNotifications,
  notificationKeys,
  type UserNotification,
} from '../../features/notifications/api/notifications-api';
import { formatDisplayDate } from '../../lib/format';

const columns: TableColumn<UserNotification>[] = [
  { key: 'message', header: 'Message', sortable: true },
  { key: 'created_at', header: 'Date', sortable: true, width: 150, render: (n) => formatDisplayDate(n.created_at) },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    width: 120,
    render: (n) =>
      n.status === NotificationStatus.Unread ? (
        <Badge variant="light">Unread</Badge>
      ) : (
        <Badge variant="light" color="gray">
          Read
        </Badge>
      ),
  },
];

/** orgs/{orgId}/notifications: the signed-in user's notifications. */
export function NotificationsPage() {
  const query = useQuery({ queryKey: notificationKeys.all, queryFn: fetchNotifications });
  const table = useClientTable(query.data?.notifications ?? [], { initialSort: { key: 'created_at', dir: 'desc' } });
  return (
    <Page subtitle="Updates about the P&Ps, tasks and acknowledgements that concern you.">
      <SortableTable
        label="Notifications"
        columns={columns}
        rows={table.pageRows}
        rowKey={(n) => n.id}
        loading={query.isPending}
        sort={table.sort}
        onSort={table.onSort}
        empty={{
          items: 'Notifications',
          message: 'You have no notifications yet. They appear here when something needs your attention.',
          hint: false,
        }}
        footer={
          <PaginationFooter
            total={table.total}
            page={table.page}
            pageSize={table.pageSize}
            label="Notifications"
            onPageChange={table.setPage}
          />
        }
      />
    </Page>
  );
}
