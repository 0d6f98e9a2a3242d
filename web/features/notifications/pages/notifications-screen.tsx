import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconChecks, IconMail, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { NotificationStatus } from '../../../../shared/domain/statuses';
import { Messages } from '../../../../shared/domain/messages';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/domain/limits';
import { confirm } from '../../../components/confirmation-modal';
import { Page } from '../../../components/page';
import { PaginationFooter } from '../../../components/pagination-footer';
import { usePagerFocus } from '../../../components/pager-focus';
import { SortableTable, type TableColumn } from '../../../components/sortable-table';
import { toasts } from '../../../lib/alerts';
import { formatDisplayDate } from '../../../lib/format';
import {
  fetchNotifications,
  notificationKeys,
  notificationsApi,
  type UserNotification,
} from '../api/notifications-api';
import { EmailSummaryPreference } from '../components/email-summary-preference';
import { useOpenNotification } from '../components/use-open-notification';

const noSort = (): void => undefined;

/**
 * The rows with a request in flight (marking or deleting), until the list is fetched again. A second
 * click on such a row sends nothing: a second DELETE found nothing (404) and the global handler took
 * the user away to the error page. The ref answers at once, before React re-renders the row.
 */
function useRowsInFlight() {
  const inFlight = useRef(new Set<number>());
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());
  const start = (id: number): boolean => {
    if (inFlight.current.has(id)) return false;
    inFlight.current.add(id);
    setBusy(new Set(inFlight.current));
    return true;
  };
  const end = (id: number): void => {
    inFlight.current.delete(id);
    setBusy(new Set(inFlight.current));
  };
  return { busy, start, end };
}

/** orgs/{orgId}/notifications: the signed-in user's notifications, newest first, and their e-mail preference. */
export function NotificationsScreen() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const paging = { page, perPage: DEFAULT_PAGE_SIZE };
  const query = useQuery({
    queryKey: notificationKeys.page(paging),
    queryFn: () => fetchNotifications(paging),
    // The previous page's answer stands in only for what does not change with the page (the unread
    // count, the total that Mark all as read and Delete all go by), so that those neither blank nor
    // say themselves again. Its notifications are not this page's: the table says it is loading
    // until they come, never the previous page's rows as if they were these.
    placeholderData: keepPreviousData,
  });
  const loading = query.isPending || query.isPlaceholderData;
  const pager = usePagerFocus(page, loading);
  const open = useOpenNotification();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const rows = useRowsInFlight();
  // A row stays busy until the list has been fetched again (a deleted row is then gone).
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: number }) => notificationsApi.setStatus(id, status),
    onSettled: async (_data, _error, { id }) => {
      await refresh();
      rows.end(id);
    },
  });
  const setAll = useMutation({ mutationFn: notificationsApi.setAllStatus, onSettled: refresh });
  const remove = useMutation({
    mutationFn: notificationsApi.remove,
    onSuccess: () => toasts.success(Messages.recordDeleted),
    onSettled: async (_data, _error, id) => {
      await refresh();
      rows.end(id);
    },
  });
  const removeAll = useMutation({
    mutationFn: notificationsApi.removeAll,
    onSuccess: () => toasts.success(Messages.recordDeleted),
    onSettled: refresh,
  });

  const total = query.data?.total ?? 0;
  const unread = query.data?.unread_count ?? 0;
  // A page emptied by deletions: show the last page that still has notifications.
  useEffect(() => {
    const last = Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE));
    if (query.data && page > last) setPage(last);
  }, [query.data, total, page]);

  const askDeleteAll = async (): Promise<void> => {
    const answer = await confirm({
      title: 'Delete all notifications',
      theme: 'danger',
      content: `Delete all ${total} of your notifications? This cannot be undone.`,
      actionLabel: 'Delete all',
    });
    if (answer) removeAll.mutate();
  };

  const columns: TableColumn<UserNotification>[] = [
    {
      key: 'message',
      header: 'Message',
      render: (n) => {
        const isUnread = n.status === NotificationStatus.Unread;
        const text = (
          <Text span size="sm" fw={isUnread ? 600 : 400}>
            {n.message}
          </Text>
        );
        return n.link ? (
          <Anchor component={Link} to={n.link} onClick={() => open(n)} underline="hover" c="inherit">
            {text}
          </Anchor>
        ) : (
          text
        );
      },
    },
    { key: 'created_at', header: 'Date', width: 140, render: (n) => formatDisplayDate(n.created_at) },
    {
      key: 'status',
      header: 'Status',
      width: 110,
      render: (n) =>
        n.status === NotificationStatus.Unread ? (
          <Badge variant="light">Unread</Badge>
        ) : (
          <Badge variant="outline" color="gray.6" c="dark.7">
            Read
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      label: 'Actions',
      width: 100,
      align: 'right',
      render: (n) => {
        const isUnread = n.status === NotificationStatus.Unread;
        const toggleLabel = isUnread ? 'Mark as read' : 'Mark as unread';
        // Disabled while the row's request is in flight; data-disabled rather than disabled, so that
        // the keyboard stays on the button and its tooltip still shows.
        const busy = rows.busy.has(n.id);
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap" aria-busy={busy || undefined}>
            <Tooltip label={toggleLabel}>
              <ActionIcon
                variant="subtle"
                color="gray.8"
                aria-label={`${toggleLabel}: ${n.message}`}
                aria-disabled={busy || undefined}
                data-disabled={busy || undefined}
                onClick={() => {
                  if (!rows.start(n.id)) return;
                  setStatus.mutate({
                    id: n.id,
                    status: isUnread ? NotificationStatus.Read : NotificationStatus.Unread,
                  });
                }}
              >
                {isUnread ? <IconMailOpened size={18} aria-hidden /> : <IconMail size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red.8"
                aria-label={`Delete: ${n.message}`}
                aria-disabled={busy || undefined}
                data-disabled={busy || undefined}
                onClick={() => {
                  if (rows.start(n.id)) remove.mutate(n.id);
                }}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];

  return (
    <Page
      subtitle="Updates about the P&Ps, tasks and acknowledgements that concern you."
      actions={
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={unread === 0 || setAll.isPending}
            onClick={() => setAll.mutate(NotificationStatus.Read)}
          >
            Mark all as read
          </Button>
          <Button
            color="red.8"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={total === 0 || removeAll.isPending}
            onClick={() => void askDeleteAll()}
          >
            Delete all
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        <EmailSummaryPreference />
        <Text size="sm" c="dimmed" aria-live="polite">
          {query.data ? (unread === 1 ? '1 unread notification' : `${unread} unread notifications`) : ''}
        </Text>
        <SortableTable
          label="Notifications"
          columns={columns}
          rows={query.data?.notifications ?? []}
          rowKey={(n) => n.id}
          loading={loading}
          error={query.error}
          sort={null}
          onSort={noSort}
          empty={{
            items: 'Notifications',
            message: 'You have no notifications yet. They appear here when something needs your attention.',
            hint: false,
          }}
          footer={
            <PaginationFooter
              total={total}
              page={page}
              pageSize={DEFAULT_PAGE_SIZE}
              label="Notifications"
              onPageChange={(next) => {
                pager.remember();
                setPage(next);
              }}
            />
          }
        />
      </Stack>
    </Page>
  );
}
