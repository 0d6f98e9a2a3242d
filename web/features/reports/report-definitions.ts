import {
  isReportDateColumn,
  REPORT_TITLES,
  type ReportColumn,
  type ReportFilterKey,
  type ReportOrDetailKey,
} from '../../../shared/api/reporting';
import type { SortState } from '../../components/sort-state';

/**
 * One definition per report screen (spec §2 "Report catalogue"): the route segment the spec gives
 * it, the API report it reads (docs/reports.md), its columns in display order, the filters it
 * accepts (each an API query key) and its default order. The report screen is one component
 * driven by these; the columns and filters mirror the server's report definitions, which refuse
 * any filter a report does not take.
 */
export interface ReportDefinition {
  /** The route segment under orgs/{orgId}/reports (spec §2). */
  readonly path: string;
  /** The report of GET o/{org}/reporting/{report}. */
  readonly api: ReportOrDetailKey;
  readonly title: string;
  /** Plural noun for the count line, the footer and 'No {items} to show'. */
  readonly items: string;
  readonly columns: readonly ReportColumn[];
  /** Filters in the order they are shown; every one is a query key of the API (shared/api/reporting.ts). */
  readonly filters: readonly ReportFilterKey[];
  /** What the search box looks in. */
  readonly searchHint: string;
  /** The server's order when the URL names none (shown as the active column). */
  readonly defaultSort: SortState;
}

const c = (key: string, label: string, sortable = true): ReportColumn => ({ key, label, sortable });

const DATE_FILTERS_ALL: readonly ReportFilterKey[] = [
  'effective_from',
  'effective_to',
  'published_from',
  'published_to',
  'review_from',
  'review_to',
];

export const ALL_VERSIONS: ReportDefinition = {
  path: 'all_versions',
  api: 'pnp_documents',
  title: REPORT_TITLES.pnp_documents,
  items: 'Versions',
  columns: [
    c('pnp_name', 'P&P Name'),
    c('location', 'Location'),
    c('version_number', 'Version'),
    c('version_status_label', 'Version Status'),
    c('pnp_status_label', 'P&P Status'),
    c('stage_label', 'Draft Stage'),
    c('effective_dt', 'Effective Date'),
    c('published_at', 'Published'),
    c('review_dt', 'Review Date'),
    c('archived_at', 'Archived'),
  ],
  filters: ['q', 'version_status', 'pnp_status', ...DATE_FILTERS_ALL],
  searchHint: 'P&P name',
  defaultSort: { key: 'pnp_name', dir: 'asc' },
};

export const READ_ACKNOWLEDGEMENTS: ReportDefinition = {
  path: 'read_acknowledgements',
  api: 'read_acknowledgements',
  title: REPORT_TITLES.read_acknowledgements,
  items: 'Read Acknowledgements',
  columns: [
    c('name', 'Read Acknowledgement'),
    c('pnp_name', 'P&P Name'),
    c('version_number', 'Version'),
    c('status_label', 'Status'),
    c('groups', 'Groups', false),
    c('due_dt', 'Due Date'),
    c('readers_total', 'Readers'),
    c('readers_completed', 'Completed'),
    c('readers_pending', 'Pending'),
    c('completion_pct', 'Completion %'),
    c('created_at', 'Created'),
    c('closed_at', 'Closed'),
  ],
  filters: ['q', 'status', 'group_id'],
  searchHint: 'Read acknowledgement or P&P name',
  defaultSort: { key: 'created_at', dir: 'desc' },
};

/** The readers of one read acknowledgement (orgs/{orgId}/reports/read_acknowledgements/{id}). */
export const READ_ACK_READERS: ReportDefinition = {
  path: 'read_acknowledgements/:readAcknowledgementId',
  api: 'read_acknowledgement_readers',
  title: REPORT_TITLES.read_acknowledgement_readers,
  items: 'Readers',
  columns: [
    c('reader_name', 'Reader'),
    c('email', 'Email'),
    c('via_group', 'Group'),
    c('completed', 'Completed'),
    c('opened_at', 'Opened'),
    c('acknowledged_at', 'Acknowledged'),
    c('acknowledged_version', 'Version Acknowledged'),
  ],
  filters: ['q', 'completion'],
  searchHint: 'Reader name or email',
  defaultSort: { key: 'reader_name', dir: 'asc' },
};

