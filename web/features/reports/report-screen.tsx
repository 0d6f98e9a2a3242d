/**
 * The report screens of spec §2 "Report catalogue" (issue 15): one component for all eight reports
 * and the read-acknowledgement detail, driven by a ReportDefinition (report-definitions.ts).
 *
 * URL CONVENTION (shared with the reporting dashboard, which links into these screens): the
 * screen's filters, sort and page live in the query string under EXACTLY the API's query keys of
 * shared/api/reporting.ts — q, role, status, version_status, completion, group_id, user_id,
 * effective_from, effective_to, published_from, published_to, review_from, review_to, sort, dir,
 * page, per_page — e.g. `orgs/1/reports/all_versions?version_status=2&review_from=2026-11-01&review_to=2026-11-30`.
 * The screen reads them on load and writes them back as the user changes filters, sort or page
 * (report-query.ts), and sends the keys the report accepts to GET o/{org}/reporting/{report}
 * unchanged. Dates are 'yyyy-mm-dd'; codes are the API's numbers (role 1-5, status 1-3, ...).
 */
import { Alert, Anchor, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  REPORT_COUNT_LIMIT,
  type ReportCell,
  type ReportFilterKey,
  type ReportPage,
} from '../../../shared/api/reporting';
import { Page } from '../../components/page';
import { PaginationFooter } from '../../components/pagination-footer';
import { usePagerFocus } from '../../components/pager-focus';
import { SortableTable, type TableColumn } from '../../components/sortable-table';
import { toggleSort, type SortState } from '../../components/sort-state';
import { formatDisplayDate } from '../../lib/format';
import { useUrlParams } from '../../lib/url-params';
import { PnpStatusBadge, VersionStatusBadge } from '../pnps/components/status-badges';
import { ExportButtons } from './export-buttons';
import { isDateColumn, type ReportDefinition } from './report-definitions';
import { errorsOf } from './report-errors';
import { ReportFilterBar } from './report-filters';
import {
  apiQueryOf,
  countLabel,
  exportQueryOf,
  hasFilters,
  hasPagingKeys,
  nounInSentence,
  sortOf,
  withFilter,
  withoutFilters,
  withPage,
  withSort,
} from './report-query';
import { fetchReportPage, reportKeys, reportPath } from './reports-api';
import { DownloadDocumentsButton } from './download-documents-button';

export type ReportRow = ReportPage['rows'][number];

/** Free-text columns that would otherwise be squeezed to a word a line. */
const WIDE_COLUMNS = new Set(['retire_reason', 'pending_with', 'missing_roles', 'groups']);
/** Below this width a column's header and dates wrap; wider reports scroll sideways in their frame. */
const COLUMN_MIN_WIDTH = 120;

const num = (row: ReportRow, key: string): number | null => {
  const value = row[key];
  return typeof value === 'number' ? value : null;
};

function plainCell(value: ReportCell | undefined, key: string): ReactNode {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && isDateColumn(key)) return formatDisplayDate(value);
  return value;
}

/**
 * Reports whose rows are P&Ps, not versions (Linked P&Ps lists links between P&Ps, Retired P&Ps one
 * row per P&P): each name opens its P&P at the P&P's own address (orgs/{org}/pnps/{id}), which leads
 * to its current version. Per report, the name column and the column holding its P&P's id.
 */
const PNP_NAME_ID_COLUMNS: Readonly<Partial<Record<string, Readonly<Partial<Record<string, string>>>>>> = {
  linked_pnps: { pnp_name: 'pnp_id', linked_pnp_name: 'linked_pnp_id' },
  retired_pnps: { pnp_name: 'pnp_id' },
};

interface CellContext {
  readonly orgId: string;
  readonly def: ReportDefinition;
  readonly onError: (errors: readonly string[] | null) => void;
}

