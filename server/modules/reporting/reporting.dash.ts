import { sql, type SQL } from 'drizzle-orm';
import {
  DASH_TITLES,
  PUBLISHED_DOCS_MAX_MONTHS,
  type DashBucket,
  type DashFigure,
  type DashFigureResult,
} from '../../../shared/api/reporting';
import { monthKey, monthLabel, monthSpan, monthsBetween } from '../../../shared/domain/report-cells';
import { DRAFT_STAGE_LABELS, PNP_STATUS_LABELS } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { pnpInScope, reportScope, type ReportScope } from './reporting.scope';

/**
 * The dashboard's four figures (issue 15), each one grouped count over the caller's scope. Every
 * bucket is present, zeros included, so a chart's axis never changes with the data.
 *
 * An org admin's counts read versions only: the P&P's status is asked of the few P&Ps that are not
 * Published (an anti-join), and the date figures are ranges of indexes on the versions that hold the
 * P&P (migration 0029), read without the table. Days or months are counted first and labelled after.
 * An owner's counts join the P&P for the scope.
 */

/** The P&P of the version `d` is in scope (an owner's) and, where asked, of one of `statuses`. */
function versionOfPnp(s: ReportScope, statuses: readonly number[] | null): { join: SQL; where: SQL } {
  const list =
    statuses === null
      ? null
      : sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        );
  if (s.ownerId === null) {
    // Statuses are 1-3 (a check constraint): the P&Ps of the others are few and indexed by status.
    const others = statuses === null ? [] : [1, 2, 3].filter((status) => !statuses.includes(status));
    return {
      join: sql``,
      where: others.length
        ? sql`not exists (select 1 from pnps x where x.org_id = ${s.orgId} and x.id = d.pnp_id
                           and x.status in (${sql.join(
                             others.map((status) => sql`${status}`),
                             sql`, `,
                           )}))`
        : sql`true`,
    };
  }
  return {
    join: sql`join pnps p on p.org_id = ${s.orgId} and p.id = d.pnp_id`,
    where: sql`${list === null ? sql`true` : sql`p.status in (${list})`} and ${pnpInScope(s, 'p')}`,
  };
}

async function countsBy(ctx: OrgCtx, query: ReturnType<typeof sql>): Promise<Map<string, number>> {
  const rows = await queryRows<{ k: string | number | null; n: number }>(ctx.tx, query);
  return new Map(rows.map((row) => [String(row.k), row.n]));
}

function buckets(
  keys: (string | number)[],
  labels: (key: string | number) => string,
  counts: Map<string, number>,
): DashBucket[] {
  return keys.map((key) => ({ key, label: labels(key), count: counts.get(String(key)) ?? 0 }));
}

const sum = (list: DashBucket[]): number => list.reduce((total, bucket) => total + bucket.count, 0);

async function draftStatus(ctx: OrgCtx, s: ReportScope): Promise<DashFigureResult> {
  const { join, where } = versionOfPnp(s, [1, 2]);
  const counts = await countsBy(
    ctx,
    sql`select d.draft_stage::int as k, count(*)::int as n
          from pnp_documents d ${join}
         where d.org_id = ${s.orgId} and d.status = 1 and ${where}
         group by 1`,
  );
  const list = buckets([2, 3, 4, 5], (k) => DRAFT_STAGE_LABELS[k as 2 | 3 | 4 | 5], counts);
  return {
    figure: 'content_authoring_status',
    title: DASH_TITLES.content_authoring_status,
    buckets: list,
    total: sum(list),
  };
}

async function pnpStatus(ctx: OrgCtx, s: ReportScope): Promise<DashFigureResult> {
  const counts = await countsBy(
    ctx,
    sql`select p.status::int as k, count(*)::int as n from pnps p
         where p.org_id = ${s.orgId} and ${pnpInScope(s, 'p')} group by 1`,
  );
  const list = buckets([1, 2, 3], (k) => PNP_STATUS_LABELS[k as 1 | 2 | 3], counts);
  return { figure: 'all_pnp_status', title: DASH_TITLES.all_pnp_status, buckets: list, total: sum(list) };
}

/** Review dates of the Active versions of published P&Ps: overdue ones, then this month and the next eleven. */
async function upcomingReviews(ctx: OrgCtx, s: ReportScope): Promise<DashFigureResult> {
  const today = ctx.now.toISOString().slice(0, 10);
  const from = monthKey(ctx.now);
  const to = monthKey(ctx.now, 11);
  const end = `${monthKey(ctx.now, 12)}-01`;
  const { join, where } = versionOfPnp(s, [2]);
  const counts = await countsBy(
    ctx,
    sql`
      select case when g.day < ${today}::date then 'overdue' else to_char(g.day, 'YYYY-MM') end as k, sum(g.n)::int as n
        from (select d.review_dt as day, count(*) as n
                from pnp_documents d ${join}
               where d.org_id = ${s.orgId} and d.status = 2 and d.review_dt < ${end}::date and ${where}
               group by d.review_dt) g
       group by 1`,
  );
  const list = buckets(monthsBetween(from, to), (k) => monthLabel(String(k)), counts);
  return {
    figure: 'upcoming_reviews',
    title: DASH_TITLES.upcoming_reviews,
    buckets: list,
    total: sum(list),
    overdue: counts.get('overdue') ?? 0,
    from,
    to,
  };
}

/** Versions published per month (UTC) over a period: by default the last twelve months, this one included. */
async function publishedDocs(
  ctx: OrgCtx,
  s: ReportScope,
  period: { from?: string; to?: string },
): Promise<DashFigureResult> {
  const to = period.to ?? (period.from ? monthKey(new Date(`${period.from}-01T00:00:00Z`), 11) : monthKey(ctx.now));
  const from = period.from ?? monthKey(new Date(`${to}-01T00:00:00Z`), -11);
  if (monthSpan(from, to) > PUBLISHED_DOCS_MAX_MONTHS) {
    throw unprocessable(`The period must be at most ${PUBLISHED_DOCS_MAX_MONTHS} months.`);
  }
  const end = `${monthKey(new Date(`${to}-01T00:00:00Z`), 1)}-01`;
  const { join, where } = versionOfPnp(s, null);
  const counts = await countsBy(
    ctx,
    sql`
      select to_char(g.month, 'YYYY-MM') as k, sum(g.n)::int as n
        from (select date_trunc('month', d.published_at at time zone 'UTC') as month, count(*) as n
                from pnp_documents d ${join}
               where d.org_id = ${s.orgId} and d.published_at is not null
                 and d.published_at >= (${`${from}-01`}::date)::timestamp at time zone 'UTC'
                 and d.published_at < (${end}::date)::timestamp at time zone 'UTC'
                 and ${where}
               group by 1) g
       group by 1`,
  );
  const list = buckets(monthsBetween(from, to), (k) => monthLabel(String(k)), counts);
  return { figure: 'published_docs', title: DASH_TITLES.published_docs, buckets: list, total: sum(list), from, to };
}

export async function getDashFigure(
  ctx: OrgCtx,
  figure: DashFigure,
  query: { from?: string; to?: string },
): Promise<DashFigureResult> {
  const scope = await reportScope(ctx);
  if (figure !== 'published_docs' && (query.from || query.to)) {
    throw unprocessable('from and to apply to published_docs only.');
  }
  switch (figure) {
    case 'content_authoring_status':
      return draftStatus(ctx, scope);
    case 'all_pnp_status':
      return pnpStatus(ctx, scope);
    case 'upcoming_reviews':
      return upcomingReviews(ctx, scope);
    case 'published_docs':
      return publishedDocs(ctx, scope, query);
  }
}
