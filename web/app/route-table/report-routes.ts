import type { RouteObject } from 'react-router';

export type ReportGroup = 'By Versions' | 'By Users and User Groups' | 'Miscellaneous';

export interface ReportSpec {
  readonly group: ReportGroup;
  readonly name: string;
  readonly path: string;
  readonly description: string;
}

/** The report catalogue of spec §2. */
export const REPORTS: readonly ReportSpec[] = [
  {
    group: 'By Versions',
    name: 'All Versions',
    path: 'all_versions',
    description: 'Every version of every P&P with its status and dates.',
  },
  {
    group: 'By Versions',
    name: 'Read Acknowledgements',
    path: 'read_acknowledgements',
    description: 'Read acknowledgements and how far each reader got.',
  },
  {
    group: 'By Versions',
    name: 'Versions Pending Action',
    path: 'pending_action',
    description: 'Drafts waiting for someone to author, review, approve or publish.',
  },
  {
    group: 'By Versions',
    name: 'Views by Version',
    path: 'version_total_views',
    description: 'How often each version was viewed.',
  },
  {
    group: 'By Users and User Groups',
    name: 'Assignments',
    path: 'user_assignments',
    description: 'The roles each user and group holds on binders, folders and P&Ps.',
  },
  {
    group: 'Miscellaneous',
    name: 'Unassigned Items',
    path: 'unassigned_pnps',
    description: 'P&Ps and containers with no one assigned in a role.',
  },
  {
    group: 'Miscellaneous',
    name: 'Retired P&Ps',
    path: 'retired_pnps',
    description: 'Retired P&Ps, with their documents to download.',
  },
  { group: 'Miscellaneous', name: 'Linked P&Ps', path: 'linked_pnps', description: 'Which P&Ps link to which.' },
  {
    // Beyond the spec's catalogue (issue 15): how long drafts spend in each stage.
    group: 'Miscellaneous',
    name: 'Approval Turnaround',
    path: 'approval_turnaround',
    description: 'Median and 90th-percentile days in each stage, by binder and by person, and the slowest open drafts.',
  },
];

/** Spec §2: each report group has its own card colour. */
export const REPORT_GROUP_COLOURS: Record<ReportGroup, string> = {
  'By Versions': 'tenet',
  'By Users and User Groups': 'teal',
  Miscellaneous: 'grape',
};

const reportPages = () => import('../../features/reports/report-pages');

/** The read-acknowledgement detail sits below its report, so the trail reads Reports > Read Acknowledgements > ... */
const readAckDetail: RouteObject = {
  path: ':readAcknowledgementId',
  handle: {
    crumb: 'Read Acknowledgement',
    description: 'One read acknowledgement: its readers and who has completed it.',
  },
  lazy: () => reportPages().then((m) => ({ Component: m.ReadAckReportPage })),
};

/**
 * Each report screen reads its filters, sort and page from the query string under the API's own
 * keys (see web/features/reports/report-screen.tsx), so a link with them opens the report filtered.
 */
export const reportRoutes: RouteObject[] = REPORTS.map((report): RouteObject => {
  const handle = { crumb: report.name, description: report.description, items: 'Records' };
  const lazy =
    report.path === 'approval_turnaround'
      ? () => import('../../features/reporting-turnaround').then((m) => ({ Component: m.ApprovalTurnaroundPage }))
      : () => reportPages().then((m) => ({ Component: m.reportPageFor(report.path) }));
  return report.path === 'read_acknowledgements'
    ? { path: report.path, handle, children: [{ index: true, lazy }, readAckDetail] }
    : { path: report.path, handle, lazy };
});