/** A cell as the screen shows it: dates 'MMM dd, yyyy', statuses in their spec colours, links to the item. */
function renderCell(row: ReportRow, key: string, ctx: CellContext): ReactNode {
  const { orgId, def } = ctx;
  const pnpId = num(row, 'pnp_id');
  const versionId = num(row, 'version_id');
  if (def.api === 'read_acknowledgements' && key === 'name' && num(row, 'id') !== null) {
    return (
      <Anchor component={Link} to={`/orgs/${orgId}/reports/read_acknowledgements/${num(row, 'id')}`} size="sm">
        {String(row.name ?? '')}
      </Anchor>
    );
  }
  const nameIdKey = PNP_NAME_ID_COLUMNS[def.api]?.[key];
  const namedPnpId = nameIdKey === undefined ? null : num(row, nameIdKey);
  if (namedPnpId !== null) {
    return (
      <Anchor component={Link} to={`/orgs/${orgId}/pnps/${namedPnpId}`} size="sm">
        {String(row[key] ?? '')}
      </Anchor>
    );
  }
  if (key === 'pnp_name' && pnpId !== null && versionId !== null) {
    return (
      <Anchor component={Link} to={`/orgs/${orgId}/pnps/${pnpId}/pnp_documents/${versionId}`} size="sm">
        {String(row.pnp_name ?? '')}
      </Anchor>
    );
  }
  if (key === 'version_status_label' && num(row, 'version_status') !== null) {
    return <VersionStatusBadge status={num(row, 'version_status') ?? 0} />;
  }
  if (key === 'pnp_status_label' && num(row, 'pnp_status') !== null) {
    return <PnpStatusBadge status={num(row, 'pnp_status') ?? 0} />;
  }
  if (key === 'linked_pnp_status_label' && num(row, 'linked_pnp_status') !== null) {
    return <PnpStatusBadge status={num(row, 'linked_pnp_status') ?? 0} />;
  }
  return plainCell(row[key], key);
}

const rowKeyOf = (row: ReportRow, index: number): string => {
  for (const key of ['row_key', 'id', 'version_id', 'pnp_id']) {
    const value = row[key];
    if (typeof value === 'number' || typeof value === 'string') return `${key}:${value}`;
  }
  return `row:${index}`;
};

export interface ReportScreenProps {
  readonly def: ReportDefinition;
  /** The read acknowledgement whose readers the detail screen lists. */
  readonly readAckId?: string;
  /** Above the filters, from the loaded page (the read-acknowledgement summary). */
  readonly renderSummary?: (page: ReportPage) => ReactNode;
  readonly title?: (page: ReportPage | undefined) => string | undefined;
}

