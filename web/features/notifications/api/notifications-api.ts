import type { NotificationList as NotificationListResponse } from '../../../../shared/api/notifications';
import type { SelfSettingsBody, SelfSettingsResponse } from '../../../../shared/api/self-settings';
import { http } from '../../../lib/api-client';

/** A notification of GET self/notifications (status 1 unread, 2 read). */
export interface UserNotification {
  readonly id: number;
  readonly message: string;
  readonly status: number;
  readonly created_at: string;
  readonly link: string | null;
}

export type NotificationList = NotificationListResponse;

export interface NotificationPage {
  readonly page: number;
  readonly perPage: number;
}

/** Every notification query starts with `all`: one invalidation refreshes the bell and the screen. */
export const notificationKeys = {
  all: ['self', 'notifications'] as const,
  page: (p: NotificationPage) => ['self', 'notifications', p.page, p.perPage] as const,
  settings: ['self', 'settings'] as const,
};

/** `background`: asked by the app on its own (the bell's poll), so a failure never navigates away. */
export function fetchNotifications(
  p: NotificationPage = { page: 1, perPage: 10 },
  options: { background?: boolean } = {},
): Promise<NotificationList> {
  return http.get<NotificationList>('self/notifications', {
    query: { page: p.page, per_page: p.perPage },
    background: options.background === true,
  });
}

export const notificationsApi = {
  setStatus: (id: number, status: number): Promise<UserNotification> =>
    http.put<UserNotification>(`self/notifications/${id}`, { status }),
  setAllStatus: (status: number): Promise<void> => http.put<void>('self/notifications/update_all', { status }),
  remove: (id: number): Promise<void> => http.delete<void>(`self/notifications/${id}`),
  removeAll: (): Promise<void> => http.delete<void>('self/notifications/destroy_all'),
  settings: (): Promise<SelfSettingsResponse> => http.get<SelfSettingsResponse>('self/settings'),
  saveSettings: (body: SelfSettingsBody): Promise<SelfSettingsResponse> =>
    http.put<SelfSettingsResponse>('self/settings', body),
};
