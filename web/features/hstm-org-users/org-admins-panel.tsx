import { OrgUsersList } from './org-users-list';

/** hstm/orgs/{orgId}/pm_admins: the organisation's administrators, from the staff area. */
export function OrgAdminsPanel() {
  return <OrgUsersList admins />;
}
