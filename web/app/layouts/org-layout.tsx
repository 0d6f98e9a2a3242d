import { useParams } from 'react-router';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { useSession, useSessionFlags } from '../../lib/session-store';
import { orgNavItems } from '../nav-items';
import { AppFrame } from './app-frame';
import { useWorkCount } from './use-work-count';

/** The organisation area's frame. Its guard ran before; this follows a session that ends later. */
export function OrgLayout() {
  const session = useSession();
  const flags = useSessionFlags();
  const params = useParams();
  const orgKey = session?.org ? String(session.org.id) : (params.orgId ?? 'default');
  const waiting = useWorkCount(orgKey, session?.valid === true && !flags.isHstmUser);
  // Signed out meanwhile: the root sends the user to sign in (see useSessionLossRedirect).
  if (!session?.valid) return null;
  const orgId = orgKey;
  return (
    <AppFrame
      homePath={`/orgs/${orgId}/pnps`}
      contextLabel="Organization"
      contextName={session.org?.name ?? 'Your organization'}
      nav={orgNavItems(orgId, flags, waiting)}
      headerExtras={<NotificationsBell notificationsPath={`/orgs/${orgId}/notifications`} />}
    />
  );
}
