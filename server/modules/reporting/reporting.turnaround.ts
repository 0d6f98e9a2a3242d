import { sql, type SQL } from 'drizzle-orm';
import {
  TURNAROUND_OPEN_LIMIT,
  type ApprovalTurnaround,
  type TurnaroundBinderRow,
  type TurnaroundOpenItem,
  type TurnaroundPersonRow,
  type TurnaroundStageRow,
} from '../../../shared/api/reporting';
import { DRAFT_STAGE_LABELS, DraftStage, TaskKind } from '../../../shared/domain/statuses';
import { WORKFLOW_ACTION_LABELS } from '../../../shared/domain/workflow';
import { queryRows } from '../../db/client';
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
 */

const DAY_SECONDS = 86_400;

/** The workflow actions that are a person's answer in a stage (not Cancel Draft, an administrative end). */
const SIGN_OFF_ACTIONS = Object.entries(WORKFLOW_ACTION_LABELS)
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

/**
 * The common table expressions every figure reads, in one pass over the history in scope (each
 * window is a sort by version and time; no per-stay lookups, so it stays linear on large orgs):
 *
 * - `h`: each history row of a version, `is_move` when it moved the version to a new position,
 *   `seq_in` the number of moves up to and including it, `seq_before` the moves before it (the
 *   stay the row acted in).
 * - `stays`: one row per stay: version, P&P, position, start, end (null while open), binder.
 * - `acts`: each person's sign-off actions, with the stay (`seq`) they were taken in.
 */
function turnaroundCtes(s: ReportScope, actions: SQL, start: string): SQL {
  return sql`
    with marked as (
      select w.id, w.document_id, w.pnp_id, w.actor_id, w.action, w.from_stage, w.to_stage, w.to_step, w.created_at,
             case when row_number() over o = 1
                    or (w.to_stage, w.to_step) is distinct from (lag(w.to_stage) over o, lag(w.to_step) over o)
                  then 1 else 0 end as is_move
        from workflow_history w
        join pnps p on p.org_id = ${s.orgId} and p.id = w.pnp_id
       where w.org_id = ${s.orgId} and w.document_id is not null and ${pnpInScope(s, 'p')}
         -- Only versions that moved since the period began, or drafts (open stays): years of old
         -- history are neither sorted nor kept.
         and (w.document_id in (select x.document_id from workflow_history x
                                 where x.org_id = ${s.orgId} and x.created_at >= ${start}::timestamptz)
              or w.document_id in (select d.id from pnp_documents d where d.org_id = ${s.orgId} and d.status = 1))
      window o as (partition by w.document_id order by w.created_at, w.id)
    ), h as (
      select m.*,
             sum(m.is_move) over (partition by m.document_id order by m.created_at, m.id
                                  rows between unbounded preceding and current row) as seq_in
        from marked m
    ), moves as (
      select h.*, lead(h.created_at) over (partition by h.document_id order by h.created_at, h.id) as ended_at
        from h where h.is_move = 1
    ), stays as (
      select m.document_id, m.pnp_id, m.seq_in as seq, m.to_stage::int as stage,
             case when m.to_stage = ${DraftStage.Approving} then coalesce(m.to_step, 1)::int end as step,
             m.created_at as started_at, m.ended_at,
             b.id as binder_id, b.name as binder_name
        from moves m
        join pnps p on p.org_id = ${s.orgId} and p.id = m.pnp_id
        join containers ct on ct.org_id = ${s.orgId} and ct.id = p.container_id
        join containers b on b.org_id = ${s.orgId} and b.id = ct.ancestor_ids[1]
       where m.to_stage is not null
    ), acts as (
      select h.document_id, h.seq_in - h.is_move as seq, h.actor_id, h.from_stage, h.created_at
        from h
       where h.action in (${actions}) and h.actor_id is not null
    )`;
}

const days = (end: SQL, start: SQL): SQL => sql`extract(epoch from (${end} - ${start})) / ${DAY_SECONDS}`;

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

/** The period's bounds as instants: `from` at 00:00 UTC to the day after `to` at 00:00 UTC. */
function bounds(from: string, to: string): { start: string; end: string } {
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: `${from}T00:00:00Z`, end: end.toISOString() };
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

