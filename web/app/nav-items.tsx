import {
  IconBooks,
  IconBuildingHospital,
  IconChartBar,
  IconChecklist,
  IconCode,
  IconFolders,
  IconLayoutDashboard,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StaffPermission } from '../../shared/domain/roles';
import type { SessionFlags } from '../lib/session-flags';

export interface NavItem {
  readonly label: string;
  readonly to: string;
  readonly icon: ReactNode;
}

/** Who may open which org area (product rules: permission matrix). Guards and menus share these. */
export const orgAccess = {
  manage: (f: SessionFlags): boolean => f.isOrgAdmin || f.isBinderFolderOwner || f.isPolicyOwner,
  reports: (f: SessionFlags): boolean => f.isOrgAdmin || f.isBinderFolderOwner,
  users: (f: SessionFlags): boolean => f.isOrgAdmin,
  groups: (f: SessionFlags): boolean => f.isOrgAdmin,
};

const icon = (Icon: typeof IconBooks): ReactNode => <Icon size={20} stroke={1.7} aria-hidden />;

/** Spec §2 and issue 3: Library, Manage, Tasks, Reports, Users, Groups, each shown only when allowed. */
export function orgNavItems(orgId: string, flags: SessionFlags): NavItem[] {
  const base = `/orgs/${orgId}`;
  const items: (NavItem | false)[] = [
    { label: 'Library', to: `${base}/pnps`, icon: icon(IconBooks) },
    orgAccess.manage(flags) && { label: 'Manage', to: `${base}/manage`, icon: icon(IconFolders) },
    { label: 'Tasks', to: `${base}/tasks`, icon: icon(IconChecklist) },
    orgAccess.reports(flags) && { label: 'Reports', to: `${base}/reports`, icon: icon(IconChartBar) },
    orgAccess.users(flags) && { label: 'Users', to: `${base}/users`, icon: icon(IconUsers) },
    orgAccess.groups(flags) && { label: 'Groups', to: `${base}/user_groups`, icon: icon(IconUsersGroup) },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

/** The provider-staff area's own navigation, by permission number (spec §6). */
export function staffNavItems(flags: SessionFlags): NavItem[] {
  const has = (permission: number): boolean => flags.staffPermissions.includes(permission);
  const items: (NavItem | false)[] = [
    { label: 'Dashboard', to: '/hstm/dashboard', icon: icon(IconLayoutDashboard) },
    has(StaffPermission.OrgManagement) && {
      label: 'Organizations',
      to: '/hstm/orgs',
      icon: icon(IconBuildingHospital),
    },
    has(StaffPermission.UserManagement) && { label: 'Staff Users', to: '/hstm/hstm_users', icon: icon(IconUserShield) },
    has(StaffPermission.DeveloperTools) && {
      label: 'Developer Tools',
      to: '/hstm/developer_tools',
      icon: icon(IconCode),
    },
  ];
  return items.filter((item): item is NavItem => item !== false);
}
