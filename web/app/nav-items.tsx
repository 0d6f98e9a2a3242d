import {
  IconBooks,
  IconBuildingHospital,
  IconChartBar,
  IconChecklist,
  IconCode,
  IconFileCheck,
  IconFolders,
  IconLayoutDashboard,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StaffPermission } from '../../shared/domain/roles';
import type { SessionFlags } from '../lib/session-flags';
import { countText } from '../lib/format';
import type { WorkCounts } from './layouts/use-work-count';

export interface NavItem {
  readonly label: string;
  readonly to: string;
  readonly icon: ReactNode;
  /**
   * A count shown beside the label (what waits for the user), with its spoken meaning; `more` when
   * the count stopped and more wait ('100+').
   */
  readonly badge?: { readonly count: number; readonly label: string; readonly more?: true };
}

/** What a badge shows: '4', '1,000', or '100+' when the count stopped. */
export const badgeText = (badge: NonNullable<NavItem['badge']>): string => countText(badge.count, badge.more);

/** Who may open which org area (product rules: permission matrix). Guards and menus share these. */
export const orgAccess = {
  manage: (f: SessionFlags): boolean => f.isOrgAdmin || f.isBinderFolderOwner || f.isPolicyOwner,
  reports: (f: SessionFlags): boolean => f.isOrgAdmin || f.isBinderFolderOwner,
  users: (f: SessionFlags): boolean => f.isOrgAdmin,
  groups: (f: SessionFlags): boolean => f.isOrgAdmin,
  /** Those who may create P&Ps always see the working list; others when something waits for them. */
  createPnps: (f: SessionFlags): boolean => f.isOrgAdmin || f.isBinderFolderOwner || f.isPolicyOwner,
};

const icon = (Icon: typeof IconBooks): ReactNode => <Icon size={20} stroke={1.7} aria-hidden />;

/** The label of the working list (orgs/{orgId}/pnp_documents) in the navigation and its breadcrumb. */
export const WORK_LIST_LABEL = 'P&P Documents';

/**
 * Spec §2 and issue 3: Library, Manage, P&P Documents, Tasks, Reports, Users, Groups, each shown only
 * when allowed. `counts` says how many drafts and open tasks wait for the user (undefined while unknown).
 */
export function orgNavItems(orgId: string, flags: SessionFlags, counts: WorkCounts = {}): NavItem[] {
  const base = `/orgs/${orgId}`;
  const waiting = counts.drafts;
  const openTasks = counts.tasks ?? 0;
  const showWork = orgAccess.createPnps(flags) || (waiting ?? 0) > 0;
  const items: (NavItem | false)[] = [
    { label: 'Library', to: `${base}/pnps`, icon: icon(IconBooks) },
    orgAccess.manage(flags) && { label: 'Manage', to: `${base}/manage`, icon: icon(IconFolders) },
    showWork && {
      label: WORK_LIST_LABEL,
      to: `${base}/pnp_documents`,
      icon: icon(IconFileCheck),
      ...(waiting
        ? {
            badge: {
              count: waiting,
              label: 'waiting for you',
              ...(counts.draftsCapped ? { more: true as const } : {}),
            },
          }
        : {}),
    },
    {
      label: 'Tasks',
      to: `${base}/tasks`,
      icon: icon(IconChecklist),
      ...(openTasks > 0
        ? {
            badge: {
              count: openTasks,
              label: openTasks === 1 && !counts.tasksCapped ? 'open task' : 'open tasks',
              ...(counts.tasksCapped ? { more: true as const } : {}),
            },
          }
        : {}),
    },
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
