import { http } from '../../../lib/api-client';

/** A notification of GET self/notifications (status 1 unread, 2 read). */
export interface UserNotification {
  readonly id: number;
  readonly message: string;
  readonly status: number;
  readonly created_at: string;
  readonly link: string | null;
}

export interface NotificationList {
  readonly notifications: readonly UserNotification[];
  readonly unread_count: number;
}

export const notificationKeys = { all: ['self', 'notifications'] as const };

export function fetchNotifications(): Promise<NotificationList> {
  return http.get<NotificationList>('self/notifications');
}
