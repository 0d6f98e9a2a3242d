import { z } from 'zod';
import { isValidDate } from '../domain/dates';
import { ID_MAX, queryId, queryWholeNumber, text } from './primitives';

/**
 * Reporting (spec §2 "Report catalogue", §3 "Reporting filters", §7 "Reporting"; issue 15).
 *
 * GET o/{org}/reporting/dash/{figure}: one dashboard figure.
 * GET o/{org}/reporting/{report}[?format=csv|xlsx]: one page of a report (JSON) or the whole
 * filtered report as a download. GET o/{org}/reporting/read_acknowledgements/{id}: one
 * acknowledgement's readers. GET o/{org}/reporting/retired_pnps/{pnpId}/download_documents: a zip.
 * docs/reports.md describes every report's rows, filters and sort keys.
 */

export const DASH_FIGURES = [
  'content_authoring_status',
  'all_pnp_status',
  'upcoming_reviews',
  'published_docs',
] as const;
export type DashFigure = (typeof DASH_FIGURES)[number];

export const REPORT_KEYS = [
  'pnp_documents',
  'retired_pnps',
  'pending_action',
  'user_assignments',
  'missing_assignments',
  'read_acknowledgements',
  'pnp_document_views',
  'linked_pnps',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];
/** The readers of one read acknowledgement (the detail of the Read Acknowledgements report). */
export type ReportOrDetailKey = ReportKey | 'read_acknowledgement_readers';

export const REPORT_TITLES: Record<ReportOrDetailKey, string> = {
  pnp_documents: 'All Versions',
  retired_pnps: 'Retired P&Ps',
  pending_action: 'Versions Pending Action',
  user_assignments: 'Assignments',
  missing_assignments: 'Unassigned Items',
  read_acknowledgements: 'Read Acknowledgements',
  read_acknowledgement_readers: 'Read Acknowledgement Readers',
  pnp_document_views: 'Views by Version',
  linked_pnps: 'Linked P&Ps',
};

/** Lists count their matches only this far: past it `total` is this number and `capped` is true. */
export const REPORT_COUNT_LIMIT = 10_000;
export const REPORT_MAX_PAGE_SIZE = 100;
export const REPORT_SEARCH_MAX_LENGTH = 200;
/** The published-documents figure spans at most this many months. */
export const PUBLISHED_DOCS_MAX_MONTHS = 60;

const isoDate = (label: string) =>
  text().refine((value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return match !== null && isValidDate(Number(match[1]), Number(match[2]), Number(match[3]));
  }, `${label} must be a real date written as yyyy-mm-dd.`);

const isoMonth = (label: string) =>
  text().refine((value) => {
    const match = /^(\d{4})-(\d{2})$/.exec(value);
    return match !== null && isValidDate(Number(match[1]), Number(match[2]), 1);
  }, `${label} must be a month written as yyyy-mm.`);

/** The date ranges of spec §3 "Reporting filters", each a pair of query keys. */
export const REPORT_DATE_RANGES = [
  ['effective_from', 'effective_to', 'Effective date'],
  ['published_from', 'published_to', 'Published date'],
  ['review_from', 'review_to', 'Review due date'],
] as const;

/** The group filter takes this many groups at most. */
export const REPORT_MAX_GROUPS = 50;
const GROUP_IDS_MESSAGE = `The group must be a positive whole number, or up to ${REPORT_MAX_GROUPS} of them separated by commas.`;