export function ReportScreen({ def, readAckId, renderSummary, title }: ReportScreenProps) {
  const { orgId = '' } = useParams();
  const [params, changeParams] = useUrlParams();
  const [actionErrors, setActionErrors] = useState<readonly string[] | null>(null);
  const query = apiQueryOf(def, params);
  const path = reportPath(orgId, def.api, readAckId);

  const result = useQuery({
    queryKey: reportKeys.page(orgId, path, query),
    queryFn: () => fetchReportPage(path, query),
    retry: false,
  });
  const data = result.data;

  // The sort the server used when the address names none.
  const unnamedSort: SortState = data ? { key: data.sort, dir: data.dir } : def.defaultSort;
  const sort: SortState = sortOf(params) ?? unnamedSort;
  const onFilter = (key: ReportFilterKey, value: string | null): void =>
    changeParams((current) => withFilter(current, key, value));
  const ctx: CellContext = { orgId, def, onError: setActionErrors };

  const columns: TableColumn<ReportRow>[] = def.columns.map((column) => ({
    key: column.key,
    header: column.label,
    sortable: column.sortable,
    width: WIDE_COLUMNS.has(column.key) ? 240 : undefined,
    render: (row) => renderCell(row, column.key, ctx),
  }));
  if (def.api === 'retired_pnps') {
    columns.push({
      key: 'actions',
      header: 'Documents',
      render: (row) => (
        <DownloadDocumentsButton
          orgId={orgId}
          pnpId={num(row, 'pnp_id')}
          pnpName={String(row.pnp_name ?? '')}
          onError={setActionErrors}
        />
      ),
    });
  }

  // The pager is not drawn while the next page loads: the button a keyboard user pressed gets the
  // focus back once the new page is there.
  const pager = usePagerFocus(data?.page ?? 0, result.isPending);
  const onPageChange = (page: number): void => {
    pager.remember();
    changeParams((current) => withPage(current, page));
  };

  // A page past the last (an old link, a bookmark) shows the last page that has rows instead of an
  // empty table under a footer counting them.
  const requestedPage = Number(params.get('page') ?? '1');
  const lastPage = data && data.total > 0 ? Math.ceil(data.total / data.per_page) : null;
  useEffect(() => {
    if (data && data.rows.length === 0 && lastPage !== null && requestedPage > lastPage) {
      changeParams((current) => withPage(current, lastPage));
    }
  }, [data, lastPage, requestedPage, changeParams]);

  const filtered = hasFilters(def, params);
  // Clear Filters also puts the sort back, and after a failure the page and page size too: it is
  // offered when the report failed under any of them from the address (an old bookmark's unknown
  // column, a page size over the largest), so the user is never left without a way out.
  const clearable = filtered || (result.isError && hasPagingKeys(params));
  const loadErrors = result.isError ? errorsOf(result.error, `${def.title} could not be loaded.`) : null;
  const rows = data?.rows ?? [];
  const rowKeys = new Map(rows.map((row, index) => [row, rowKeyOf(row, index)]));
  const count = data ? countLabel(data.total, data.capped) : undefined;

  return (
    <Page
      title={title?.(data) ?? def.title}
      actions={<ExportButtons path={path} query={exportQueryOf(query)} title={def.title} onError={setActionErrors} />}
    >
      {data && renderSummary?.(data)}
      <ReportFilterBar
        def={def}
        params={params}
        onChange={onFilter}
        onReset={() => changeParams((current) => withoutFilters(current, def, !result.isError))}
        filtered={clearable}
      />
      {actionErrors && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="The download failed"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setActionErrors(null)}
          role="alert"
        >
          <ErrorList errors={actionErrors} />
        </Alert>
      )}
      {loadErrors ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={`${def.title} could not be loaded`}
          role="alert"
        >
          <ErrorList errors={loadErrors} />
        </Alert>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={600} data-testid="report-count" aria-live="polite">
              {result.isPending || !data ? '\u00a0' : `${def.items}: ${count ?? ''}`}
            </Text>
            {data?.capped && (
              <Text size="sm" c="dimmed">
                {`Counted up to ${REPORT_COUNT_LIMIT.toLocaleString('en-US')}; narrow the filters for an exact count.`}
              </Text>
            )}
          </Group>
          <SortableTable
            label={def.title}
            minWidth={Math.max(640, columns.length * COLUMN_MIN_WIDTH)}
            columns={columns}
            rows={rows}
            rowKey={(row) => rowKeys.get(row) ?? ''}
            loading={result.isPending}
            sort={sort}
            onSort={(key) =>
              changeParams((current) => withSort(current, toggleSort(sortOf(current) ?? unnamedSort, key)))
            }
            empty={{
              items: def.items,
              message: filtered ? `No ${nounInSentence(def.items)} match these filters.` : undefined,
            }}
            footer={
              data && (
                <PaginationFooter
                  total={data.total}
                  capped={data.capped}
                  page={data.page}
                  pageSize={data.per_page}
                  label={def.items}
                  onPageChange={onPageChange}
                />
              )
            }
          />
        </Stack>
      )}
    </Page>
  );
}

function ErrorList({ errors }: { readonly errors: readonly string[] }) {
  if (errors.length === 1) return <Text size="sm">{errors[0]}</Text>;
  return (
    <List size="sm">
      {errors.map((error) => (
        <List.Item key={error}>{error}</List.Item>
      ))}
    </List>
  );
}
