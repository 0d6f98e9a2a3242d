import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NotificationStatus } from '../../../../shared/domain/statuses';
import { notificationKeys, notificationsApi, type UserNotification } from '../api/notifications-api';

/**
 * What following a notification's link does besides navigating: an unread notification becomes
 * read (the bell's count drops), then every notification query is refreshed.
 */
export function useOpenNotification(): (notification: UserNotification) => void {
  const queryClient = useQueryClient();
  const markRead = useMutation({
    mutationFn: (id: number) => notificationsApi.setStatus(id, NotificationStatus.Read),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
  return (notification) => {
    if (notification.status === NotificationStatus.Unread) markRead.mutate(notification.id);
  };
}