/** Every filter a report may take; each report accepts only its own (docs/reports.md), others are a 422. */
export const ReportFilters = z.object({
  /** Case-insensitive contains on the P&P name (and, where a report has one, the item or person name). */
  q: text({ message: 'The search must be text.' })
    .trim()
    .max(REPORT_SEARCH_MAX_LENGTH, { message: `The search must be at most ${REPORT_SEARCH_MAX_LENGTH} characters.` })
    .optional(),
  /** Object role: Owner 1, Author 2, Reviewer 3, Approver 4, Audience 5. */
  role: queryWholeNumber('role', 1, 5).optional(),
  /** Read-acknowledgement status: Active 1, Closed 2, Canceled 3. */
  status: queryWholeNumber('status', 1, 3).optional(),
  /** Version status (All Versions): Draft 1, Active 2, Archived 3. */
  version_status: queryWholeNumber('version_status', 1, 3).optional(),
  /** P&P status (All Versions): DRAFT 1, ACTIVE 2, RETIRED 3 (the dashboard's status figure links with it). */
  pnp_status: queryWholeNumber('pnp_status', 1, 3).optional(),
  /** Draft stage (Versions Pending Action): Authoring 2, Reviewing 3, Approving 4, Publishing 5. */
  draft_stage: queryWholeNumber('draft_stage', 2, 5).optional(),
  /** Reader completion (read-acknowledgement detail): 0 incomplete, 1 complete. */
  completion: queryWholeNumber('completion', 0, 1).optional(),
  /** One group id, or several separated by commas ('1,3'): a row of any of those groups. */
  group_id: text({ message: GROUP_IDS_MESSAGE })
    .refine((value) => {
      const ids = value.split(',');
      return ids.length <= REPORT_MAX_GROUPS && ids.every((v) => /^[1-9]\d{0,9}$/.test(v) && Number(v) <= ID_MAX);
    }, GROUP_IDS_MESSAGE)
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .optional(),
  user_id: queryId('The user').optional(),
  effective_from: isoDate('Effective date from').optional(),
  effective_to: isoDate('Effective date to').optional(),
  published_from: isoDate('Published date from').optional(),
  published_to: isoDate('Published date to').optional(),
  review_from: isoDate('Review due date from').optional(),
  review_to: isoDate('Review due date to').optional(),
});
export type ReportFilters = z.infer<typeof ReportFilters>;
export type ReportFilterKey = keyof ReportFilters;

export const REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A report's query: its filters, the sort (a key of that report, checked by the server), the page, the format. */
export const ReportQuery = ReportFilters.extend({
  sort: text({ message: 'sort must be text.' }).max(64, { message: 'sort is not a column of this report.' }).optional(),
  dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc.' }).optional(),
  page: queryWholeNumber('page', 1, 1_000_000).default(1),
  per_page: queryWholeNumber('per_page', 1, REPORT_MAX_PAGE_SIZE).default(10),
  format: z.enum(REPORT_FORMATS, { message: 'format must be json, csv or xlsx.' }).default('json'),
})
  .strict()
  .superRefine((query, issue) => {
    for (const [from, to, label] of REPORT_DATE_RANGES) {
      const start = query[from];
      const end = query[to];
      if (start && end && end < start) {
        issue.addIssue({ code: 'custom', path: [to], message: `${label} "to" must not be before "from".` });
      }
    }
  });
export type ReportQuery = z.input<typeof ReportQuery>;

/**
 * Columns whose values are dates ('yyyy-mm-dd') or times (ISO 8601 UTC): the report screens and the
 * exports write them as 'MMM dd, yyyy' (UTC), so a download reads like the screen it came from.
 */
export const isReportDateColumn = (key: string): boolean => key.endsWith('_dt') || key.endsWith('_at');

/** One cell of a report row: text, a number, a yes/no, or empty. Dates are 'yyyy-mm-dd', times ISO 8601. */
export const ReportCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReportCell = z.infer<typeof ReportCell>;

export const ReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  sortable: z.boolean(),
});
export type ReportColumn = z.infer<typeof ReportColumn>;

/** One page of a report: the columns in display order, the rows keyed by column key (plus ids). */
export const ReportPage = z.object({
  report: z.string(),
  title: z.string(),
  columns: z.array(ReportColumn),
  rows: z.array(z.record(z.string(), ReportCell)),
  total: z.number().int(),
  /** True when there are more than REPORT_COUNT_LIMIT matches: `total` then says REPORT_COUNT_LIMIT. */
  capped: z.boolean(),
  page: z.number().int(),
  per_page: z.number().int(),
  sort: z.string(),
  dir: z.enum(['asc', 'desc']),
});
export type ReportPage = z.infer<typeof ReportPage>;

