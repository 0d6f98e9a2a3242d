import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { shapedSql } from '../../db/shaped-sql';
import type { OrgCtx } from '../../http/routes';
import { ownedOwnPnpsCondition, ownedSourcesSql, type ReportScope } from './reporting.scope';

/**
 * Counts kept per figure, bucket and access source in `reporting_tallies` by triggers on the
 * versions and P&Ps (migration 0030), for the dashboard's figures and the totals of reports asked
 * without filters. An org admin's count sums every source; an owner's sums the sources they own,
 * plus the few P&Ps with participants of their own that they own (no source: counted from the P&Ps
 * themselves, through the triggers' own bucket function, so both count the same way).
 */

/** Figures of `reporting_tallies` (migration 0030). */
export const Tally = {
  PnpStatus: 1,
  DraftStage: 2,
  ReviewDay: 3,
  PublishedMonth: 4,
  ReviewMonth: 5,
  VersionStatus: 6,
} as const;
export type TallyFigure = (typeof Tally)[keyof typeof Tally];

/** A range of buckets, both ends included (null: open). */
export interface BucketRange {
  from: number | null;
  to: number | null;
}

const inRange = (column: SQL, range: BucketRange): SQL =>
  sql.join(
    [
      sql`true`,
      ...(range.from === null ? [] : [sql`${column} >= ${range.from}`]),
      ...(range.to === null ? [] : [sql`${column} <= ${range.to}`]),
    ],
    sql` and `,
  );

/** What to count: a figure over the buckets of a range. */
export interface TallyPart {
  figure: TallyFigure;
  range?: BucketRange;
}

/** Counts of figures in the caller's scope (`figure`, `bucket`, `n`), as one statement. */
function tallyRowsSql(s: ReportScope, parts: TallyPart[]): SQL {
  const all: BucketRange = { from: null, to: null };
  const kept = sql.join(
    parts.map(({ figure, range }) => sql`(t.figure = ${figure} and ${inRange(sql`t.bucket`, range ?? all)})`),
    sql` or `,
  );
  if (s.ownerId === null) {
    return sql`select t.figure::int as figure, t.bucket, sum(t.n)::int as n from reporting_tallies t
                 where t.org_id = ${s.orgId} and (${kept}) group by t.figure, t.bucket`;
  }
  const owner = { ...s, ownerId: s.ownerId };
  const own = parts.map(({ figure, range }) =>
    figure === Tally.PnpStatus
      ? sql`select ${figure}::int as figure, p.status::int as bucket, 1 as n from pnps p
               where p.org_id = ${s.orgId} and ${ownedOwnPnpsCondition(owner, 'p')}`
      : sql`select b.figure::int, b.bucket, 1 as n from pnps p
                join pnp_documents d on d.org_id = ${s.orgId} and d.pnp_id = p.id
                cross join lateral reporting_version_buckets(p.status, d.status, d.draft_stage, d.review_dt, d.published_at) b
               where p.org_id = ${s.orgId} and ${ownedOwnPnpsCondition(owner, 'p')}
                 and b.figure = ${figure} and ${inRange(sql`b.bucket`, range ?? all)}`,
  );
  return sql`select x.figure, x.bucket, sum(x.n)::int as n from (
        select t.figure::int as figure, t.bucket, t.n from reporting_tallies t
         where t.org_id = ${s.orgId} and (${kept}) and t.source_id in (${ownedSourcesSql(owner)})
        union all ${sql.join(own, sql` union all `)}) x
      group by x.figure, x.bucket`;
}

/**
 * The statement of `tallyRows` (each dashboard figure; a later report page's total), built once per
 * shape (server/db/shaped-sql.ts): the caller's kind, the figures and which ends of their ranges are
 * set decide its text; the organisation, the owner and the ranges' ends (a day or a month, from the
 * clock or the query) are its parameters.
 */
function keptTallyRowsSql(s: ReportScope, parts: TallyPart[]): SQL {
  // No range is every bucket: the same text as a range with both ends open.
  const ranged = parts.map(({ figure, range }) => ({ figure, range: range ?? { from: null, to: null } }));
  const endsOf = ({ from, to }: BucketRange): string => `${from === null ? '-' : 'from'},${to === null ? '-' : 'to'}`;
  const shape = [
    'report-tallies',
    s.ownerId === null ? 'admin' : 'owner',
    ...ranged.map(({ figure, range }) => `${figure}(${endsOf(range)})`),
  ].join(':');
  const values: Record<string, number> = { orgId: s.orgId };
  if (s.ownerId !== null) values.ownerId = s.ownerId;
  ranged.forEach(({ range }, i) => {
    if (range.from !== null) values[`from${i}`] = range.from;
    if (range.to !== null) values[`to${i}`] = range.to;
  });
  return shapedSql(shape, values, (v) =>
    tallyRowsSql(
      { orgId: v.orgId!, ownerId: s.ownerId === null ? null : v.ownerId! },
      ranged.map(({ figure, range }, i) => ({
        figure,
        range: {
          from: range.from === null ? null : v[`from${i}`]!,
          to: range.to === null ? null : v[`to${i}`]!,
        },
      })),
    ),
  );
}

/** Counts of figures in the caller's scope, by figure and bucket, in one statement. */
export async function tallyRows(
  ctx: OrgCtx,
  s: ReportScope,
  parts: TallyPart[],
): Promise<{ figure: number; bucket: number; n: number }[]> {
  const rows = await queryRows<{ figure: number; bucket: number; n: number }>(ctx.tx, keptTallyRowsSql(s, parts));
  return rows.map((row) => ({ figure: Number(row.figure), bucket: Number(row.bucket), n: Number(row.n) }));
}

/** The sum of figures' counts in the caller's scope, as a scalar subquery (a report's total in its first page's statement). */
export const tallyTotalSql = (s: ReportScope, parts: TallyPart[]): SQL =>
  sql`(select coalesce(sum(y.n), 0)::int from (${tallyRowsSql(s, parts)}) y)`;

/** The sum of figures' counts in the caller's scope (a report's total when no filter is given). */
export async function tallyTotal(ctx: OrgCtx, s: ReportScope, parts: TallyPart[]): Promise<number> {
  return (await tallyRows(ctx, s, parts)).reduce((total, row) => total + row.n, 0);
}
