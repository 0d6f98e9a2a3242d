import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { planned, sectioned, type SectionSpec } from './route-helpers';

const s = (path: string, label: string, description: string): SectionSpec => ({ path, label, description });

/** orgs/{orgId}/pnps/{pnpId}/pnp_documents/{pnpDocumentId} and its children (spec §2). */
const sections: SectionSpec[] = [
  s('version_info/preview', 'Preview', 'A preview of this version of the document.'),
  s('version_info/assignments', 'Version Assignments', 'Who authors, reviews, approves and reads this version.'),
  s('pnp_info/general_info', 'P&P General Info', 'Name, location, description, dates and review cycle of the P&P.'),
  s(
    'pnp_info/assignments',
    'P&P Assignments',
    'Owners, authors, reviewers, approvers by step and audience of the P&P.',
  ),
  {
    ...s('pnp_info/changelog', 'Change Log', 'Every change made to this P&P: who, when and what.'),
    lazy: lazyPage(() => import('../routes/pnp-change-log-page'), 'PnpChangeLogPage'),
  },
  s('related_info/attachments', 'Attachments', 'Files attached to this P&P.'),
  s('related_info/additional_info', 'Additional Info', 'Additional information recorded for this P&P.'),
  s('related_info/linked_pnps', 'Linked P&Ps', 'P&Ps linked to this one, in both directions.'),
  s('versions', 'Versions', 'All versions of this P&P with their status: Draft, Active or Archived.'),
  s('general_info', 'General Info', 'The general information of this version.'),
  s('history', 'History', 'The workflow history of the draft: who moved it, when, and with what comment.'),
  s('summary', 'Summary', 'A summary of this version and its workflow stage.'),
  s('active_readack', 'Active Read Acknowledgements', 'Read acknowledgements that are open for this P&P.'),
  s(
    'closed_readack',
    'Closed Read Acknowledgements',
    'Read acknowledgements that every reader completed or that were closed.',
  ),
  s('cancelled_readack', 'Cancelled Read Acknowledgements', 'Read acknowledgements that were cancelled.'),
];

const links = [
  { label: 'Version Info', to: 'version_info/preview', matches: ['version_info'] },
  { label: 'P&P Info', to: 'pnp_info/general_info', matches: ['pnp_info'] },
  { label: 'Related Info', to: 'related_info/attachments', matches: ['related_info'] },
  { label: 'Versions', to: 'versions', matches: ['versions'] },
  { label: 'General Info', to: 'general_info', matches: ['general_info'] },
  { label: 'History', to: 'history', matches: ['history'] },
  { label: 'Summary', to: 'summary', matches: ['summary'] },
  {
    label: 'Read Acknowledgements',
    to: 'active_readack',
    matches: ['active_readack', 'closed_readack', 'cancelled_readack', 'readack_new', 'readack_edit'],
  },
];

export const pnpDocumentRoutes: RouteObject[] = [
  sectioned(
    ':pnpId/pnp_documents/:pnpDocumentId',
    {
      crumb: (p) => `Document ${p.pnpDocumentId ?? ''}`,
      title: 'P&P Document',
      description: 'One version of a P&P: its preview, information, assignments, versions and history.',
    },
    links,
    sections,
    'version_info/preview',
    [
      planned('readack_new', {
        crumb: 'New Read Acknowledgement',
        description: 'Ask readers to acknowledge this P&P: general info and settings, readers, review and save.',
      }),
      planned('readack_edit/:readAckId', {
        crumb: 'Edit Read Acknowledgement',
        description: 'Change the settings or readers of an open read acknowledgement.',
      }),
      planned('related_info/linked_pnps/edit', {
        crumb: 'Edit Linked P&Ps',
        description: 'Choose which P&Ps are linked to this one.',
      }),
    ],
  ),
  planned(':pnpId/pnp_documents/:pnpDocumentId/file', {
    crumb: 'Document File',
    description: 'The document file of this version, opened for viewing or editing.',
  }),
];
