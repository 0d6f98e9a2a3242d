import type { Params, RouteObject } from 'react-router';
import type { LibraryDocument } from '../../../shared/api/library';
import type { Template } from '../../../shared/api/templates';
import { libraryKeys } from '../../features/library/api/library-keys';
import { templateKeys } from '../../features/templates/api/template-keys';
import { queryClient } from '../../lib/query-client';
import { orgGuard, orgRoleGuard } from '../guards';
import { orgAccess } from '../nav-items';
import { lazyPage } from './lazy-page';
import { pnpDocumentRoutes } from './pnp-document-routes';
import { groupRoutes } from './group-routes';
import { reportRoutes } from './report-routes';
import { userRoutes } from './user-routes';
import { group, redirectTo } from './route-helpers';

/**
 * Names, not ids: the reading view's and the template's crumbs read the record their screen has
 * loaded (the page frame draws the trail again when the screen renders with it); the kind until then.
 */
const readingCrumb = (p: Params): string =>
  queryClient.getQueryData<LibraryDocument>(libraryKeys.item(p.orgId ?? '', p.pnpId ?? ''))?.item.name ?? 'P&P';
const templateCrumb = (p: Params): string =>
  queryClient.getQueryData<Template>(templateKeys.one(p.orgId ?? '', p.templateId ?? ''))?.name ?? 'Template';

const manageGuard = orgRoleGuard(orgAccess.manage);
const reportsGuard = orgRoleGuard(orgAccess.reports);

/** The organisation area of spec §2, under orgs/{orgId}. */
export const orgRoutes: RouteObject = {
  path: 'orgs/:orgId',
  loader: orgGuard,
  handle: { crumb: 'Home' },
  lazy: lazyPage(() => import('../layouts/org-layout'), 'OrgLayout'),
  children: [
    { index: true, ...redirectTo((p) => `/orgs/${p.orgId ?? 'default'}/pnps`) },
    group(
      'pnps',
      {
        crumb: 'Library',
        description:
          'Published policies and procedures you may read, with favourites, recently viewed and recently published filters, list and tree views, and search.',
        items: 'P&Ps',
      },
      { lazy: lazyPage(() => import('../../features/library/pages/library-page'), 'LibraryPage') },
      [
        {
          path: 'results',
          handle: {
            crumb: 'Search Results',
            description: 'P&Ps whose name, location, description or document match your search.',
          },
          lazy: lazyPage(() => import('../../features/library/pages/library-results-page'), 'LibraryResultsPage'),
        },
        {
          path: ':pnpId/library/:versionId',
          handle: {
            crumb: readingCrumb,
            title: 'P&P',
            description: 'A published P&P as its readers see it, with its document and related information.',
          },
          lazy: lazyPage(() => import('../../features/library/pages/library-reading-page'), 'LibraryReadingPage'),
        },
        {
          path: 'new/:containerId',
          handle: {
            crumb: 'New P&P',
            description: 'Create a P&P from a file: P&P details, then file upload and document details.',
          },
          loader: manageGuard,
          lazy: lazyPage(() => import('../../features/pnps/pages/new-pnp-page'), 'NewPnpPage'),
        },
        {
          path: 'bulk_upload/:containerId',
          handle: { crumb: 'Bulk Upload', description: 'Upload many P&Ps into a binder or folder at once.' },
          loader: manageGuard,
          lazy: lazyPage(() => import('../../features/pnps/pages/bulk-upload-page'), 'BulkUploadPage'),
        },
        ...pnpDocumentRoutes,
      ],
    ),
    {
      path: 'manage',
      handle: { crumb: 'Manage' },
      loader: manageGuard,
      lazy: lazyPage(() => import('../../features/manage/pages/manage-page'), 'ManagePage'),
    },
    groupRoutes,
    {
      path: 'notifications',
      handle: { crumb: 'Notifications', items: 'Notifications' },
      lazy: lazyPage(() => import('../routes/notifications-page'), 'NotificationsPage'),
    },
    {
      path: 'pnp_documents',
      handle: { crumb: 'P&P Documents', description: 'The P&P documents (versions) you work on.', items: 'Documents' },
      lazy: lazyPage(() => import('../../features/pnps/pages/pnp-documents-page'), 'PnpDocumentsPage'),
    },
    {
      path: 'reporting_dashboard',
      handle: {
        crumb: 'Reporting Dashboard',
        description: 'Charts of authoring status, P&P status, upcoming reviews and published documents.',
      },
      loader: reportsGuard,
      lazy: lazyPage(
        () => import('../../features/reporting-dashboard/reporting-dashboard-page'),
        'ReportingDashboardPage',
      ),
    },
    group(
      'reports',
      { crumb: 'Reports', description: 'Reports on versions, users and groups, and more.' },
      { lazy: lazyPage(() => import('../routes/reports-catalogue-page'), 'ReportsCataloguePage') },
      reportRoutes,
      reportsGuard,
    ),
    {
      path: 'tasks',
      handle: {
        crumb: 'Tasks',
        description:
          'What is waiting for you: authoring, reviews, approvals, publishing, acknowledgements and review reminders.',
        items: 'Tasks',
      },
      lazy: lazyPage(() => import('../../features/tasks/pages/tasks-page'), 'TasksPage'),
    },
    group(
      'template_library',
      {
        crumb: 'Template Library',
        description: 'Ready-made P&P templates from the HealthStream Library and the Joint Commission.',
        items: 'Templates',
      },
      { lazy: lazyPage(() => import('../../features/templates/pages/template-library-page'), 'TemplateLibraryPage') },
      [
        {
          path: 'results',
          handle: { crumb: 'Search Results', description: 'Templates that match your search.' },
          lazy: lazyPage(() => import('../../features/templates/pages/template-results-page'), 'TemplateResultsPage'),
        },
        group(
          ':templateId',
          {
            crumb: templateCrumb,
            title: 'Template',
            description: 'A template and its content.',
          },
          { lazy: lazyPage(() => import('../../features/templates/pages/template-page'), 'TemplatePage') },
          [
            {
              path: 'new_pnp_from_template',
              handle: {
                crumb: 'New P&P from Template',
                description: 'Create a P&P from this template: P&P details, then document details.',
              },
              loader: manageGuard,
              lazy: lazyPage(
                () => import('../../features/pnps/pages/new-pnp-from-template-page'),
                'NewPnpFromTemplatePage',
              ),
            },
            {
              path: 'file',
              handle: { crumb: 'File', description: 'The template document.' },
              lazy: lazyPage(() => import('../../features/templates/pages/template-file-page'), 'TemplateFilePage'),
            },
          ],
        ),
      ],
    ),
    userRoutes,
  ],
};