/** The read-acknowledgement detail: the acknowledgement itself, then a page of its readers. */
export const ReadAckSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  pnp_id: z.number().int(),
  pnp_name: z.string(),
  /** The version acknowledged, which the P&P's name opens. */
  version_id: z.number().int(),
  version_number: z.number().int().nullable(),
  status: z.number().int(),
  status_label: z.string(),
  due_dt: z.string().nullable(),
  readers_total: z.number().int(),
  readers_completed: z.number().int(),
});
export type ReadAckSummary = z.infer<typeof ReadAckSummary>;
export const ReadAckDetailPage = ReportPage.extend({ read_acknowledgement: ReadAckSummary });
export type ReadAckDetailPage = z.infer<typeof ReadAckDetailPage>;

/**
 * GET o/{org}/reporting/users/{id}: the name of a user a report is filtered by (`user_id`), so a
 * report opened from a link, a bookmark or a reload names them in its User filter, whoever they are
 * among the organisation's users (the filter's search lists only the first matches).
 */
export const ReportUser = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });
export type ReportUser = z.infer<typeof ReportUser>;

// ---- Dashboard figures ----

export const DashBucket = z.object({
  /** The stage, status or month ('yyyy-mm') this bar stands for. */
  key: z.union([z.number().int(), z.string()]),
  label: z.string(),
  count: z.number().int(),
});
export type DashBucket = z.infer<typeof DashBucket>;

export const DashFigureResult = z.object({
  figure: z.string(),
  title: z.string(),
  buckets: z.array(DashBucket),
  total: z.number().int(),
  /** upcoming_reviews only: Active versions whose review date has passed. */
  overdue: z.number().int().optional(),
  /** The period asked for or used (months 'yyyy-mm'), for upcoming_reviews and published_docs. */
  from: z.string().optional(),
  to: z.string().optional(),
});
export type DashFigureResult = z.infer<typeof DashFigureResult>;

/** published_docs takes a period in months; the other figures take nothing. */
export const DashQuery = z
  .object({
    from: isoMonth('from').optional(),
    to: isoMonth('to').optional(),
  })
  .strict()
  .superRefine((query, issue) => {
    if (query.from && query.to && query.to < query.from) {
      issue.addIssue({ code: 'custom', path: ['to'], message: '"to" must not be before "from".' });
    }
  });
export type DashQuery = z.input<typeof DashQuery>;

export const DASH_TITLES: Record<DashFigure, string> = {
  content_authoring_status: 'Draft Status',
  all_pnp_status: 'All P&P Status',
  upcoming_reviews: 'Upcoming Reviews',
  published_docs: 'Published Documents',
};

/**
 * Approval turnaround (issue 15, beyond the spec): GET o/{org}/reporting/approval_turnaround?from&to
 * [&binder&binder_page&person&person_page].
 * Days spent in each workflow position (Authoring, Reviewing, each Approving step, Publishing),
 * from the workflow history: a stay counts in the period when it ended on a day from `from` to `to`
 * (UTC, both included). By person: days from the start of the stay to that person's action in it.
 * Open stays (drafts still in that position) are listed, slowest first, with their age today.
 */
export const TURNAROUND_MAX_DAYS = 3660;
/** The by-binder and by-person tables come a page of this many rows at a time. */
export const TURNAROUND_PAGE_SIZE = 10;
const nameContains = (label: string) =>
  text({ message: `${label} must be text.` })
    .trim()
    .max(200, { message: `${label} must be at most 200 characters.` })
    .optional();
