import { useSessionFlags } from '../../lib/session-store';
import { OrgLayout } from './org-layout';
import { StaffLayout } from './staff-layout';

/** self/...: the signed-in user's own pages, inside the frame of whichever area they belong to. */
export function SelfLayout() {
  const flags = useSessionFlags();
  return flags.isHstmUser ? <StaffLayout /> : <OrgLayout />;
}
