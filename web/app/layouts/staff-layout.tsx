import { useSession, useSessionFlags } from '../../lib/session-store';
import { staffNavItems } from '../nav-items';
import { AppFrame } from './app-frame';

/** The provider-staff area's frame, with its own navigation. */
export function StaffLayout() {
  const session = useSession();
  const flags = useSessionFlags();
  // Signed out meanwhile: the root sends the user to sign in (see useSessionLossRedirect).
  if (!session?.valid) return null;
  return (
    <AppFrame
      homePath="/hstm/dashboard"
      contextLabel="Provider administration"
      contextName="Tenet Staff"
      nav={staffNavItems(flags)}
    />
  );
}