export const TurnaroundQuery = z
  .object({
    from: isoDate('from').optional(),
    to: isoDate('to').optional(),
    /** Only the binders (people) whose name holds this text, any case. */
    binder: nameContains('binder'),
    person: nameContains('person'),
    binder_page: queryWholeNumber('binder_page', 1, 1_000_000).default(1),
    person_page: queryWholeNumber('person_page', 1, 1_000_000).default(1),
  })
  .strict()
  .superRefine((query, issue) => {
    if (query.from && query.to && query.to < query.from) {
      issue.addIssue({ code: 'custom', path: ['to'], message: '"to" must not be before "from".' });
    }
    if (query.from && query.to) {
      const span = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000;
      if (span > TURNAROUND_MAX_DAYS) {
        issue.addIssue({ code: 'custom', path: ['to'], message: 'The period must be at most ten years.' });
      }
    }
  });
export type TurnaroundQuery = z.input<typeof TurnaroundQuery>;

/** Days are rounded to one decimal; null when nothing ended in the period. */
const TurnaroundFigures = {
  stage_key: z.string(),
  stage_label: z.string(),
  count: z.number().int(),
  median_days: z.number().nullable(),
  p90_days: z.number().nullable(),
};
export const TurnaroundStageRow = z.object(TurnaroundFigures);
export type TurnaroundStageRow = z.infer<typeof TurnaroundStageRow>;
export const TurnaroundBinderRow = z.object({
  binder_id: z.number().int(),
  binder_name: z.string(),
  ...TurnaroundFigures,
});
export type TurnaroundBinderRow = z.infer<typeof TurnaroundBinderRow>;
export const TurnaroundPersonRow = z.object({ user_id: z.number().int(), name: z.string(), ...TurnaroundFigures });
export type TurnaroundPersonRow = z.infer<typeof TurnaroundPersonRow>;
export const TurnaroundOpenItem = z.object({
  pnp_id: z.number().int(),
  pnp_name: z.string(),
  version_id: z.number().int(),
  location: z.string(),
  stage_key: z.string(),
  stage_label: z.string(),
  /** When the draft entered this position (ISO 8601 UTC). */
  since: z.string(),
  days_open: z.number(),
  pending_with: z.string().nullable(),
});
export type TurnaroundOpenItem = z.infer<typeof TurnaroundOpenItem>;
export const TURNAROUND_OPEN_LIMIT = 10;
/**
 * Which page of a table's rows came: a page past the last is answered with the last (`page` says
 * which); `total` counts the rows that match the table's name filter.
 */
export const TurnaroundPaging = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type TurnaroundPaging = z.infer<typeof TurnaroundPaging>;
export const ApprovalTurnaround = z.object({
  from: z.string(),
  to: z.string(),
  stages: z.array(TurnaroundStageRow),
  /** One page of the rows by binder (then stage), sorted by binder name. */
  by_binder: z.array(TurnaroundBinderRow),
  by_binder_paging: TurnaroundPaging,
  /** One page of the rows by person (then stage), sorted by last and first name. */
  by_person: z.array(TurnaroundPersonRow),
  by_person_paging: TurnaroundPaging,
  slowest_open: z.array(TurnaroundOpenItem),
});
export type ApprovalTurnaround = z.infer<typeof ApprovalTurnaround>;

/**
 * Evidence bundle for a surveyor (issue 15, beyond the spec): one zip per P&P or per binder, with
 * every version's file, a PDF summary of the history and the read-acknowledgement records (CSV).
 * GET o/{org}/reporting/evidence/pnps/{pnpId} and o/{org}/reporting/evidence/containers/{binderId}.
 */
export const EVIDENCE_ACTION = 'Download Evidence Bundle';
export const evidencePnpPath = (orgId: number, pnpId: number): string =>
  `/api/o/${orgId}/reporting/evidence/pnps/${pnpId}`;
export const evidenceBinderPath = (orgId: number, binderId: number): string =>
  `/api/o/${orgId}/reporting/evidence/containers/${binderId}`;
