import {
  ActionIcon,
  Anchor,
  Box,
  Divider,
  Indicator,
  Popover,
  ScrollArea,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { NotificationStatus } from '../../../../shared/domain/statuses';
import { NoRecordsPanel } from '../../../components/no-records-panel';
import { QueryStatus } from '../../../components/query-status';
import { formatDisplayDate } from '../../../lib/format';
import { fetchNotifications, notificationKeys } from '../api/notifications-api';
import { useOpenNotification } from './use-open-notification';

const SHOWN = 5;
/** The unread count is asked for again this often while the application is open. */
const POLL_MS = 60_000;

/** The header bell: unread count, the latest notifications (each opens its object), and the way to all of them. */
export function NotificationsBell({ notificationsPath }: { readonly notificationsPath: string }) {
  const [opened, setOpened] = useState(false);
  const query = useQuery({
    queryKey: notificationKeys.page({ page: 1, perPage: SHOWN }),
    queryFn: () => fetchNotifications({ page: 1, perPage: SHOWN }, { background: true }),
    refetchInterval: POLL_MS,
  });
  const open = useOpenNotification();
  const unread = query.data?.unread_count ?? 0;
  const latest = query.data?.notifications ?? [];

  const toggle = (): void => {
    setOpened((isOpen) => !isOpen);
    // Opening the bell is when a user expects fresh news.
    if (!opened) void query.refetch();
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} trapFocus>
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
      <Popover.Dropdown p={0} aria-label="Latest notifications">
        <Box px="md" py="sm">
          <Text fw={600} component="h2" size="md">
            Notifications
          </Text>
          {unread > 0 && (
            <Text size="xs" c="dimmed">
              {unread} unread
            </Text>
          )}
        </Box>
        <Divider />
        {!query.data ? (
          // Still coming, or failed: a failed load says so with a way to ask again, never 'You have
          // no notifications.' as if there were none.
          <Box px="md" py="sm">
            <QueryStatus query={query} title="Your notifications could not be loaded" compact />
          </Box>
        ) : latest.length === 0 ? (
          <NoRecordsPanel items="Notifications" compact message="You have no notifications." />
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Box component="ul" aria-label="Latest notifications" m={0} p={0} style={{ listStyle: 'none' }}>
              {latest.map((notification) => {
                const isUnread = notification.status === NotificationStatus.Unread;
                const body = (
                  <>
                    <Text size="sm" fw={isUnread ? 600 : 400}>
                      {isUnread && <VisuallyHidden component="span">Unread: </VisuallyHidden>}
                      {notification.message}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDisplayDate(notification.created_at)}
                    </Text>
                  </>
                );
                return (
                  <Box
                    component="li"
                    key={notification.id}
                    bg={isUnread ? 'tenet.0' : undefined}
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  >
                    {notification.link ? (
                      <UnstyledButton
                        component={Link}
                        to={notification.link}
                        px="md"
                        py="sm"
                        display="block"
                        w="100%"
                        onClick={() => {
                          setOpened(false);
                          open(notification);
                        }}
                      >
                        {body}
                      </UnstyledButton>
                    ) : (
                      <Box px="md" py="sm">
                        {body}
                      </Box>
                    )}
                  </Box>
                );
              })}
            </Box>
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
