import type { RouteObject } from 'react-router';
import { orgRoleGuard } from '../guards';
import { orgAccess } from '../nav-items';
import { lazyPage } from './lazy-page';
import { userCrumb } from './record-crumbs';
import { group, sectioned, simpleLinks, type SectionSpec } from './route-helpers';

const usersGuard = orgRoleGuard(orgAccess.users);

const userSections: SectionSpec[] = [
  {
    path: 'groups',
    label: 'Groups',
    description: 'The groups this user belongs to.',
    lazy: lazyPage(() => import('../../features/users/pages/user-groups-panel'), 'UserGroupsPanel'),
  },
  {
    path: 'change_logs',
    label: 'Change Logs',
    description: 'Every change made to this user.',
    lazy: lazyPage(() => import('../../features/users/pages/user-change-logs-panel'), 'UserChangeLogsPanel'),
  },
  {
    path: 'user_logs',
    label: 'User Logs',
    description: "What happened to the user's account: creation, invitations, status changes, password set.",
    lazy: lazyPage(() => import('../../features/users/pages/user-logs-panel'), 'UserLogsPanel'),
  },
  {
    path: 'settings',
    label: 'Settings',
    description: "The user's notification and display preferences.",
    lazy: lazyPage(() => import('../../features/users/pages/user-settings-panel'), 'UserSettingsPanel'),
  },
];

/** orgs/{orgId}/users and the screens below it (spec §2), for org admins. */
export const userRoutes: RouteObject = group(
  'users',
  {
    crumb: 'Users',
    description: 'The people of your organisation: invite, edit, deactivate, and see what they hold.',
    items: 'Users',
  },
  { lazy: lazyPage(() => import('../../features/users/pages/users-page'), 'UsersPage') },
  [
    {
      path: 'new',
      handle: { crumb: 'New User', description: 'Add a user and send the invitation.' },
      lazy: lazyPage(() => import('../../features/users/pages/new-user-page'), 'NewUserPage'),
    },
    {
      path: 'edit/:userId',
      handle: { crumb: 'Edit User', description: "Change a user's details, roles and status." },
      lazy: lazyPage(() => import('../../features/users/pages/edit-user-page'), 'EditUserPage'),
    },
    {
      path: 'edit/:userId/group',
      handle: { crumb: 'Edit User Groups', description: 'Choose the groups this user belongs to.' },
      lazy: lazyPage(() => import('../../features/users/pages/edit-user-groups-page'), 'EditUserGroupsPage'),
    },
    {
      path: 'bulk_upload',
      handle: { crumb: 'Bulk Upload', description: 'Add or update many users from a spreadsheet.' },
      lazy: lazyPage(() => import('../../features/user-bulk-upload/pages/user-bulk-upload-page'), 'UserBulkUploadPage'),
    },
    {
      path: 'import_history',
      handle: { crumb: 'Import History', description: 'Earlier bulk uploads of users and their results.' },
      lazy: lazyPage(() => import('../../features/user-bulk-upload/pages/import-history-page'), 'ImportHistoryPage'),
    },
    {
      path: 'bulk_reassign',
      handle: {
        crumb: 'Bulk Reassign',
        description: 'Reassign items, clone assignments, or remove a user or group from assignments.',
      },
      lazy: lazyPage(() => import('../../features/bulk-reassign/pages/bulk-reassign-page'), 'BulkReassignPage'),
    },
    {
      path: 'leaving/:userId',
      handle: {
        crumb: 'Leaving',
        description: 'Everything a leaving user holds, handed over in one step before they are deactivated.',
      },
      lazy: lazyPage(() => import('../../features/bulk-reassign/pages/leaver-page'), 'LeaverPage'),
    },
    sectioned(':userId', { crumb: userCrumb, title: 'User' }, simpleLinks(userSections), userSections, 'groups'),
  ],
  usersGuard,
);
