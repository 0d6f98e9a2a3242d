import { redirect, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { Redirecting } from './route-helpers';

/** A section of the document screen: its breadcrumb and the component that draws it. */
const section = (path: string, crumb: string, load: RouteObject['lazy']): RouteObject => ({
  path,
  handle: { crumb },
  lazy: load,
});
const sections = () => import('../../features/pnps/sections/index');

/** orgs/{orgId}/pnps/{pnpId}/pnp_documents/{pnpDocumentId} and its children (spec §2). */
export const pnpDocumentRoutes: RouteObject[] = [
  {
    path: ':pnpId/pnp_documents/:pnpDocumentId',
    handle: {
      crumb: (p: Record<string, string | undefined>) => `Document ${p.pnpDocumentId ?? ''}`,
      title: 'P&P Document',
      description: 'One version of a P&P: its preview, information, assignments, versions and history.',
    },
    lazy: lazyPage(() => import('../../features/pnps/pages/pnp-document-layout'), 'PnpDocumentLayout'),
    children: [
      {
        index: true,
        loader: ({ request }) => {
          const url = new URL(request.url);
          return redirect(`${url.pathname.replace(/\/$/, '')}/version_info/preview${url.search}`);
        },
        Component: Redirecting,
      },
      section('version_info/preview', 'Preview', lazyPage(sections, 'PreviewSection')),
      section('version_info/assignments', 'Version Assignments', lazyPage(sections, 'VersionAssignmentsSection')),
      section('pnp_info/general_info', 'P&P General Info', lazyPage(sections, 'PnpGeneralInfoSection')),
      section('pnp_info/assignments', 'P&P Assignments', lazyPage(sections, 'PnpAssignmentsSection')),
      section('pnp_info/changelog', 'Change Log', lazyPage(sections, 'ChangeLogSection')),
      section('related_info/attachments', 'Attachments', lazyPage(sections, 'AttachmentsSection')),
      section('related_info/additional_info', 'Additional Info', lazyPage(sections, 'AdditionalInfoSection')),
      section('related_info/linked_pnps', 'Linked P&Ps', lazyPage(sections, 'LinkedPnpsSection')),
      section('related_info/linked_pnps/edit', 'Edit Linked P&Ps', lazyPage(sections, 'LinkedPnpsEditSection')),
      section('versions', 'Versions', lazyPage(sections, 'VersionsSection')),
      section('general_info', 'General Info', lazyPage(sections, 'GeneralInfoSection')),
      section('history', 'History', lazyPage(sections, 'HistorySection')),
      section('summary', 'Summary', lazyPage(sections, 'SummarySection')),
      section('active_readack', 'Active Read Acknowledgements', lazyPage(sections, 'ActiveReadAckSection')),
      section('closed_readack', 'Closed Read Acknowledgements', lazyPage(sections, 'ClosedReadAckSection')),
      section('cancelled_readack', 'Cancelled Read Acknowledgements', lazyPage(sections, 'CancelledReadAckSection')),
      section('readack_new', 'New Read Acknowledgement', lazyPage(sections, 'NewReadAckSection')),
      section('readack_edit/:readAckId', 'Edit Read Acknowledgement', lazyPage(sections, 'EditReadAckSection')),
    ],
  },
  {
    path: ':pnpId/pnp_documents/:pnpDocumentId/file',
    handle: {
      crumb: 'Document File',
      description: 'The document file of this version, opened for viewing or editing.',
    },
    lazy: lazyPage(() => import('../../features/pnps/pages/document-file-page'), 'DocumentFilePage'),
  },
];
