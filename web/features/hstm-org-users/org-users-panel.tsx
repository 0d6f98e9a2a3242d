import { OrgUsersList } from './org-users-list';

/** hstm/orgs/{orgId}/pm_users: the organisation's users, from the staff area. */
export function OrgUsersPanel() {
  return <OrgUsersList admins={false} />;
}
