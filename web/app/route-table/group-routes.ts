import type { RouteObject } from 'react-router';
import { orgRoleGuard } from '../guards';
import { orgAccess } from '../nav-items';
import { lazyPage } from './lazy-page';
import { groupCrumb } from './record-crumbs';
import { group, sectioned, simpleLinks, type SectionSpec } from './route-helpers';

const groupsGuard = orgRoleGuard(orgAccess.groups);

const groupSections: SectionSpec[] = [
  {
    path: 'group_users',
    label: 'Group Users',
    description: 'The users who belong to this group.',
    lazy: lazyPage(() => import('../../features/user-groups/pages/group-users-panel'), 'GroupUsersPanel'),
  },
  {
    path: 'change_logs',
    label: 'Change Logs',
    description: 'Every change made to this group.',
    lazy: lazyPage(() => import('../../features/user-groups/pages/group-change-logs-panel'), 'GroupChangeLogsPanel'),
  },
];

/** orgs/{orgId}/user_groups and the screens below it (spec §2), for org admins. */
export const groupRoutes: RouteObject = group(
  'user_groups',
  { crumb: 'Groups', description: 'User groups: assign roles to many users at once.', items: 'Groups' },
  { lazy: lazyPage(() => import('../../features/user-groups/pages/user-groups-page'), 'UserGroupsPage') },
  [
    {
      path: 'new',
      handle: { crumb: 'New Group', description: 'Create a user group and choose its members.' },
      lazy: lazyPage(() => import('../../features/user-groups/pages/new-user-group-page'), 'NewUserGroupPage'),
    },
    {
      path: ':groupId/edit',
      handle: { crumb: 'Edit Group', description: "Change a group's name and members." },
      lazy: lazyPage(() => import('../../features/user-groups/pages/edit-user-group-page'), 'EditUserGroupPage'),
    },
    sectioned(
      ':groupId',
      { crumb: groupCrumb, title: 'Group' },
      simpleLinks(groupSections),
      groupSections,
      'group_users',
    ),
  ],
  groupsGuard,
);
