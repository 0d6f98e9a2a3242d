import type { RouteObject } from 'react-router';
import { StaffPermission } from '../../../shared/domain/roles';
import { staffGuard, staffPermissionGuard } from '../guards';
import { lazyPage } from './lazy-page';
import { organizationCrumb, orgUserCrumb, staffUserCrumb } from './record-crumbs';
import { group, redirectTo, sectioned, simpleLinks, type SectionSpec } from './route-helpers';

const usersGuard = staffPermissionGuard(StaffPermission.UserManagement);
const orgsGuard = staffPermissionGuard(StaffPermission.OrgManagement);
const devToolsGuard = staffPermissionGuard(StaffPermission.DeveloperTools);

const developerSections: SectionSpec[] = [
  {
    path: 'links',
    label: 'Links',
    description: 'Links to the API documentation, health and version endpoints, and other tools.',
    lazy: lazyPage(() => import('../../features/hstm-dev-tools/links-panel'), 'DeveloperLinksPanel'),
  },
  {
    path: 'hstreamid',
    label: 'hStream ID',
    description: 'Look up the hStream id of a user by e-mail.',
    lazy: lazyPage(() => import('../../features/hstm-org-users/hstream-id-panel'), 'HstreamIdPanel'),
  },
  {
    path: 'system_messages',
    label: 'System Messages',
    description: 'Banners shown on the sign-in screen or inside the application.',
    lazy: lazyPage(() => import('../routes/system-messages-page'), 'SystemMessagesPage'),
  },
  {
    path: 'mail_outbox',
    label: 'Mail Outbox',
    description:
      'Every e-mail Tenet has written, with its text and HTML; where mail waits when SMTP is not configured.',
    lazy: lazyPage(() => import('../../features/mail-outbox/mail-outbox-page'), 'MailOutboxPage'),
  },
  {
    path: 'staff_activity',
    label: 'Staff Activity',
    description: 'Every change made in the staff area, by whom and when.',
    lazy: lazyPage(() => import('../../features/hstm-staff-activity/staff-activity-panel'), 'StaffActivityPanel'),
  },
];

const orgSections: SectionSpec[] = [
  {
    path: 'pm_users',
    label: 'Users',
    description: "The organisation's users.",
    lazy: lazyPage(() => import('../../features/hstm-org-users/org-users-panel'), 'OrgUsersPanel'),
  },
  {
    path: 'pm_admins',
    label: 'Admins',
    description: "The organisation's administrators.",
    lazy: lazyPage(() => import('../../features/hstm-org-users/org-admins-panel'), 'OrgAdminsPanel'),
  },
  {
    path: 'idp_config',
    label: 'Identity Provider',
    description: 'How users of this organisation sign in: Azure, hStream, SAML SSO or hStream - HLC.',
    lazy: lazyPage(() => import('../../features/hstm-idp/idp-config-panel'), 'IdpConfigPanel'),
  },
  {
    path: 'templates',
    label: 'Templates',
    description: 'The templates this organisation may use.',
    lazy: lazyPage(() => import('../../features/hstm-orgs/org-templates-panel'), 'OrgTemplatesPanel'),
  },
];

const orgUserSections: SectionSpec[] = [
  {
    path: 'visitor_logs',
    label: 'Visitor Logs',
    description: 'When this user signed in and from where.',
    lazy: lazyPage(() => import('../../features/hstm-org-users/visitor-logs-panel'), 'VisitorLogsPanel'),
  },
  {
    path: 'groups',
    label: 'Groups',
    description: 'The groups this user belongs to.',
    lazy: lazyPage(() => import('../../features/hstm-org-users/org-user-groups-panel'), 'OrgUserGroupsPanel'),
  },
  {
    path: 'settings',
    label: 'Settings',
    description: "The user's preferences.",
    lazy: lazyPage(() => import('../../features/hstm-org-users/org-user-settings-panel'), 'OrgUserSettingsPanel'),
  },
];

const staffUserSections: SectionSpec[] = [
  {
    path: 'settings',
    label: 'Settings',
    description: 'Permissions and settings of this staff user.',
    lazy: lazyPage(() => import('../../features/hstm-users/staff-user-settings-panel'), 'StaffUserSettingsPanel'),
  },
];

/** The provider-staff area of spec §2, under hstm/. */
export const staffRoutes: RouteObject = {
  path: 'hstm',
  loader: staffGuard,
  handle: { crumb: 'Administration' },
  lazy: lazyPage(() => import('../layouts/staff-layout'), 'StaffLayout'),
  children: [
    { index: true, ...redirectTo(() => '/hstm/dashboard') },
    {
      path: 'dashboard',
      handle: {
        crumb: 'Dashboard',
        description: 'Find organisations and users quickly, and see what needs attention.',
      },
      lazy: lazyPage(() => import('../../features/hstm-dashboard/dashboard-page'), 'DashboardPage'),
    },
    sectioned(
      'developer_tools',
      { crumb: 'Developer Tools', description: 'Tools for the people who run Tenet.' },
      simpleLinks(developerSections),
      developerSections,
      'links',
      [],
      devToolsGuard,
    ),
    group(
      'hstm_users',
      {
        crumb: 'Staff Users',
        description:
          'Provider staff and their permissions: user management, org management, login as, developer tools.',
        items: 'Staff Users',
      },
      { lazy: lazyPage(() => import('../../features/hstm-users/staff-users-page'), 'StaffUsersPage') },
      [
        {
          path: 'new',
          handle: { crumb: 'New Staff User', description: 'Add a provider staff user and choose their permissions.' },
          lazy: lazyPage(() => import('../../features/hstm-users/new-staff-user-page'), 'NewStaffUserPage'),
        },
        {
          path: 'edit/:userId',
          handle: { crumb: 'Edit Staff User', description: "Change a staff user's details and permissions." },
          lazy: lazyPage(() => import('../../features/hstm-users/edit-staff-user-page'), 'EditStaffUserPage'),
        },
        sectioned(
          ':userId',
          { crumb: staffUserCrumb, title: 'Staff User' },
          simpleLinks(staffUserSections),
          staffUserSections,
          'settings',
        ),
      ],
      usersGuard,
    ),
    group(
      'orgs',
      {
        crumb: 'Organizations',
        description: 'Every organisation: status (Active, Disabled, Locked) and sign-in source.',
        items: 'Organizations',
      },
      { lazy: lazyPage(() => import('../../features/hstm-orgs/orgs-page'), 'OrgsPage') },
      [
        {
          ...sectioned(
            ':orgId',
            { crumb: organizationCrumb, title: 'Organization' },
            simpleLinks(orgSections),
            orgSections,
            'pm_users',
          ),
          lazy: lazyPage(() => import('../../features/hstm-orgs/org-page'), 'OrgPage'),
        },
        {
          path: ':orgId/idp_config/settings',
          handle: {
            crumb: 'Identity Provider Settings',
            description: 'Configure and test the identity provider of this organisation.',
          },
          lazy: lazyPage(() => import('../../features/hstm-idp/idp-settings-page'), 'IdpSettingsPage'),
        },
        sectioned(
          ':orgId/pm_users/:userId',
          { crumb: orgUserCrumb, title: 'Organization User' },
          simpleLinks(orgUserSections),
          orgUserSections,
          'visitor_logs',
          [
            {
              path: 'visitor_logs/:visitorLogId',
              handle: { crumb: 'Visit', description: 'One visit: when, from where, with which browser.' },
              lazy: lazyPage(() => import('../../features/hstm-org-users/visitor-log-page'), 'VisitorLogPage'),
            },
          ],
        ),
      ],
      orgsGuard,
    ),
  ],
};
