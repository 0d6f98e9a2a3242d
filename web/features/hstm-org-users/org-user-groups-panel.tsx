import type { UserGroupRef } from '../../../shared/api/users';
import { SortableTable, type TableColumn } from '../../components/sortable-table';
import { OrgUserHeader, useOrgUser } from './org-user-header';

const columns: TableColumn<UserGroupRef>[] = [
  { key: 'name', header: 'Group', render: (g) => g.name },
  { key: 'created_by_source', header: 'Source', render: (g) => g.created_by_source || 'Policy Manager' },
];

/** hstm/orgs/{orgId}/pm_users/{userId}/groups: the groups the user belongs to. */
export function OrgUserGroupsPanel() {
  const { user, view } = useOrgUser();
  if (!user) return view;
  return (
    <>
      <OrgUserHeader user={user} />
      <SortableTable
        label="Groups"
        columns={columns}
        rows={user.groups}
        rowKey={(g) => g.id}
        sort={null}
        onSort={() => undefined}
        empty={{ items: 'Groups', message: 'This user belongs to no group.' }}
      />
    </>
  );
}