export const PENDING_ACTION: ReportDefinition = {
  path: 'pending_action',
  api: 'pending_action',
  title: REPORT_TITLES.pending_action,
  items: 'Versions',
  columns: [
    c('pnp_name', 'P&P Name'),
    c('location', 'Location'),
    c('stage_label', 'Stage'),
    c('approval_step', 'Approval Step'),
    c('pending_with', 'Pending With', false),
    c('pending_count', 'Open Tasks'),
    c('started_at', 'Draft Started'),
  ],
  filters: ['q', 'user_id', 'draft_stage'],
  searchHint: 'P&P name',
  defaultSort: { key: 'started_at', dir: 'asc' },
};

export const VIEWS_BY_VERSION: ReportDefinition = {
  path: 'version_total_views',
  api: 'pnp_document_views',
  title: REPORT_TITLES.pnp_document_views,
  items: 'Versions',
  columns: [
    c('pnp_name', 'P&P Name'),
    c('location', 'Location'),
    c('version_number', 'Version'),
    c('version_status_label', 'Version Status'),
    c('published_at', 'Published'),
    c('views', 'Views'),
    c('unique_viewers', 'Unique Viewers'),
    c('last_viewed_at', 'Last Viewed'),
  ],
  filters: ['q', 'published_from', 'published_to'],
  searchHint: 'P&P name',
  defaultSort: { key: 'views', dir: 'desc' },
};

export const ASSIGNMENTS: ReportDefinition = {
  path: 'user_assignments',
  api: 'user_assignments',
  title: REPORT_TITLES.user_assignments,
  items: 'Assignments',
  columns: [
    c('subject_name', 'User / Group'),
    c('subject_type', 'Type'),
    c('email', 'Email'),
    c('role_label', 'Role'),
    c('object_type', 'Item Type'),
    c('object_name', 'Item'),
    c('location', 'Location'),
  ],
  filters: ['q', 'role', 'user_id', 'group_id'],
  searchHint: 'User, group or item name',
  defaultSort: { key: 'subject_name', dir: 'asc' },
};

export const UNASSIGNED_ITEMS: ReportDefinition = {
  path: 'unassigned_pnps',
  api: 'missing_assignments',
  title: REPORT_TITLES.missing_assignments,
  items: 'Items',
  columns: [
    c('object_name', 'Item'),
    c('object_type', 'Item Type'),
    c('location', 'Location'),
    c('missing_roles', 'Missing Roles', false),
    c('missing_count', 'Missing'),
  ],
  filters: ['q', 'role'],
  searchHint: 'Item name',
  defaultSort: { key: 'object_name', dir: 'asc' },
};

export const RETIRED_PNPS: ReportDefinition = {
  path: 'retired_pnps',
  api: 'retired_pnps',
  title: REPORT_TITLES.retired_pnps,
  items: 'P&Ps',
  columns: [
    c('pnp_name', 'P&P Name'),
    c('location', 'Location'),
    c('version_number', 'Last Version'),
    c('version_count', 'Versions'),
    c('effective_dt', 'Effective Date'),
    c('published_at', 'Published'),
    c('retired_at', 'Retired'),
    c('retire_reason', 'Reason', false),
  ],
  filters: ['q', 'effective_from', 'effective_to', 'published_from', 'published_to'],
  searchHint: 'P&P name',
  defaultSort: { key: 'retired_at', dir: 'desc' },
};

export const LINKED_PNPS: ReportDefinition = {
  path: 'linked_pnps',
  api: 'linked_pnps',
  title: REPORT_TITLES.linked_pnps,
  items: 'Links',
  columns: [
    c('pnp_name', 'P&P Name'),
    c('pnp_status_label', 'Status'),
    c('location', 'Location'),
    c('linked_pnp_name', 'Linked P&P'),
    c('linked_pnp_status_label', 'Linked Status'),
    c('linked_location', 'Linked Location'),
    c('linked_at', 'Linked'),
  ],
  filters: ['q'],
  searchHint: 'P&P or linked P&P name',
  defaultSort: { key: 'pnp_name', dir: 'asc' },
};

/** The eight reports of the catalogue, by their route segment. */
export const REPORT_DEFINITIONS: readonly ReportDefinition[] = [
  ALL_VERSIONS,
  READ_ACKNOWLEDGEMENTS,
  PENDING_ACTION,
  VIEWS_BY_VERSION,
  ASSIGNMENTS,
  UNASSIGNED_ITEMS,
  RETIRED_PNPS,
  LINKED_PNPS,
];

/** Columns whose values are dates ('yyyy-mm-dd') or times (ISO 8601), shown as 'MMM dd, yyyy'. */
export const isDateColumn = isReportDateColumn;
