import { Alert, Anchor, Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type {
  ApprovalTurnaround,
  TurnaroundBinderRow,
  TurnaroundOpenItem,
  TurnaroundPaging,
  TurnaroundPersonRow,
  TurnaroundStageRow,
} from '../../../shared/api/reporting';
import { DateInput } from '../../components/date-input';
import { LoadingIndicator } from '../../components/loading-indicator';
import { Page } from '../../components/page';
import { PaginationFooter } from '../../components/pagination-footer';
import { SearchBox } from '../../components/search-box';
import { ApiError } from '../../lib/api-client';
import { formatDisplayDate } from '../../lib/format';
import { useUrlParams } from '../../lib/url-params';
import { fetchTurnaround, turnaroundKeys, type TurnaroundTables } from './turnaround-api';

const days = (value: number | null): string => (value === null ? '—' : value.toFixed(1));

function errorsOf(error: unknown): readonly string[] {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors;
  if (error instanceof ApiError && error.status === 403) return ['You may not see this report.'];
  return ['The approval turnaround could not be loaded.'];
}

function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const FIGURE_HEADERS = ['Completed', 'Median (days)', '90th percentile (days)'];

function FigureCells({ row }: { readonly row: TurnaroundStageRow }) {
  return (
    <>
      <Table.Td ta="right">{row.count}</Table.Td>
      <Table.Td ta="right">{days(row.median_days)}</Table.Td>
      <Table.Td ta="right">{days(row.p90_days)}</Table.Td>
    </>
  );
}

/** A table that comes a page at a time: its name search above it, its pager below. */
interface TablePaging {
  readonly paging: TurnaroundPaging;
  readonly search: { readonly label: string; readonly value: string; readonly onChange: (value: string) => void };
  readonly onPageChange: (page: number) => void;
}

function FigureTable<T extends TurnaroundStageRow>({
  label,
  rows,
  leading,
  keyOf,
  cells,
  empty,
  paged,
}: {
  readonly label: string;
  readonly rows: readonly T[];
  readonly leading: readonly string[];
  readonly keyOf: (row: T) => string;
  readonly cells: (row: T) => ReactNode;
  readonly empty: string;
  readonly paged?: TablePaging;
}) {
  // A table's name search, as the reports' search box (each search asks for the whole screen's figures).
  const search = paged && <SearchBox {...paged.search} maxLength={200} mb="sm" />;
  if (rows.length === 0) {
    return (
      <>
        {search}
        {/* A status, so that a search that empties the table is announced as the pager's count was. */}
        <Text c="dimmed" role="status">
          {paged?.search.value ? `Nothing matches "${paged.search.value}".` : empty}
        </Text>
      </>
    );
  }
  const table = (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {[...leading, ...FIGURE_HEADERS].map((header, index) => (
              <Table.Th key={header} ta={index >= leading.length ? 'right' : undefined}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={keyOf(row)}>
              {cells(row)}
              <FigureCells row={row} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  if (!paged) return table;
  return (
    <>
      {search}
      {table}
      <PaginationFooter
        total={paged.paging.total}
        page={paged.paging.page}
        pageSize={paged.paging.per_page}
        navLabel={`${label} pages`}
        onPageChange={paged.onPageChange}
      />
    </>
  );
}

function OpenItems({ orgId, rows }: { readonly orgId: string; readonly rows: readonly TurnaroundOpenItem[] }) {
  if (rows.length === 0) return <Text c="dimmed">No drafts are waiting in a stage.</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label="Slowest open items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>P&amp;P Name</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Stage</Table.Th>
            <Table.Th>In Stage Since</Table.Th>
            <Table.Th ta="right">Days Open</Table.Th>
            <Table.Th>Pending With</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.version_id}:${row.stage_key}`}>
              <Table.Td>
                <Anchor component={Link} to={`/orgs/${orgId}/pnps/${row.pnp_id}/pnp_documents/${row.version_id}`}>
                  {row.pnp_name}
                </Anchor>
              </Table.Td>
              <Table.Td>{row.location}</Table.Td>
              <Table.Td>{row.stage_label}</Table.Td>
              <Table.Td>{formatDisplayDate(row.since)}</Table.Td>
              <Table.Td ta="right">{days(row.days_open)}</Table.Td>
              <Table.Td>{row.pending_with ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** How the by-binder and by-person tables are narrowed and paged: kept in the address, changed there. */
interface TablesControl {
  readonly tables: TurnaroundTables;
  readonly change: (name: 'binder' | 'person', search: string | null, page: number | null) => void;
}

function Figures({
  orgId,
  data,
  control,
}: {
  readonly orgId: string;
  readonly data: ApprovalTurnaround;
  readonly control: TablesControl;
}) {
  const none = 'No stage was completed in this period.';
  const { tables, change } = control;
  return (
    <Stack gap="md">
      <Section title="By Stage">
        <FigureTable
          label="Turnaround by stage"
          rows={data.stages}
          leading={['Stage']}
          keyOf={(row) => row.stage_key}
          cells={(row) => <Table.Td>{row.stage_label}</Table.Td>}
          empty={none}
        />
      </Section>
      <Section title="By Binder">
        <FigureTable<TurnaroundBinderRow>
          label="Turnaround by binder"
          rows={data.by_binder}
          leading={['Binder', 'Stage']}
          keyOf={(row) => `${row.binder_id}:${row.stage_key}`}
          cells={(row) => (
            <>
              <Table.Td>{row.binder_name}</Table.Td>
              <Table.Td>{row.stage_label}</Table.Td>
            </>
          )}
          empty={none}
          paged={{
            paging: data.by_binder_paging,
            search: {
              label: 'Search binders',
              value: tables.binder ?? '',
              onChange: (value) => change('binder', value, null),
            },
            onPageChange: (page) => change('binder', tables.binder, page),
          }}
        />
      </Section>
      <Section title="By Person">
        <Text size="sm" c="dimmed" mb="xs">
          Days from the start of a stage to the person&apos;s action in it.
        </Text>
        <FigureTable<TurnaroundPersonRow>
          label="Turnaround by person"
          rows={data.by_person}
          leading={['Person', 'Stage']}
          keyOf={(row) => `${row.user_id}:${row.stage_key}`}
          cells={(row) => (
            <>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.stage_label}</Table.Td>
            </>
          )}
          empty="Nobody acted in a stage in this period."
          paged={{
            paging: data.by_person_paging,
            search: {
              label: 'Search people',
              value: tables.person ?? '',
              onChange: (value) => change('person', value, null),
            },
            onPageChange: (page) => change('person', tables.person, page),
          }}
        />
      </Section>
      <Section title="Slowest Open Items">
        <OpenItems orgId={orgId} rows={data.slowest_open} />
      </Section>
    </Stack>
  );
}

/**
 * orgs/{orgId}/reports/approval_turnaround: median and 90th-percentile days in each workflow stage
 * over a period (a stage counts when it ended in the period), by binder and by person, and the
 * drafts waiting longest. The period lives in the address (?from&to), so a view can be shared.
 */
export function ApprovalTurnaroundPage() {
  const { orgId = '' } = useParams();
  const [params, changeParams] = useUrlParams();
  const from = params.get('from');
  const to = params.get('to');
  const tables: TurnaroundTables = {
    binder: params.get('binder'),
    binderPage: params.get('binder_page'),
    person: params.get('person'),
    personPage: params.get('person_page'),
  };
  const query = useQuery({
    queryKey: turnaroundKeys.period(orgId, from, to, tables),
    queryFn: () => fetchTurnaround(orgId, from, to, tables),
    // No placeholder from another period: its figures would stay on screen under the new dates as
    // if they were this period's ('Loading Records...' until this period's come). Another page or
    // name of a table keeps the period's figures on screen while its rows come (the table is busy).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === orgId && previousQuery.queryKey[2] === from && previousQuery.queryKey[3] === to
        ? previous
        : undefined,
    retry: false,
  });
  const data = query.data;
  const setPeriod = (key: 'from' | 'to', value: string | null): void =>
    changeParams((next) => {
      // The other end shown on screen becomes explicit, so changing one end keeps the other.
      const other = key === 'from' ? 'to' : 'from';
      if (!next.get(other) && data) next.set(other, data[other]);
      if (value) next.set(key, value);
      else next.delete(key);
      // Another period has other rows: each table starts again at its first page.
      next.delete('binder_page');
      next.delete('person_page');
    });
  const control: TablesControl = {
    tables,
    change: (name, search, page) =>
      changeParams((next) => {
        if (search) next.set(name, search);
        else next.delete(name);
        if (page !== null && page > 1) next.set(`${name}_page`, String(page));
        else next.delete(`${name}_page`);
      }),
  };
  const shownFrom = from ?? data?.from ?? null;
  const shownTo = to ?? data?.to ?? null;
  return (
    <Page title="Approval Turnaround">
      <Paper withBorder radius="md" p="md" component="section" aria-label="Period">
        <Group gap="md" align="flex-start" wrap="wrap">
          <Box w={195}>
            <DateInput
              label="From"
              value={shownFrom}
              maxDate={shownTo ?? undefined}
              onChange={(value) => setPeriod('from', value)}
            />
          </Box>
          <Box w={195}>
            <DateInput
              label="To"
              value={shownTo}
              minDate={shownFrom ?? undefined}
              onChange={(value) => setPeriod('to', value)}
            />
          </Box>
        </Group>
        {data && (
          <Text size="sm" c="dimmed" mt="xs" data-testid="turnaround-period">
            Stages completed from {formatDisplayDate(data.from)} to {formatDisplayDate(data.to)}
          </Text>
        )}
      </Paper>
      {/* Busy for screen readers while the period's figures are loading, as the lists' tables are. */}
      <Box aria-busy={query.isPending || query.isPlaceholderData || undefined} data-testid="turnaround-figures">
        {query.error ? (
          <Alert color="red" title="The approval turnaround could not be shown">
            {errorsOf(query.error).map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        ) : data ? (
          <Figures orgId={orgId} data={data} control={control} />
        ) : (
          <LoadingIndicator />
        )}
      </Box>
    </Page>
  );
}
