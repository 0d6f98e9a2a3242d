import { Navigate } from 'react-router';
import { useSession, useSessionFlags } from '../../lib/session-store';
import { staffNavItems } from '../nav-items';
import { AppFrame } from './app-frame';

/** The provider-staff area's frame, with its own navigation. */
export function StaffLayout() {
  const session = useSession();
  const flags = useSessionFlags();
  if (!session?.valid) return <Navigate to="/login" replace />;
  return (
    <AppFrame
      homePath="/hstm/dashboard"
      contextLabel="Provider administration"
      contextName="Tenet Staff"
      nav={staffNavItems(flags)}
    />
  );
}
