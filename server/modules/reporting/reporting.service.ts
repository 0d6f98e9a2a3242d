import { sql, type SQL } from 'drizzle-orm';
import {
  REPORT_COUNT_LIMIT,
  REPORT_TITLES,
  ReportFilters,
  type ReadAckDetailPage,
  type ReadAckSummary,
  type ReportCell,
  type ReportFilterKey,
  type ReportOrDetailKey,
  type ReportPage,
} from '../../../shared/api/reporting';
import { queryRows } from '../../db/client';
import { shapedSql } from '../../db/shaped-sql';
import { commitWithFinalStatement, planOnce } from '../../db/tenant';
import { notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { literalInt } from '../library/view-page.repo';
import { streamReport } from './reporting.export';
import { REPORTS, type PageHint, type ReportDef, type SourcePurpose } from './reporting.reports';
import { pnpInScope, reportScope, type ReportScope } from './reporting.scope';
import { tallyTotal, tallyTotalSql } from './reporting.tallies';

type ParsedQuery = ReportFilters & {
  sort?: string;
  dir?: 'asc' | 'desc';
  page: number;
  per_page: number;
  format: 'json' | 'csv' | 'xlsx';
};

const FILTER_KEYS = Object.keys(ReportFilters.shape) as ReportFilterKey[];

/** Filters the report does not take, and a sort key that is not one of its sortable columns: 422 with every problem. */
function checkQuery(def: ReportDef, q: ParsedQuery): { sort: string; dir: 'asc' | 'desc' } {
  const errors: string[] = [];
  for (const key of FILTER_KEYS) {
    if (q[key] !== undefined && !def.filters.includes(key)) {
      errors.push(`The filter ${key} does not apply to this report.`);
    }
  }
  const sortable = def.columns.filter((column) => column.sortable).map((column) => column.key);
  if (q.sort !== undefined && !sortable.includes(q.sort)) {
    errors.push(`sort must be one of: ${sortable.join(', ')}.`);
  }
  if (errors.length) throw unprocessable(...errors);
  return { sort: q.sort ?? def.defaultSort, dir: q.dir ?? (q.sort ? 'asc' : def.defaultDir) };
}

/** The raw rows as `r`, filtered. */
function filtered(
  def: ReportDef,
  scope: ReportScope,
  q: ParsedQuery,
  extra: { readAckId?: number },
  purpose: SourcePurpose,
  page?: PageHint,
): SQL {
  const where = def.where(scope, q);
  return sql`select ${purpose === 'count' ? sql`1` : sql`r.*`} from (${def.source(scope, q, extra, purpose, page)}) r
     where ${where.length ? sql.join(where, sql` and `) : sql`true`}`;
}

/** The order of raw rows `r` (the unique row key breaks ties, so pages never overlap). */
function orderOf(def: ReportDef, scope: ReportScope, sort: string, dir: 'asc' | 'desc'): SQL {
  const direction = dir === 'asc' ? sql`asc` : sql`desc`;
  const by = def.sortBy?.(scope)[sort] ?? sql`r.${sql.identifier(sort)}`;
  return sql`${by} ${direction} nulls last, r.row_key ${direction}`;
}

/** The whole report, shown, in order (exports). */
function exportQuery(
  def: ReportDef,
  scope: ReportScope,
  q: ParsedQuery,
  sort: string,
  dir: 'asc' | 'desc',
  extra: { readAckId?: number },
): SQL {
  return sql`select ${def.present?.(scope) ?? sql`r.*`} from (${filtered(def, scope, q, extra, 'rows')}) r
     order by ${orderOf(def, scope, sort, dir)}`;
}

/**
 * One page: the raw rows are filtered, ordered and cut first (an index in the report's order stops
 * at the page), then only the page's rows are shown, each with `also` (a column computed once, such
 * as the total) when given.
 */
function pageQuery(
  def: ReportDef,
  scope: ReportScope,
  q: ParsedQuery,
  sort: string,
  dir: 'asc' | 'desc',
  extra: { readAckId?: number },
  limit: number,
  offset: number,
  also?: SQL,
): SQL {
  const order = orderOf(def, scope, sort, dir);
  // The page size is written into the text and the first page has no OFFSET (ADR 0014): a generic
  // plan reads a LIMIT or OFFSET parameter as "10% of the rows" and may hash every row of the
  // organisation instead of walking the report's order and stopping at the page.
  const cut = offset === 0 ? sql`limit ${literalInt(limit)}` : sql`limit ${literalInt(limit)} offset ${offset}`;
  return sql`select ${def.present?.(scope) ?? sql`r.*`}${also ? sql`, ${also}` : sql``}
     from (${filtered(def, scope, q, extra, 'rows', { sort, dir, limit: offset + limit })}
           order by ${order} ${cut}) r
     order by ${order}`;
}

/** The first page's total, on each of its rows (`unfilteredTotalSql`). */
const TOTAL_COLUMN = 'report_total';

/** A first page without filters: what the reports screen opens with. */
const isPlainFirstPage = (q: ParsedQuery): boolean =>
  q.format === 'json' && q.page === 1 && FILTER_KEYS.every((k) => q[k] === undefined);

/**
 * The report's total without filters, as a scalar subquery (computed once, and only when the page
 * has a row to carry it): from the tallies where they count exactly the report's rows, else its rows
 * counted up to REPORT_COUNT_LIMIT + 1 (the limit written into the text, as the page size is).
 */
function unfilteredTotalSql(def: ReportDef, scope: ReportScope, q: ParsedQuery, extra: { readAckId?: number }): SQL {
  if (def.talliedTotal) return sql`(select x.total from (${def.talliedTotal(scope)}) x)`;
  if (def.tallied) return tallyTotalSql(scope, def.tallied);
  return sql`(select count(*)::int from (${filtered(def, scope, q, extra, 'count')}
                limit ${literalInt(REPORT_COUNT_LIMIT + 1)}) x)`;
}

/**
 * A first page without filters and its total (`report_total`), built once per shape
 * (server/db/shaped-sql.ts): the report, the caller's kind (org admin or owner), the order, the page
 * size and whether it lists one read acknowledgement's readers decide its text; the organisation,
 * the owner and the read acknowledgement are its parameters. Without filters, the query adds
 * nothing else (`isPlainFirstPage`).
 */
function plainFirstPageSql(
  def: ReportDef,
  scope: ReportScope,
  sort: string,
  dir: 'asc' | 'desc',
  perPage: number,
  extra: { readAckId?: number },
): SQL {
  const shape = [
    'report-first-page',
    def.key,
    scope.ownerId === null ? 'admin' : 'owner',
    sort,
    dir,
    perPage,
    extra.readAckId === undefined ? 'all' : 'read-ack',
  ].join(':');
  const values: Record<string, number> = { orgId: scope.orgId };
  if (scope.ownerId !== null) values.ownerId = scope.ownerId;
  if (extra.readAckId !== undefined) values.readAckId = extra.readAckId;
  return shapedSql(shape, values, (v) => {
    const keptScope: ReportScope = { orgId: v.orgId!, ownerId: scope.ownerId === null ? null : v.ownerId! };
    const keptExtra = extra.readAckId === undefined ? {} : { readAckId: v.readAckId! };
    const plain: ParsedQuery = { page: 1, per_page: perPage, format: 'json' };
    const total = sql`${unfilteredTotalSql(def, keptScope, plain, keptExtra)} as ${sql.identifier(TOTAL_COLUMN)}`;
    return pageQuery(def, keptScope, plain, sort, dir, keptExtra, perPage, 0, total);
  });
}

type Row = Record<string, ReportCell>;

/** Rows as the API shows them: every selected column but the internal row key and the total. */
const present = (rows: Record<string, unknown>[]): Row[] =>
  rows.map((row) => {
    const out: Row = {};
    for (const [key, value] of Object.entries(row)) {
      if (key === 'row_key' || key === TOTAL_COLUMN) continue;
      out[key] = typeof value === 'bigint' ? Number(value) : (value as ReportCell);
    }
    return out;
  });

async function runReport(
  ctx: OrgCtx,
  key: ReportOrDetailKey,
  scope: ReportScope,
  q: ParsedQuery,
  extra: { readAckId?: number } = {},
): Promise<ReportPage | null> {
  const def = REPORTS[key];
  const { sort, dir } = checkQuery(def, q);
  if (q.format !== 'json') {
    await streamReport(ctx, {
      title: REPORT_TITLES[key],
      columns: def.columns,
      query: exportQuery(def, scope, q, sort, dir, extra),
      format: q.format,
    });
    return null;
  }
  const offset = (q.page - 1) * q.per_page;
  // The first page without filters carries its total and is the transaction's last statement, so
  // its COMMIT travels with it (ADR 0019): the whole transaction is one round trip.
  const firstPage = isPlainFirstPage(q);
  if (firstPage) commitWithFinalStatement(ctx.tx);
  const rows = await queryRows<Record<string, unknown>>(
    ctx.tx,
    firstPage
      ? plainFirstPageSql(def, scope, sort, dir, q.per_page, extra)
      : pageQuery(def, scope, q, sort, dir, extra, q.per_page, offset),
  );
  let total: number;
  let capped = false;
  // A page that is not full and not empty is the last one: the total is known without counting.
  if (rows.length > 0 && rows.length < q.per_page) total = offset + rows.length;
  else if (rows.length === 0 && offset === 0) total = 0;
  else if (firstPage) {
    const counted = Number(rows[0]![TOTAL_COLUMN]);
    total = Math.min(counted, REPORT_COUNT_LIMIT);
    capped = counted > REPORT_COUNT_LIMIT;
  } else if ((def.tallied || def.talliedTotal) && FILTER_KEYS.every((k) => q[k] === undefined)) {
    // No filter: the report's rows are what the tallies count (see ReportDef.tallied).
    const counted = def.talliedTotal
      ? ((await queryRows<{ total: number }>(ctx.tx, def.talliedTotal(scope)))[0]?.total ?? 0)
      : await tallyTotal(ctx, scope, def.tallied ?? []);
    total = Math.min(counted, REPORT_COUNT_LIMIT);
    capped = counted > REPORT_COUNT_LIMIT;
  } else {
    const [counted] = await queryRows<{ total: number }>(
      ctx.tx,
      sql`select count(*)::int as total from (${filtered(def, scope, q, extra, 'count')} limit ${REPORT_COUNT_LIMIT + 1}) x`,
    );
    total = Math.min(counted?.total ?? 0, REPORT_COUNT_LIMIT);
    capped = (counted?.total ?? 0) > REPORT_COUNT_LIMIT;
  }
  return {
    report: key,
    title: REPORT_TITLES[key],
    columns: def.columns,
    rows: present(rows),
    total,
    capped,
    page: q.page,
    per_page: q.per_page,
    sort,
    dir,
  };
}

/** A report page (JSON) or, with format csv/xlsx, the whole report streamed as a download (then null). */
export async function getReport(ctx: OrgCtx, key: ReportOrDetailKey, q: ParsedQuery): Promise<ReportPage | null> {
  // A first page without filters (what the reports screen opens with): its statements' plans do
  // not depend on their parameters' values (the organisation, the owner, the page size), so they are
  // planned once per connection (docs/adr/0014-list-plans.md) instead of on every request. Nothing
  // runs after them in the request's transaction.
  if (isPlainFirstPage(q)) await planOnce(ctx.tx);
  const scope = await reportScope(ctx);
  return runReport(ctx, key, scope, q);
}

/** One read acknowledgement (404 when it is not in the caller's scope) and a page of its readers. */
export async function getReadAckDetail(ctx: OrgCtx, id: number, q: ParsedQuery): Promise<ReadAckDetailPage | null> {
  const scope = await reportScope(ctx);
  const [summary] = await queryRows<ReadAckSummary>(
    ctx.tx,
    sql`select ra.id, ra.name, p.id as pnp_id, p.name as pnp_name, d.id as version_id, d.version_number,
               ra.status::int as status,
               case ra.status when 1 then 'Active' when 2 then 'Closed' else 'Canceled' end as status_label,
               to_char(ra.due_dt, 'YYYY-MM-DD') as due_dt,
               (select count(*)::int from read_ack_readers rr where rr.org_id = ${scope.orgId} and rr.read_ack_id = ra.id) as readers_total,
               (select count(*)::int from read_ack_readers rr where rr.org_id = ${scope.orgId} and rr.read_ack_id = ra.id
                   and rr.completion = 1) as readers_completed
          from read_acknowledgements ra
          join pnps p on p.org_id = ${scope.orgId} and p.id = ra.pnp_id
          join pnp_documents d on d.org_id = ${scope.orgId} and d.id = ra.document_id
         where ra.org_id = ${scope.orgId} and ra.id = ${id} and ${pnpInScope(scope, 'p')}`,
  );
  if (!summary) throw notFound('The read acknowledgement');
  const page = await runReport(ctx, 'read_acknowledgement_readers', scope, q, { readAckId: id });
  return page ? { ...page, read_acknowledgement: summary } : null;
}

export type { ParsedQuery };
