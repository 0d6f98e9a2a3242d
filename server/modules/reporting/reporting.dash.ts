import {
  DASH_TITLES,
  PUBLISHED_DOCS_MAX_MONTHS,
  type DashBucket,
  type DashFigure,
  type DashFigureResult,
} from '../../../shared/api/reporting';
import { monthKey, monthLabel, monthSpan, monthsBetween } from '../../../shared/domain/report-cells';
import { DRAFT_STAGE_LABELS, PNP_STATUS_LABELS } from '../../../shared/domain/statuses';
import { commitWithFinalStatement, planOnce } from '../../db/tenant';
import { unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { reportScope, type ReportScope } from './reporting.scope';
import { Tally, tallyRows, type BucketRange, type TallyFigure } from './reporting.tallies';

/**
 * The dashboard's four figures (issue 15), each one grouped count over the caller's scope. Every
 * bucket is present, zeros included, so a chart's axis never changes with the data.
 *
 * The counts are read from `reporting_tallies` (migration 0030), kept by triggers in the same
 * transaction as every write of a version or a P&P: per figure, bucket and access source. An org
 * admin's figure sums every source; an owner's sums the sources they own, plus the few P&Ps with
 * participants of their own that they own (no source: counted from the P&Ps themselves, through the
 * same bucket function as the triggers). The buckets are integers (a status, a stage, a day, a
 * yyyymm month); they are turned into keys and labels here.
 */

/** Counts of one figure in the caller's scope, by bucket. */
async function tallies(ctx: OrgCtx, s: ReportScope, figure: TallyFigure, range?: BucketRange) {
  const rows = await tallyRows(ctx, s, [{ figure, ...(range ? { range } : {}) }]);
  return new Map(rows.map((row) => [row.bucket, row.n]));
}

/** 'yyyy-mm' as the tallies' yyyymm bucket, and back. */
const monthBucket = (key: string): number => Number(key.slice(0, 4)) * 100 + Number(key.slice(5, 7));
const monthOfBucket = (bucket: number): string =>
  `${String(Math.floor(bucket / 100)).padStart(4, '0')}-${String(bucket % 100).padStart(2, '0')}`;
/** 'yyyy-mm-dd' as the tallies' day bucket (days since 2000-01-01). */
const dayBucket = (day: string): number =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.UTC(2000, 0, 1)) / 86_400_000);

function buckets(
  keys: (string | number)[],
  labels: (key: string | number) => string,
  counts: Map<string, number>,
): DashBucket[] {
  return keys.map((key) => ({ key, label: labels(key), count: counts.get(String(key)) ?? 0 }));
}

const byKey = (counts: Map<number, number>, key: (bucket: number) => string = String): Map<string, number> => {
  const out = new Map<string, number>();
  for (const [bucket, n] of counts) out.set(key(bucket), (out.get(key(bucket)) ?? 0) + n);
  return out;
};

const sum = (list: DashBucket[]): number => list.reduce((total, bucket) => total + bucket.count, 0);

/** Drafts of P&Ps not retired, by stage. */
async function draftStatus(ctx: OrgCtx, s: ReportScope): Promise<DashFigureResult> {
  const counts = byKey(await tallies(ctx, s, Tally.DraftStage, { from: 2, to: 5 }));
  const list = buckets([2, 3, 4, 5], (k) => DRAFT_STAGE_LABELS[k as 2 | 3 | 4 | 5], counts);
  return {
    figure: 'content_authoring_status',
    title: DASH_TITLES.content_authoring_status,
    buckets: list,
    total: sum(list),
  };
}

async function pnpStatus(ctx: OrgCtx, s: ReportScope): Promise<DashFigureResult> {
  const counts = byKey(await tallies(ctx, s, Tally.PnpStatus));
  const list = buckets([1, 2, 3], (k) => PNP_STATUS_LABELS[k as 1 | 2 | 3], counts);
  return { figure: 'all_pnp_status', title: DASH_TITLES.all_pnp_status, buckets: list, total: sum(list) };
}

/**
 * Review dates of the Active versions of published P&Ps: overdue ones, then this month and the next
 * eleven. Whole months come from the monthly tally (before this month: overdue); this month is split
 * at today by the daily one.
 */
async function upcomingReviews(ctx: OrgCtx, s: ReportScope): Promise<DashFigureResult> {
  const today = ctx.now.toISOString().slice(0, 10);
  const from = monthKey(ctx.now);
  const to = monthKey(ctx.now, 11);
  const rows = await tallyRows(ctx, s, [
    { figure: Tally.ReviewMonth, range: { from: null, to: monthBucket(to) } },
    {
      figure: Tally.ReviewDay,
      range: { from: dayBucket(`${from}-01`), to: dayBucket(`${monthKey(ctx.now, 1)}-01`) - 1 },
    },
  ]);
  const counts = new Map<string, number>();
  const add = (key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);
  for (const { figure, bucket, n } of rows) {
    if (figure === Tally.ReviewDay) add(bucket < dayBucket(today) ? 'overdue' : from, n);
    else if (bucket < monthBucket(from)) add('overdue', n);
    else if (bucket > monthBucket(from)) add(monthOfBucket(bucket), n);
  }
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
  const counts = byKey(
    await tallies(ctx, s, Tally.PublishedMonth, { from: monthBucket(from), to: monthBucket(to) }),
    monthOfBucket,
  );
  const list = buckets(monthsBetween(from, to), (k) => monthLabel(String(k)), counts);
  return { figure: 'published_docs', title: DASH_TITLES.published_docs, buckets: list, total: sum(list), from, to };
}

export async function getDashFigure(
  ctx: OrgCtx,
  figure: DashFigure,
  query: { from?: string; to?: string },
): Promise<DashFigureResult> {
  // The figures' statements read the tallies by ranges whose plans do not depend on the values:
  // planned once per connection (docs/adr/0014-list-plans.md); nothing runs after them.
  await planOnce(ctx.tx);
  const scope = await reportScope(ctx);
  if (figure !== 'published_docs' && (query.from || query.to)) {
    throw unprocessable('from and to apply to published_docs only.');
  }
  // Each figure is one statement of the tallies, the transaction's last: its COMMIT travels with it
  // (ADR 0019). A period refused before it leaves the mark unused (the transaction ends as usual).
  commitWithFinalStatement(ctx.tx);
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
