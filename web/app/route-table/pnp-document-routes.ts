import { redirect, type Params, type RouteObject } from 'react-router';
import type { PnpDocumentResponse } from '../../../shared/api/pnp-documents';
import type { PnpResponse } from '../../../shared/api/pnps';
import { pnpKeys } from '../../features/pnps/api/pnp-keys';
import { queryClient } from '../../lib/query-client';
import { lazyPage } from './lazy-page';
import { Redirecting } from './route-helpers';

/**
 * Names, not ids: the crumbs read the P&P and the version the document screen has loaded (the page
 * frame draws the trail again when the screen renders with them); 'P&P' and 'Version' until then.
 */
const pnpCrumb = (p: Params): string => {
  const key = pnpKeys.pnp(p.orgId ?? '', p.pnpId ?? '');
  const fromDocument = queryClient
    .getQueriesData<PnpDocumentResponse>({ queryKey: [...key, 'document'] })
    .find(([, data]) => data !== undefined)?.[1]?.pnp_document.pnp.name;
  return queryClient.getQueryData<PnpResponse>(key)?.pnp.name ?? fromDocument ?? 'P&P';
};
const versionCrumb = (p: Params): string => {
  const document = queryClient.getQueryData<PnpDocumentResponse>(
    pnpKeys.document(p.orgId ?? '', p.pnpId ?? '', p.pnpDocumentId ?? ''),
  )?.pnp_document;
  if (!document) return 'Version';
  return document.version_number === null ? 'Draft' : `Version ${document.version_number}`;
};

/** A section of the document screen: its breadcrumb and the component that draws it. */
const section = (path: string, crumb: string, load: RouteObject['lazy']): RouteObject => ({
  path,
  handle: { crumb },
  lazy: load,
});
const sections = () => import('../../features/pnps/sections/index');

/** orgs/{orgId}/pnps/{pnpId}/pnp_documents/{pnpDocumentId} and its children (spec §2). */
const documentRoutes: RouteObject[] = [
  {
    path: 'pnp_documents/:pnpDocumentId',
    handle: {
      crumb: versionCrumb,
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
    path: 'pnp_documents/:pnpDocumentId/file',
    handle: {
      crumb: 'Document File',
      description: 'The document file of this version, opened for viewing or editing.',
    },
    lazy: lazyPage(() => import('../../features/pnps/pages/document-file-page'), 'DocumentFilePage'),
  },
];

/**
 * The P&P's crumb ('Hand Hygiene') above its versions' ('Version 2'). The P&P's own address has no
 * screen of its own: it opens the P&P's current version.
 */
export const pnpDocumentRoutes: RouteObject[] = [
  {
    path: ':pnpId',
    handle: { crumb: pnpCrumb },
    children: [
      {
        index: true,
        loader: async ({ params }) => {
          const { pnpLandingPath } = await import('../../features/pnps/api/pnp-landing');
          return redirect(await pnpLandingPath(params.orgId ?? '', params.pnpId ?? ''));
        },
        Component: Redirecting,
      },
      ...documentRoutes,
    ],
  },
];
