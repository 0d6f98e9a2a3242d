import '@mantine/charts/styles.css';
import { Anchor, Button, Select, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import {
  DASH_FIGURES,
  DASH_TITLES,
  PUBLISHED_DOCS_MAX_MONTHS,
  type DashFigure,
  type DashQuery,
} from '../../../shared/api/reporting';
import { monthKey } from '../../../shared/domain/report-cells';
import { Page } from '../../components/page';
import { plural } from '../../lib/format';
import { useUrlParams } from '../../lib/url-params';
import { dashApi, dashKeys } from './dash-api';
import { bucketLink, overdueLink, reportHref } from './dash-links';
import { FigureCard } from './figure-card';

/** The URL key of the published-documents period, and the period shown without it. */
const PERIOD_PARAM = 'period';
const DEFAULT_PERIOD = 'last-12';
/** The URL key naming each figure whose table is shown (?table=upcoming_reviews&table=published_docs). */
const TABLE_PARAM = 'table';

/** The published-documents periods: the last n months (this one included) or a calendar year. */
export function periodOptions(now: Date): { value: string; label: string; query: DashQuery }[] {
  const lastMonths = [12, 24, 36, PUBLISHED_DOCS_MAX_MONTHS].map((months) => ({
    value: `last-${months}`,
    label: `Last ${months} months`,
    query: { from: monthKey(now, 1 - months), to: monthKey(now) },
  }));
  const year = now.getUTCFullYear();
  const years = [0, 1, 2, 3, 4].map((back) => ({
    value: `year-${year - back}`,
    label: String(year - back),
    query: { from: `${year - back}-01`, to: `${year - back}-12` },
  }));
  return [...lastMonths, ...years];
}

function useFigure(orgId: string, figure: DashFigure, query: DashQuery = {}) {
  return useQuery({
    queryKey: dashKeys.figure(orgId, figure, query),
    queryFn: () => dashApi.figure(orgId, figure, query),
  });
}

/** orgs/{orgId}/reporting_dashboard (issue 15): four figures, each clicking through to its report. */
export function ReportingDashboardPage() {
  const { orgId = '' } = useParams();
  // One "now" per visit: the links of this month's reviews start today, like the server's count.
  const now = useMemo(() => new Date(), []);
  const periods = useMemo(() => periodOptions(now), [now]);
  // The period lives in the URL (?period=year-2025), so a bar's report and Back, or a reload, find
  // the figure as it was left; an unknown value is the default.
  const [params, changeParams] = useUrlParams();
  const chosen = periods.find((option) => option.value === params.get(PERIOD_PARAM));
  const period = chosen?.value ?? DEFAULT_PERIOD;
  const periodQuery = chosen?.query ?? periods.find((option) => option.value === DEFAULT_PERIOD)?.query ?? {};
  const setPeriod = (value: string): void =>
    changeParams((next) => {
      if (value === DEFAULT_PERIOD) next.delete(PERIOD_PARAM);
      else next.set(PERIOD_PARAM, value);
    });
  // The figures whose table is shown live in the URL too: a user who opens a month's report from a
  // table and comes Back finds the table still open, where they left it.
  const tables = new Set(params.getAll(TABLE_PARAM));
  const tableProps = (figure: DashFigure) => ({
    showTable: tables.has(figure),
    onToggleTable: (): void =>
      changeParams((next) => {
        // The tables shown as the address holds them now: one just opened may not be drawn yet.
        const shown = new Set(next.getAll(TABLE_PARAM));
        if (shown.has(figure)) shown.delete(figure);
        else shown.add(figure);
        next.delete(TABLE_PARAM);
        for (const key of DASH_FIGURES) if (shown.has(key)) next.append(TABLE_PARAM, key);
      }),
  });

  const drafts = useFigure(orgId, 'content_authoring_status');
  const statuses = useFigure(orgId, 'all_pnp_status');
  const reviews = useFigure(orgId, 'upcoming_reviews');
  const published = useFigure(orgId, 'published_docs', periodQuery);
  const href =
    (figure: DashFigure) =>
    (bucket: Parameters<typeof bucketLink>[1]): string =>
      reportHref(orgId, bucketLink(figure, bucket, now));

  const overdue = reviews.data?.overdue ?? 0;

  return (
    <Page
      actions={
        <Button component={Link} to={`/orgs/${orgId}/reports`} variant="default">
          All Reports
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <FigureCard
          title={DASH_TITLES.content_authoring_status}
          description="Draft versions of P&Ps not retired, by workflow stage."
          query={drafts}
          category="Stage"
          counted="Versions"
          items="Drafts"
          emptyMessage="No P&P has a draft in progress."
          hrefFor={href('content_authoring_status')}
          {...tableProps('content_authoring_status')}
        />
        <FigureCard
          title={DASH_TITLES.all_pnp_status}
          description="P&Ps by status."
          query={statuses}
          category="Status"
          counted="P&Ps"
          items="P&Ps"
          emptyMessage="There are no P&Ps yet."
          hrefFor={href('all_pnp_status')}
          {...tableProps('all_pnp_status')}
        />
        <FigureCard
          title={DASH_TITLES.upcoming_reviews}
          description="Active versions of published P&Ps by review month, this month and the next 11."
          query={reviews}
          category="Month"
          counted="Versions"
          items="Reviews"
          emptyMessage="No review is due in the next 12 months."
          hrefFor={href('upcoming_reviews')}
          {...tableProps('upcoming_reviews')}
          footnote={
            reviews.data && (
              <Text size="sm">
                Overdue:{' '}
                {overdue > 0 ? (
                  <Anchor component={Link} to={reportHref(orgId, overdueLink(now))}>
                    {plural(overdue, 'version')} past their review date
                  </Anchor>
                ) : (
                  'none'
                )}
              </Text>
            )
          }
        />
        <FigureCard
          title={DASH_TITLES.published_docs}
          description="Versions published each month."
          query={published}
          category="Month"
          counted="Versions"
          items="Documents"
          emptyMessage="No version was published in this period."
          hrefFor={href('published_docs')}
          {...tableProps('published_docs')}
          control={
            <Select
              label="Period"
              size="xs"
              w={170}
              data={periods.map(({ value, label }) => ({ value, label }))}
              value={period}
              onChange={(value) => value && setPeriod(value)}
              allowDeselect={false}
            />
          }
        />
      </SimpleGrid>
    </Page>
  );
}
