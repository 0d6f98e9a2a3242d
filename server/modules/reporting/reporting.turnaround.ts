import { sql, type SQL } from 'drizzle-orm';
import {
  TURNAROUND_MAX_DAYS,
  TURNAROUND_OPEN_LIMIT,
  TURNAROUND_PAGE_SIZE,
  type ApprovalTurnaround,
  type TurnaroundBinderRow,
  type TurnaroundOpenItem,
  type TurnaroundPaging,
  type TurnaroundPersonRow,
  type TurnaroundStageRow,
} from '../../../shared/api/reporting';
import { DRAFT_STAGE_LABELS, DraftStage, TaskKind } from '../../../shared/domain/statuses';
import { WORKFLOW_ACTION_LABELS } from '../../../shared/domain/workflow';
import { queryRows, type Tx } from '../../db/client';
import { beginAgainIfCommitted, commitWithFinalStatement, planOnce } from '../../db/tenant';
import { unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { pnpInScope, reportScope, type ReportScope } from './reporting.scope';

/**
 * Approval turnaround, from the workflow history (every transition writes one row, with the
 * position it left and the one it reached). A "stay" is the time a version spends in one position
 * (Authoring, Reviewing, one Approving step, Publishing): it starts at the row that moved the
 * version there and ends at the next row that moved it elsewhere. Rows that keep the position
 * (one of several approvers signing, a file replaced in Authoring) do not end a stay.
 *
 * - Stages and binders: stays that ended in the period (UTC days, both ends included).
 * - People: for each stay, the days from its start to each person's first sign-off action in it
 *   (Submit, Accept, Decline, Approve, Publish, Send to Authors), counted when that action fell in
 *   the period. It answers "how long does this person take once it is their turn".
 * - Slowest open items: drafts still in a position, by time spent there so far.
 *
 * The first three are kept per scope and period until something they read is written (ADR 0020,
 * migration 0037). A table or column they start to read needs its trigger there, or kept figures
 * would outlive a change to it.
 */

const DAY_SECONDS = 86_400;

/** The workflow actions that are a person's answer in a stage (not Cancel Draft, an administrative end). */
export const SIGN_OFF_ACTIONS = Object.entries(WORKFLOW_ACTION_LABELS)
  .filter(([key]) => key !== 'cancel_draft')
  .map(([, label]) => label);

export function stageKey(stage: number, step: number | null): string {
  if (stage === DraftStage.Approving) return `approving_step_${step ?? 1}`;
  return (DRAFT_STAGE_LABELS[stage as DraftStage] ?? `stage_${stage}`).toLowerCase();
}

export function stageLabelOf(stage: number, step: number | null): string {
  const label = DRAFT_STAGE_LABELS[stage as DraftStage] ?? `Stage ${stage}`;
  return stage === DraftStage.Approving ? `${label}: Step ${step ?? 1}` : label;
}

const round1 = (value: number | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

// date_part, not extract: a double precision, which the percentiles sort several times faster than
// extract's numeric (180,000 stays a year on a large organisation).
const days = (end: SQL, start: SQL): SQL =>
  sql`date_part('epoch', ${end} - ${start}) / ${sql.raw(String(DAY_SECONDS))}`;

interface FigureRow {
  stage: number;
  step: number | null;
  count: number;
  median: number | null;
  p90: number | null;
}

const figures = (row: FigureRow) => ({
  stage_key: stageKey(row.stage, row.step),
  stage_label: stageLabelOf(row.stage, row.step),
  count: row.count,
  median_days: round1(row.median),
  p90_days: round1(row.p90),
});

const percentiles = (value: SQL): SQL => sql`count(*)::int as count,
  percentile_cont(0.5) within group (order by ${value}) as median,
  percentile_cont(0.9) within group (order by ${value}) as p90`;

/**
 * The period's bounds as instants: `from` at 00:00 UTC to the day after `to` at 00:00 UTC. Written
 * by hand: the day after 9999-12-31 is in year 10000, which `toISOString` writes as '+010000-...',
 * a form PostgreSQL does not read.
 */
function bounds(from: string, to: string): { start: string; end: string } {
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const two = (n: number): string => String(n).padStart(2, '0');
  const day = `${String(end.getUTCFullYear()).padStart(4, '0')}-${two(end.getUTCMonth() + 1)}-${two(end.getUTCDate())}`;
  return { start: `${from}T00:00:00Z`, end: `${day}T00:00:00Z` };
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
/** Days from one 'yyyy-mm-dd' to another (UTC). */
const daysBetween = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/**
 * The four figures' rows as the database sends them (JSON): the stages and the open items whole,
 * the binders and the people as one page each (`{ rows, total, page }`, see `pageOf`).
 */
export type TurnaroundRows = Record<'stages' | 'binders' | 'persons' | 'open', unknown>;
export interface TurnaroundPeriod {
  /** The period's first instant and the instant after it (UTC). */
  start: string;
  end: string;
  now: Date;
}

/** Which page of the by-binder and by-person tables to send, and the name each is narrowed to. */
export interface TurnaroundPages {
  binder: string;
  binderPage: number;
  person: string;
  personPage: number;
}
export const FIRST_PAGES: TurnaroundPages = { binder: '', binderPage: 1, person: '', personPage: 1 };

/**
 * One page of a table's rows (a JSON array, sorted for the screen) as `{ rows, total, page }`: the
 * rows whose `nameKey` holds `contains` (any case; all when it is empty), `TURNAROUND_PAGE_SIZE` of
 * them from `page`, or from the last page when `page` is past it. Cut here rather than in the
 * server: a large organisation's whole tables are some 25 KB that would be parsed, checked and
 * written again for every request (issue 15's budget).
 */
function pageOf(rows: SQL, nameKey: 'binder_name' | 'name', contains: string, page: number): SQL {
  const size = sql.raw(String(TURNAROUND_PAGE_SIZE));
  const shown = (total: SQL): SQL => sql`greatest(least(${page}::int, ceil(${total} / ${size}::numeric)::int), 1)`;
  if (contains === '') {
    // Every row: counted from the array's length and cut by position, so no row's text is read
    // (reading a name from each row of a large organisation's tables cost more than the rest).
    // OFFSET 0 keeps the count and the page computed once: inlined into the cut's condition, the
    // array's length was taken again for each row (0.7 ms for 40 rows instead of 0.04 ms).
    return sql`(select json_build_object('total', c.total, 'page', c.page, 'rows', coalesce((
                select json_agg(t.e order by t.n) from json_array_elements(${rows}) with ordinality t(e, n)
                 where t.n > (c.page - 1) * ${size} and t.n <= c.page * ${size}), '[]'::json))
             from (select l.total, ${shown(sql`l.total`)} as page
                     from (select coalesce(json_array_length(${rows}), 0) as total offset 0) l offset 0) c)`;
  }
  const matches = sql`strpos(lower(t.e->>${nameKey}::text), lower(${contains}::text)) > 0`;
  return sql`(select json_build_object('total', c.total, 'page', c.page, 'rows', coalesce((
              select json_agg(w.e order by w.n) from (
                select t.e, t.n from json_array_elements(${rows}) with ordinality t(e, n)
                 where ${matches} order by t.n offset (c.page - 1) * ${size} limit ${size}) w), '[]'::json))
           from (select count(*)::int as total, ${shown(sql`count(*)`)} as page
                   from json_array_elements(${rows}) t(e) where ${matches}) c)`;
}

const WORKFLOW_TASK_KINDS = [TaskKind.Author, TaskKind.Review, TaskKind.Approve, TaskKind.Publish];

interface TurnaroundSql {
  /** The figures by stage, binder and person: JSON arrays, each sorted for the screen. */
  stages: SQL;
  binders: SQL;
  persons: SQL;
  /** The slowest open items (ten at most), oldest first. */
  open: SQL;
}

const json = (select: SQL, order: SQL): SQL =>
  sql`(select coalesce(json_agg(x order by ${order}), '[]'::json) from (${select}) x)`;

/**
 * The four figures' rows as JSON expressions, from the stays and sign-offs kept per version by
 * migration 0029's triggers on the history (`workflow_stays`, `workflow_stay_actions`): the period's
 * stays are a range of an index, and only the percentiles sort anything. An org admin's figures by
 * stage and by person read no P&P; everything else joins the P&P for the scope (and its binder).
 */
function turnaroundSql(scope: ReportScope, period: TurnaroundPeriod): TurnaroundSql {
  const { start, end, now } = period;
  const o = scope.orgId;
  const inScope = pnpInScope(scope, 'p');
  const ofPnp = (alias: string) =>
    scope.ownerId === null
      ? sql``
      : sql`join pnps p on p.org_id = ${o} and p.id = ${sql.raw(alias)}.pnp_id and ${inScope}`;
  const ended = sql`s.org_id = ${o} and s.ended_at >= ${start}::timestamptz and s.ended_at < ${end}::timestamptz`;
  const stayDays = days(sql`s.ended_at`, sql`s.started_at`);
  const kinds = sql.join(
    WORKFLOW_TASK_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  return {
    stages: json(
      sql`select s.stage::int as stage, s.step::int as step, ${percentiles(stayDays)}
            from workflow_stays s ${ofPnp('s')} where ${ended} group by s.stage, s.step`,
      sql`x.stage, x.step nulls first`,
    ),
    binders: json(
      // Grouped by numbers alone, names joined to the groups afterwards: the sort of every
      // stay by its group is a sort of integers.
      sql`select f.*, b.name as binder_name from (
            select ct.ancestor_ids[1] as binder_id, s.stage::int as stage, s.step::int as step,
                   ${percentiles(stayDays)}
              from workflow_stays s
              join pnps p on p.org_id = ${o} and p.id = s.pnp_id
              join containers ct on ct.org_id = ${o} and ct.id = p.container_id
             where ${ended} and ${inScope}
             group by ct.ancestor_ids[1], s.stage, s.step) f
            join containers b on b.org_id = ${o} and b.id = f.binder_id`,
      sql`x.binder_name, x.binder_id, x.stage, x.step nulls first`,
    ),
    persons: json(
      sql`select f.*, u.first_name || ' ' || u.last_name as name, u.first_name, u.last_name from (
            select a.actor_id as user_id, a.stage::int as stage, a.step::int as step,
                   ${percentiles(days(sql`a.acted_at`, sql`a.started_at`))}
              from workflow_stay_actions a ${ofPnp('a')}
             where a.org_id = ${o} and a.acted_at >= ${start}::timestamptz and a.acted_at < ${end}::timestamptz
             group by a.actor_id, a.stage, a.step) f
            join org_users u on u.org_id = ${o} and u.id = f.user_id`,
      sql`x.last_name, x.first_name, x.user_id, x.stage, x.step nulls first`,
    ),
    open: json(
      // Open stays oldest first, each checked against its draft as the walk goes (the index of
      // open stays is in that order; OFFSET 0 keeps each check a lookup): the walk stops at the tenth.
      sql`select s.pnp_id, p.name as pnp_name, s.document_id as version_id, ct.location,
                 s.stage::int as stage, s.step::int as step, s.started_at, s.document_id,
                 to_char(s.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as since,
                 ${days(sql`${now.toISOString()}::timestamptz`, sql`s.started_at`)} as days_open,
                 (select string_agg(u.first_name || ' ' || u.last_name, '; ' order by u.last_name, u.first_name, u.id)
                    from tasks t join org_users u on u.org_id = ${o} and u.id = t.user_id
                   where t.org_id = ${o} and t.document_id = s.document_id and t.status = 1
                     and t.delegated_from is null and t.kind in (${kinds})) as pending_with
            from workflow_stays s
            cross join lateral (
              select 1 from pnp_documents d
               where d.org_id = ${o} and d.id = s.document_id and d.status = 1 and d.draft_stage = s.stage
                 and (s.stage <> ${DraftStage.Approving} or coalesce(d.approval_step, 1) = s.step)
              offset 0) d
            cross join lateral (
              select p.name, p.container_id from pnps p
               where p.org_id = ${o} and p.id = s.pnp_id and p.status <> 3 and ${inScope} offset 0) p
            cross join lateral (
              select ct.location from containers ct where ct.org_id = ${o} and ct.id = p.container_id offset 0) ct
           where s.org_id = ${o} and s.ended_at is null
           order by s.started_at, s.document_id
           limit ${TURNAROUND_OPEN_LIMIT}`,
      sql`x.started_at, x.document_id`,
    ),
  };
}

// The percentiles sort every stay of the period (a year of a large organisation is some 10 MB):
// in memory, for this statement's transaction only. Planned for its own period every time: after
// five runs of the named statement PostgreSQL would keep a generic plan, which knows nothing of
// the period's range and ran 3x slower (740 ms against 230 ms on a year of 180,000 stays).
const SORT_SETTINGS = sql`set_config('work_mem', '64MB', true) as work_mem,
  set_config('plan_cache_mode', 'force_custom_plan', true) as plan_cache_mode`;

/** The four figures' rows computed afresh from the stays, in one statement (nothing kept or read from what was kept). */
export async function computeTurnaroundRows(
  tx: Tx,
  scope: ReportScope,
  period: TurnaroundPeriod,
): Promise<TurnaroundRows> {
  const q = turnaroundSql(scope, period);
  await tx.execute(sql`select ${SORT_SETTINGS}`);
  const [result] = await queryRows<TurnaroundRows>(
    tx,
    sql`select ${q.stages} as stages, ${q.binders} as binders, ${q.persons} as persons, ${q.open} as open`,
  );
  return result ?? { stages: [], binders: [], persons: [], open: [] };
}

type Figures = Omit<TurnaroundRows, 'open'>;
const withOpen = (open: unknown, figures: Figures | undefined): TurnaroundRows => ({
  stages: figures?.stages ?? [],
  binders: figures?.binders ?? [],
  persons: figures?.persons ?? [],
  open,
});

/** At most this many kept figures per organisation (each asked-for scope and period is one). */
const KEPT_PER_ORG = 20;

/**
 * The four figures' rows: the figures by stage, binder and person as kept for this scope and period
 * while nothing they read has changed since (migration 0037 says how that is known), else computed
 * and, when no write of the organisation is in flight, kept; the slowest open items always afresh.
 *
 * A request that finds them kept runs one statement, which commits with it (one round trip for the
 * transaction). One that does not begins again: a new transaction first tries the organisation's
 * write lock, which must be held before the snapshot the figures are computed from (a separate
 * statement), then computes them, and keeps them only when it got the lock.
 */
export async function turnaroundRows(
  tx: Tx,
  scope: ReportScope,
  period: TurnaroundPeriod,
  pages: TurnaroundPages = FIRST_PAGES,
): Promise<TurnaroundRows> {
  const o = scope.orgId;
  const paged = (source: SQL): { binders: SQL; persons: SQL } => ({
    binders: pageOf(sql`(select s.binders from ${source} s)`, 'binder_name', pages.binder, pages.binderPage),
    persons: pageOf(sql`(select s.persons from ${source} s)`, 'name', pages.person, pages.personPage),
  });
  const ownerKey = scope.ownerId ?? 0;
  const q = turnaroundSql(scope, period);
  const thisKey = sql`f.owner_id = ${ownerKey} and f.period_start = ${period.start}::timestamptz
                      and f.period_end = ${period.end}::timestamptz`;
  const highestWrite = sql`(select coalesce(max(w.seq), 0) from report_writes w where w.org_id = ${o})`;
  commitWithFinalStatement(tx);
  const [first] = await queryRows<TurnaroundRows & { found: boolean }>(
    tx,
    sql`with kept as (
          select f.stages, f.binders, f.persons from turnaround_figures f
           where f.org_id = ${o} and ${thisKey} and f.writes_seq = ${highestWrite})
        select exists (select 1 from kept) as found,
               (select k.stages from kept k) as stages,
               ${paged(sql`kept`).binders} as binders,
               ${paged(sql`kept`).persons} as persons,
               ${q.open} as open`,
  );
  if (!first) return { stages: [], binders: [], persons: [], open: [] };
  if (first.found) return withOpen(first.open, first);

  beginAgainIfCommitted(tx);
  const [lock] = await queryRows<{ may_keep: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(hashtext('report_writes'), ${o}) as may_keep, ${SORT_SETTINGS}`,
  );
  const figures = sql`select ${q.stages} as stages, ${q.binders} as binders, ${q.persons} as persons`;
  const pagedFigures = sql`select f.stages, ${paged(sql`figures`).binders} as binders,
                                  ${paged(sql`figures`).persons} as persons from figures f`;
  commitWithFinalStatement(tx);
  if (!lock?.may_keep) {
    // A write of the organisation is in flight: what this statement sees may be overtaken when it
    // commits, so it is served but not kept.
    return withOpen(first.open, (await queryRows<Figures>(tx, sql`with figures as (${figures}) ${pagedFigures}`))[0]);
  }
  // Keep them with the highest write seen (no write is in flight: this transaction holds the
  // organisation's lock). Drop the kept figures that no longer hold and the oldest beyond the
  // organisation's twenty (each period asked for is a row). The numbers below the highest are
  // pruned by the writers themselves (report_writes_note).
  const [computed] = await queryRows<Figures>(
    tx,
    sql`with figures as (${figures}),
        seen as (select ${highestWrite} as seq),
        dropped as (
          delete from turnaround_figures f using seen
           where f.org_id = ${o} and not (${thisKey})
             and (f.writes_seq <> seen.seq or f.computed_at <= coalesce((
                   select g.computed_at from turnaround_figures g where g.org_id = ${o}
                    order by g.computed_at desc offset ${KEPT_PER_ORG - 1} limit 1), '-infinity'::timestamptz))),
        stored as (
          insert into turnaround_figures (org_id, owner_id, period_start, period_end, writes_seq, stages, binders, persons)
          select ${o}, ${ownerKey}, ${period.start}::timestamptz, ${period.end}::timestamptz, seen.seq,
                 f.stages, f.binders, f.persons
            from figures f, seen
          on conflict (org_id, owner_id, period_start, period_end) do update
            set writes_seq = excluded.writes_seq, stages = excluded.stages, binders = excluded.binders,
                persons = excluded.persons, computed_at = excluded.computed_at)
        ${pagedFigures}`,
  );
  return withOpen(first.open, computed);
}

interface TurnaroundAsked {
  from?: string | undefined;
  to?: string | undefined;
  binder?: string | undefined;
  person?: string | undefined;
  binder_page?: number | undefined;
  person_page?: number | undefined;
}

interface PageOfRows<T> {
  rows: T[];
  total: number;
  page: number;
}

export async function getApprovalTurnaround(ctx: OrgCtx, query: TurnaroundAsked): Promise<ApprovalTurnaround> {
  // The scope check and the lookup of kept figures plan alike for any parameters (keys, an index's
  // newest entry, the open stays in their index's order): planned once per connection, not on every
  // request (ADR 0014; the lookup's planning was 2-2.5 ms a request on the bench's fixture). Set
  // before the scope check so that it rides with the transaction's first statement. The figures,
  // when computed, are planned for their period: the lookup sets that for the statement after it.
  await planOnce(ctx.tx);
  const scope = await reportScope(ctx);
  const to = query.to ?? isoDay(ctx.now);
  const from =
    query.from ??
    (() => {
      const start = new Date(`${to}T00:00:00Z`);
      start.setUTCFullYear(start.getUTCFullYear() - 1);
      start.setUTCDate(start.getUTCDate() + 1);
      // A year before a "to" in year 1 would be in year 0, which no date is written in.
      return start.getUTCFullYear() < 1 ? '0001-01-01' : isoDay(start);
    })();
  // The query's own checks see only the ends it was given: a "from" alone is checked here against
  // its default end, today (after it, the period would end before it starts and show nothing; years
  // before it, it would pass the ten-year limit).
  if (query.to === undefined && from > to) {
    throw unprocessable('"from" must not be after today when no "to" is given.');
  }
  if (query.to === undefined && daysBetween(from, to) > TURNAROUND_MAX_DAYS) {
    throw unprocessable('The period must be at most ten years.');
  }
  const { start, end } = bounds(from, to);
  const result = await turnaroundRows(
    ctx.tx,
    scope,
    { start, end, now: ctx.now },
    {
      binder: query.binder ?? '',
      binderPage: query.binder_page ?? 1,
      person: query.person ?? '',
      personPage: query.person_page ?? 1,
    },
  );
  const parsedJson = <T>(value: unknown, none: T): T =>
    typeof value === 'string' ? (JSON.parse(value) as T) : ((value ?? none) as T);
  const parsed = <T>(value: unknown): T[] => parsedJson<T[]>(value, []);
  const pageOfRows = <T>(value: unknown): PageOfRows<T> => parsedJson(value, { rows: [], total: 0, page: 1 });
  const paging = (page: PageOfRows<unknown>): TurnaroundPaging => ({
    page: page.page,
    per_page: TURNAROUND_PAGE_SIZE,
    total: page.total,
  });
  const stageRows = parsed<FigureRow>(result.stages);
  const binderPage = pageOfRows<FigureRow & { binder_id: number; binder_name: string }>(result.binders);
  const personPage = pageOfRows<FigureRow & { user_id: number; name: string }>(result.persons);
  const openRows = parsed<{
    pnp_id: number;
    pnp_name: string;
    version_id: number;
    location: string;
    stage: number;
    step: number | null;
    since: string;
    days_open: number;
    pending_with: string | null;
  }>(result.open);

  const stages: TurnaroundStageRow[] = stageRows.map(figures);
  const by_binder: TurnaroundBinderRow[] = binderPage.rows.map((row) => ({
    binder_id: row.binder_id,
    binder_name: row.binder_name,
    ...figures(row),
  }));
  const by_person: TurnaroundPersonRow[] = personPage.rows.map((row) => ({
    user_id: row.user_id,
    name: row.name,
    ...figures(row),
  }));
  const slowest_open: TurnaroundOpenItem[] = openRows.map((row) => ({
    pnp_id: row.pnp_id,
    pnp_name: row.pnp_name,
    version_id: row.version_id,
    location: row.location,
    stage_key: stageKey(row.stage, row.step),
    stage_label: stageLabelOf(row.stage, row.step),
    since: row.since,
    days_open: round1(row.days_open) ?? 0,
    pending_with: row.pending_with,
  }));
  return {
    from,
    to,
    stages,
    by_binder,
    by_binder_paging: paging(binderPage),
    by_person,
    by_person_paging: paging(personPage),
    slowest_open,
  };
}