export async function getApprovalTurnaround(
  ctx: OrgCtx,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<ApprovalTurnaround> {
  const scope = await reportScope(ctx);
  const to = query.to ?? isoDay(ctx.now);
  const from =
    query.from ??
    (() => {
      const start = new Date(`${to}T00:00:00Z`);
      start.setUTCFullYear(start.getUTCFullYear() - 1);
      start.setUTCDate(start.getUTCDate() + 1);
      return isoDay(start);
    })();
  const { start, end } = bounds(from, to);
  const actions = sql.join(
    SIGN_OFF_ACTIONS.map((action) => sql`${action}`),
    sql`, `,
  );
  const ctes = turnaroundCtes(scope, actions, start);
  const ended = sql`s.ended_at is not null and s.ended_at >= ${start}::timestamptz and s.ended_at < ${end}::timestamptz`;
  const stayDays = days(sql`s.ended_at`, sql`s.started_at`);

  const workflowKinds = sql.join(
    [TaskKind.Author, TaskKind.Review, TaskKind.Approve, TaskKind.Publish].map((kind) => sql`${kind}`),
    sql`, `,
  );
  // One statement: the history is read and sorted once (its CTEs are shared by the four parts).
  const json = (select: SQL, order: SQL): SQL =>
    sql`(select coalesce(json_agg(x order by ${order}), '[]'::json) from (${select}) x)`;
  const [result] = await queryRows<Record<'stages' | 'binders' | 'persons' | 'open', unknown>>(
    ctx.tx,
    sql`${ctes}, acted as (
           select s.stage, s.step, a.actor_id, min(a.created_at) as acted_at, s.started_at
             from acts a
             join stays s on s.document_id = a.document_id and s.seq = a.seq and s.stage = a.from_stage
            group by s.document_id, s.seq, s.stage, s.step, s.started_at, a.actor_id)
        select
          ${json(
            sql`select s.stage, s.step, ${percentiles(stayDays)} from stays s where ${ended} group by s.stage, s.step`,
            sql`x.stage, x.step nulls first`,
          )} as stages,
          ${json(
            sql`select s.binder_id, s.binder_name, s.stage, s.step, ${percentiles(stayDays)}
                  from stays s where ${ended} group by s.binder_id, s.binder_name, s.stage, s.step`,
            sql`x.binder_name, x.binder_id, x.stage, x.step nulls first`,
          )} as binders,
          ${json(
            sql`select a.actor_id as user_id, u.first_name || ' ' || u.last_name as name, u.first_name, u.last_name,
                       a.stage, a.step, ${percentiles(days(sql`a.acted_at`, sql`a.started_at`))}
                  from acted a join org_users u on u.org_id = ${scope.orgId} and u.id = a.actor_id
                 where a.acted_at >= ${start}::timestamptz and a.acted_at < ${end}::timestamptz
                 group by a.actor_id, u.first_name, u.last_name, a.stage, a.step`,
            sql`x.last_name, x.first_name, x.user_id, x.stage, x.step nulls first`,
          )} as persons,
          ${json(
            sql`select s.pnp_id, p.name as pnp_name, s.document_id as version_id, ct.location, s.stage, s.step,
                       s.started_at, s.document_id,
                       to_char(s.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as since,
                       ${days(sql`${ctx.now.toISOString()}::timestamptz`, sql`s.started_at`)} as days_open,
                       (select string_agg(u.first_name || ' ' || u.last_name, '; ' order by u.last_name, u.first_name, u.id)
                          from tasks t join org_users u on u.org_id = ${scope.orgId} and u.id = t.user_id
                         where t.org_id = ${scope.orgId} and t.document_id = d.id and t.status = 1
                           and t.delegated_from is null and t.kind in (${workflowKinds})) as pending_with
                  from stays s
                  join pnp_documents d on d.org_id = ${scope.orgId} and d.id = s.document_id
                  join pnps p on p.org_id = ${scope.orgId} and p.id = s.pnp_id
                  join containers ct on ct.org_id = ${scope.orgId} and ct.id = p.container_id
                 where s.ended_at is null and d.status = 1 and p.status <> 3 and d.draft_stage = s.stage
                   and (s.stage <> ${DraftStage.Approving} or coalesce(d.approval_step, 1) = s.step)
                 order by s.started_at, s.document_id
                 limit ${TURNAROUND_OPEN_LIMIT}`,
            sql`x.started_at, x.document_id`,
          )} as open`,
  );
  const parsed = <T>(value: unknown): T[] =>
    typeof value === 'string' ? (JSON.parse(value) as T[]) : ((value ?? []) as T[]);
  const stageRows = parsed<FigureRow>(result?.stages);
  const binderRows = parsed<FigureRow & { binder_id: number; binder_name: string }>(result?.binders);
  const personRows = parsed<FigureRow & { user_id: number; name: string }>(result?.persons);
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
  }>(result?.open);

  const stages: TurnaroundStageRow[] = stageRows.map(figures);
  const by_binder: TurnaroundBinderRow[] = binderRows.map((row) => ({
    binder_id: row.binder_id,
    binder_name: row.binder_name,
    ...figures(row),
  }));
  const by_person: TurnaroundPersonRow[] = personRows.map((row) => ({
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
  return { from, to, stages, by_binder, by_person, slowest_open };
}
