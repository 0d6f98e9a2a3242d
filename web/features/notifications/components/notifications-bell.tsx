import { ActionIcon, Anchor, Box, Divider, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { NotificationStatus } from '../../../../shared/domain/statuses';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { NoRecordsPanel } from '../../../components/no-records-panel';
import { formatDisplayDate } from '../../../lib/format';
import { fetchNotifications, notificationKeys } from '../api/notifications-api';

const SHOWN = 5;

/** The header bell: unread count, the latest notifications, and the way to all of them. */
export function NotificationsBell({ notificationsPath }: { readonly notificationsPath: string }) {
  const [opened, setOpened] = useState(false);
  const query = useQuery({ queryKey: notificationKeys.all, queryFn: fetchNotifications });
  const unread = query.data?.unread_count ?? 0;
  const latest = query.data?.notifications.slice(0, SHOWN) ?? [];

  const toggle = (): void => {
    setOpened((open) => !open);
    // Opening the bell is when a user expects fresh news.
    if (!opened) void query.refetch();
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340}>
      {/* The target must be the button itself: it receives aria-expanded and aria-controls. */}
      <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} offset={6} color="red.8">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="lg"
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
            onClick={toggle}
            data-testid="notifications-bell"
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0}>
        <Box px="md" py="sm">
          <Text fw={600}>Notifications</Text>
        </Box>
        <Divider />
        {query.isFetching && !query.data ? (
          <LoadingIndicator compact />
        ) : latest.length === 0 ? (
          <NoRecordsPanel items="Notifications" compact message="You have no notifications." />
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Stack gap={0}>
              {latest.map((notification) => (
                <Box
                  key={notification.id}
                  px="md"
                  py="sm"
                  bg={notification.status === NotificationStatus.Unread ? 'tenet.0' : undefined}
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Text size="sm" fw={notification.status === NotificationStatus.Unread ? 600 : 400}>
                    {notification.message}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDisplayDate(notification.created_at)}
                  </Text>
                </Box>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Divider />
        <Box px="md" py="sm" ta="center">
          <Anchor component={Link} to={notificationsPath} size="sm" fw={600} onClick={() => setOpened(false)}>
            View all notifications
          </Anchor>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
