import { NotificationsScreen } from '../../features/notifications/pages/notifications-screen';

/** orgs/{orgId}/notifications. */
export function NotificationsPage() {
  return <NotificationsScreen />;
}
