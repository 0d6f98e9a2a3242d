import { sql, type SQL } from 'drizzle-orm';
import type { ReportColumn, ReportFilterKey, ReportFilters, ReportOrDetailKey } from '../../../shared/api/reporting';
import { OBJECT_ROLE_NAMES } from '../../../shared/domain/roles';
import {
  DRAFT_STAGE_LABELS,
  DraftStage,
  PNP_STATUS_LABELS,
  TaskKind,
  VERSION_STATUS_LABELS,
} from '../../../shared/domain/statuses';
import { intArray } from '../../db/client';
import {
  containerInScope,
  ownedOwnPnpsCondition,
  ownedSourcesSql,
  pnpInScope,
  type ReportScope,
} from './reporting.scope';
import { Tally, type TallyPart } from './reporting.tallies';
import { containsPattern } from '../../db/like';

/**
 * The reports of spec §2's catalogue. Each is one SQL row source (scoped to what the caller may
 * see, see reporting.scope.ts) with a unique `row_key`, its columns in display order, the filters
 * it accepts and its sort keys. The service wraps the source as `r` and adds filters, order and
 * page, so every report pages, sorts, counts and exports the same way.
 *
 * A source gives raw values (codes, dates, timestamps), so that filters and the order read columns
 * and indexes, and the page is cut before anything is formatted; `present` then turns the page's
 * rows (or, for an export, each row as it streams) into what the API shows: dates 'yyyy-mm-dd',
 * times ISO 8601 UTC text, labels beside codes. A column shown as a label sorts by the label
 * (`sortBy`); dates and times sort by their values, which is the order of their text.
 */

const iso = (expr: SQL): SQL => sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const day = (expr: SQL): SQL => sql`to_char(${expr}, 'YYYY-MM-DD')`;

/** A CASE turning a code into its label, from the shared label maps (one source of truth). */
function labelOf(expr: SQL, labels: Record<number, string>): SQL {
  const branches = Object.entries(labels).map(([code, label]) => sql` when ${Number(code)} then ${label}::text`);
  return sql`(case ${expr}${sql.join(branches, sql``)} end)`;
}

/**
 * A draft's stage as the P&P screens show it: 'Approving: Step 2' while it waits for an approval
 * step, the stage's label otherwise; null for a version that is no draft. `step` is null outside
 * Approving.
 */
const stageWithStep = (stage: SQL, step: SQL): SQL =>
  sql`(${labelOf(stage, DRAFT_STAGE_LABELS)} || coalesce(': Step ' || ${step}::text, ''))`;
/** The order of stageWithStep: by its text, with the step as a number (Step 10 after Step 9). */
const stageWithStepOrder = (stage: SQL, step: SQL): SQL =>
  sql`(${labelOf(stage, DRAFT_STAGE_LABELS)} || coalesce(': Step ' || lpad(${step}::text, 2, '0'), ''))`;

const col = (name: string): SQL => sql`r.${sql.identifier(name)}`;
const contains = (columns: string[], q: string): SQL => {
  const like = containsPattern(q);
  return sql`(${sql.join(
    columns.map((c) => sql`${col(c)} ilike ${like}`),
    sql` or `,
  )})`;
};
/** A date-range filter on a raw date column: both ends included. */
const dayRange = (column: string, from?: string, to?: string): SQL[] => [
  ...(from ? [sql`${col(column)} >= ${from}::date`] : []),
  ...(to ? [sql`${col(column)} <= ${to}::date`] : []),
];
/** A date-range filter on a raw timestamp column: from the first day's start to the last day's end, UTC. */
const timeRange = (column: string, from?: string, to?: string): SQL[] => [
  ...(from ? [sql`${col(column)} >= (${from}::date)::timestamp at time zone 'UTC'`] : []),
  ...(to ? [sql`${col(column)} < (${to}::date + 1)::timestamp at time zone 'UTC'`] : []),
];

export type SourcePurpose = 'rows' | 'count';
/**
 * A page's order and how many rows it needs from the top (offset + page size). A source may cut
 * itself to that many rows in that order when every filter is inside it (no outer condition could
 * then drop a row the page needs).
 */
export interface PageHint {
  sort: string;
  dir: 'asc' | 'desc';
  limit: number;
}

export interface ReportDef {
  key: ReportOrDetailKey;
  columns: ReportColumn[];
  filters: readonly ReportFilterKey[];
  defaultSort: string;
  defaultDir: 'asc' | 'desc';
  /**
   * Raw rows, with a unique `row_key`. For a count (`purpose` 'count') a source may join what
   * cannot add or remove rows (a P&P of a version, a container of a P&P: foreign keys) as an outer
   * join, so that the planner drops the join when the count's conditions do not read it.
   */
  source(
    scope: ReportScope,
    f: ReportFilters,
    extra: { readAckId?: number },
    purpose: SourcePurpose,
    page?: PageHint,
  ): SQL;
  /** The select list that shows a raw row `r` (every column and id the API returns, no row_key); default `r.*`. */
  present?(scope: ReportScope): SQL;
  /** How a sortable column orders raw rows `r` where that is not `r.<key>` (labels, counts). */
  sortBy?(scope: ReportScope): Partial<Record<string, SQL>>;
  /** Conditions on the raw rows `r`. */
  where(scope: ReportScope, f: ReportFilters): SQL[];
  /**
   * The report's rows when no filter is given, counted as the dashboard's tallies count them
   * (reporting.tallies.ts): the total then needs no walk over the rows. Only where the tallies count
   * exactly the source's rows in the same scope.
   */
  tallied?: TallyPart[];
  /** The same where the total is not a plain sum of tallies: a statement answering `total`. */
  talliedTotal?(scope: ReportScope): SQL;
}

const c = (key: string, label: string, sortable = true): ReportColumn => ({ key, label, sortable });

/** Conditions shared by reports with the P&P date columns (spec §3 date ranges) and the name search. */
function commonWhere(f: ReportFilters, search: string[]): SQL[] {
  return [
    ...(f.q ? [contains(search, f.q)] : []),
    ...dayRange('effective_dt', f.effective_from, f.effective_to),
    ...timeRange('published_at', f.published_from, f.published_to),
    ...dayRange('review_dt', f.review_from, f.review_to),
  ];
}

/**
 * A version's P&P and the P&P's container. Every version has its P&P and every P&P its container
 * (foreign keys within the organisation), so outer joins give the same rows: a count uses them, and
 * the planner drops them where nothing reads them (an owner's count reads the P&P for its scope).
 */
const pnpJoins = (scope: ReportScope, purpose: SourcePurpose): SQL => {
  const outer = purpose === 'count';
  return sql`
  ${outer && scope.ownerId === null ? sql`left join` : sql`join`} pnps p on p.org_id = ${scope.orgId} and p.id = d.pnp_id
  ${outer ? sql`left join` : sql`join`} containers ct on ct.org_id = ${scope.orgId} and ct.id = p.container_id`;
};

const allVersions: ReportDef = {
  key: 'pnp_documents',
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
  filters: [
    'q',
    'version_status',
    'pnp_status',
    'effective_from',
    'effective_to',
    'published_from',
    'published_to',
    'review_from',
    'review_to',
  ],
  defaultSort: 'pnp_name',
  defaultDir: 'asc',
  source: (s, _f, _extra, purpose) => sql`
    select d.id as row_key, d.id as version_id, p.id as pnp_id, p.name as pnp_name, ct.location,
           d.version_number, d.status::int as version_status, p.status::int as pnp_status,
           d.draft_stage::int as draft_stage,
           case when d.draft_stage = ${DraftStage.Approving} then coalesce(d.approval_step, 1)::int end as approval_step,
           d.effective_dt, d.published_at, d.review_dt, d.archived_at
      from pnp_documents d ${pnpJoins(s, purpose)}
     where d.org_id = ${s.orgId} and ${pnpInScope(s, 'p')}`,
  present: () => sql`r.version_id, r.pnp_id, r.pnp_name, r.location, r.version_number, r.version_status,
           ${labelOf(sql`r.version_status`, VERSION_STATUS_LABELS)} as version_status_label,
           r.pnp_status, ${labelOf(sql`r.pnp_status`, PNP_STATUS_LABELS)} as pnp_status_label,
           r.draft_stage, ${stageWithStep(sql`r.draft_stage`, sql`r.approval_step`)} as stage_label,
           ${day(sql`r.effective_dt`)} as effective_dt, ${iso(sql`r.published_at`)} as published_at,
           ${day(sql`r.review_dt`)} as review_dt, ${iso(sql`r.archived_at`)} as archived_at`,
  sortBy: () => ({
    version_status_label: labelOf(sql`r.version_status`, VERSION_STATUS_LABELS),
    pnp_status_label: labelOf(sql`r.pnp_status`, PNP_STATUS_LABELS),
    stage_label: stageWithStepOrder(sql`r.draft_stage`, sql`r.approval_step`),
  }),
  where: (_s, f) => [
    ...commonWhere(f, ['pnp_name']),
    ...(f.version_status ? [sql`r.version_status = ${f.version_status}`] : []),
    ...(f.pnp_status ? [sql`r.pnp_status = ${f.pnp_status}`] : []),
  ],
  // Every version in scope.
  tallied: [{ figure: Tally.VersionStatus }],
  // Planned once per connection like the others: with the page size written into the text (ADR
  // 0014) the generic plan walks the names' index and stops at the page (0.6-0.7 ms for an admin
  // and an owner at 100,000 versions, where planning it on every request cost 4 ms). Before the
  // page size was in the text, that plan gathered parallel workers to sort every version.
};

const retired: ReportDef = {
  key: 'retired_pnps',
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
  defaultSort: 'retired_at',
  defaultDir: 'desc',
  source: (s) => sql`
    select p.id as row_key, p.id as pnp_id, p.name as pnp_name, ct.location,
           v.version_number, v.effective_dt, v.published_at, p.retired_at, p.retire_reason,
           (select count(*)::int from pnp_documents x
             where x.org_id = ${s.orgId} and x.pnp_id = p.id and x.file_id is not null) as version_count
      from pnps p
      join containers ct on ct.org_id = ${s.orgId} and ct.id = p.container_id
      left join lateral (
        select d.version_number, d.effective_dt, d.published_at from pnp_documents d
         where d.org_id = ${s.orgId} and d.pnp_id = p.id and d.status in (2, 3)
         order by d.status, d.version_number desc nulls last limit 1) v on true
     where p.org_id = ${s.orgId} and p.status = 3 and ${pnpInScope(s, 'p')}`,
  present: () => sql`r.pnp_id, r.pnp_name, r.location, r.version_number, ${day(sql`r.effective_dt`)} as effective_dt,
           ${iso(sql`r.published_at`)} as published_at, ${iso(sql`r.retired_at`)} as retired_at, r.retire_reason,
           r.version_count`,
  where: (_s, f) => commonWhere(f, ['pnp_name']),
};

const WORKFLOW_TASKS = [TaskKind.Author, TaskKind.Review, TaskKind.Approve, TaskKind.Publish];
const workflowKinds = sql`(${sql.join(
  WORKFLOW_TASKS.map((k) => sql`${k}`),
  sql`, `,
)})`;

/** The open Author/Review/Approve/Publish tasks of the version `r.version_id` and their holders, as a FROM clause. */
const openWorkflowTasks = (
  s: ReportScope,
): SQL => sql`tasks t join org_users u on u.org_id = ${s.orgId} and u.id = t.user_id
   where t.org_id = ${s.orgId} and t.document_id = r.version_id and t.status = 1
     and t.delegated_from is null and t.kind in ${workflowKinds}`;
const pendingCount = (s: ReportScope): SQL => sql`(select count(*)::int from ${openWorkflowTasks(s)})`;

const pendingAction: ReportDef = {
  key: 'pending_action',
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
  defaultSort: 'started_at',
  defaultDir: 'asc',
  source: (s, _f, _extra, purpose) => sql`
    select d.id as row_key, d.id as version_id, p.id as pnp_id, p.name as pnp_name, ct.location,
           d.draft_stage::int as draft_stage, case when d.draft_stage = 4 then d.approval_step::int end as approval_step,
           d.created_at as started_at
      from pnp_documents d ${pnpJoins(s, purpose)}
     where d.org_id = ${s.orgId} and d.status = 1 and ${pnpInScope(s, 'p')}
       -- "Not retired" as an anti-join (retired P&Ps are few): an org admin's count reads no other P&P.
       and not exists (select 1 from pnps x where x.org_id = ${s.orgId} and x.id = d.pnp_id and x.status = 3)`,
  // Who holds the open tasks: looked up for the page's rows only (and for every row when sorting by the count).
  present: (s) => sql`r.version_id, r.pnp_id, r.pnp_name, r.location, r.draft_stage,
           ${labelOf(sql`r.draft_stage`, DRAFT_STAGE_LABELS)} as stage_label, r.approval_step,
           (select string_agg(u.first_name || ' ' || u.last_name, '; ' order by u.last_name, u.first_name, u.id)
              from ${openWorkflowTasks(s)}) as pending_with,
           ${pendingCount(s)} as pending_count, ${iso(sql`r.started_at`)} as started_at`,
  sortBy: (s) => ({ stage_label: labelOf(sql`r.draft_stage`, DRAFT_STAGE_LABELS), pending_count: pendingCount(s) }),
  where: (s, f) => [
    ...(f.q ? [contains(['pnp_name'], f.q)] : []),
    ...(f.draft_stage ? [sql`r.draft_stage = ${f.draft_stage}`] : []),
    ...(f.user_id
      ? [
          sql`exists (select 1 from tasks t where t.org_id = ${s.orgId} and t.document_id = r.version_id
                 and t.status = 1 and t.delegated_from is null and t.kind in ${workflowKinds} and t.user_id = ${f.user_id})`,
        ]
      : []),
  ],
  // Drafts of P&Ps not retired, whatever their stage.
  tallied: [{ figure: Tally.DraftStage }],
};

const roleLabel = sql`(case when g.role = 4 then 'Approver (Step ' || g.approval_step || ')' else ${labelOf(
  sql`g.role`,
  OBJECT_ROLE_NAMES,
)} end)`;

const assignments: ReportDef = {
  key: 'user_assignments',
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
  defaultSort: 'subject_name',
  defaultDir: 'asc',
  source: (s) => sql`
    select g.id as row_key,
           case when g.user_id is not null then 'User' else 'Group' end as subject_type,
           coalesce(g.user_id, g.group_id) as subject_id,
           coalesce(u.first_name || ' ' || u.last_name, ug.name) as subject_name, u.email,
           g.role::int as role, g.approval_step::int as approval_step, ${roleLabel} as role_label,
           case when g.pnp_id is not null then 'P&P' when c.type = 1 then 'Binder' else 'Folder' end as object_type,
           coalesce(g.pnp_id, g.container_id) as object_id, coalesce(p.name, c.name) as object_name,
           coalesce(pc.location, c.location) as location
      from access_grants g
      left join org_users u on u.org_id = ${s.orgId} and u.id = g.user_id
      left join user_groups ug on ug.org_id = ${s.orgId} and ug.id = g.group_id
      left join containers c on c.org_id = ${s.orgId} and c.id = g.container_id
      left join pnps p on p.org_id = ${s.orgId} and p.id = g.pnp_id
      left join containers pc on pc.org_id = ${s.orgId} and pc.id = p.container_id
     where g.org_id = ${s.orgId}
       and ((g.container_id is not null and ${containerInScope(s, 'c')})
         or (g.pnp_id is not null and ${pnpInScope(s, 'p')}))`,
  where: (s, f) => [
    ...(f.q ? [contains(['subject_name', 'object_name'], f.q)] : []),
    ...(f.role ? [sql`r.role = ${f.role}`] : []),
    ...(f.group_id ? [sql`r.subject_type = 'Group' and r.subject_id = any(${intArray(f.group_id)})`] : []),
    ...(f.user_id
      ? [
          sql`((r.subject_type = 'User' and r.subject_id = ${f.user_id})
            or (r.subject_type = 'Group' and r.subject_id in (
                  select group_id from group_memberships where org_id = ${s.orgId} and user_id = ${f.user_id})))`,
        ]
      : []),
  ],
};

/** Roles an item is expected to have someone in; Reviewer is optional in the workflow, so only on request. */
export const EXPECTED_ROLES = [1, 2, 4, 5] as const;

/**
 * Binders, folders and P&Ps (not retired) whose effective participants lack one of `roles`. The
 * roles held on each access source are gathered once (sources are few) and each node looks its own
 * source up. The search is part of the source, so that for a page in name order (`page`) each
 * branch walks its own name order and stops at the page: the first n rows of the whole are among
 * the first n of each branch.
 */
function missingSource(s: ReportScope, f: ReportFilters, purpose: SourcePurpose, page?: PageHint): SQL {
  const roles = f.role ? [f.role] : EXPECTED_ROLES;
  const all = sql`${`{${roles.join(',')}}`}::int[]`;
  const like = f.q ? containsPattern(f.q) : null;
  const named = (column: SQL): SQL => (like === null ? sql`true` : sql`${column} ilike ${like}`);
  const cut = (order: (dir: SQL) => SQL): SQL => {
    if (page?.sort !== 'object_name') return sql``;
    return sql`order by ${order(page.dir === 'asc' ? sql`asc` : sql`desc`)} limit ${page.limit}`;
  };
  const pnpMissing = sql`case when p.inherits_access then coalesce(lc.missing, ${all}) else coalesce(lp.missing, ${all}) end`;
  const containerMissing = sql`coalesce(lc.missing, ${all})`;
  return sql`
    with held_c as (
      select g.container_id as id, array_agg(distinct g.role::int) as roles
        from access_grants g where g.org_id = ${s.orgId} and g.container_id is not null group by g.container_id
    ), held_p as (
      select g.pnp_id as id, array_agg(distinct g.role::int) as roles
        from access_grants g where g.org_id = ${s.orgId} and g.pnp_id is not null group by g.pnp_id
    ), lacking_c as (
      select h.id, array(select e from unnest(${all}) e where not e = any(h.roles) order by e) as missing from held_c h
    ), lacking_p as (
      select h.id, array(select e from unnest(${all}) e where not e = any(h.roles) order by e) as missing from held_p h)
    select * from (
      select 3 * 2147483648::bigint + p.id as row_key, 'P&P'::text as object_type, p.id as object_id,
             p.name as object_name, ct.location, ${pnpMissing} as missing
        from pnps p
        ${purpose === 'count' ? sql`left join` : sql`join`} containers ct on ct.org_id = ${s.orgId} and ct.id = p.container_id
        left join lacking_c lc on p.inherits_access and lc.id = p.access_source_id
        left join lacking_p lp on not p.inherits_access and lp.id = p.id
       where p.org_id = ${s.orgId} and p.status <> 3 and ${pnpInScope(s, 'p')} and ${named(sql`p.name`)}
         and cardinality(${pnpMissing}) > 0
       ${cut((dir) => sql`p.name ${dir} nulls last, p.id ${dir}`)}) pn
    union all
    select * from (
      select c.type * 2147483648::bigint + c.id, case when c.type = 1 then 'Binder' else 'Folder' end,
             c.id, c.name, c.location, ${containerMissing}
        from containers c
        left join lacking_c lc on lc.id = c.access_source_id
       where c.org_id = ${s.orgId} and ${containerInScope(s, 'c')} and ${named(sql`c.name`)}
         and cardinality(${containerMissing}) > 0
       ${cut((dir) => sql`c.name ${dir} nulls last, c.type * 2147483648::bigint + c.id ${dir}`)}) cn`;
}

/**
 * The number of rows of Unassigned Items without filters (every expected role looked for), from the
 * kept counts of P&Ps not retired per access source (migration 0030): the P&Ps of a source count
 * when the source lacks a role (a source without grants lacks them all; P&Ps that inherit no source
 * lack them all). P&Ps with participants of their own are kept under source -1: an org admin's are
 * that count less those that have every role (found from their grants, few); an owner's are looked
 * up from their own Owner grants. Containers are few and counted as the report lists them.
 */
function missingTotal(s: ReportScope): SQL {
  const all = sql`${`{${EXPECTED_ROLES.join(',')}}`}::int[]`;
  const owner = s.ownerId === null ? null : { ...s, ownerId: s.ownerId };
  const heldOwn = sql`select g.pnp_id as id, array_agg(distinct g.role::int) as roles
      from access_grants g where g.org_id = ${s.orgId} and g.pnp_id is not null group by g.pnp_id`;
  const ownPnps =
    owner === null
      ? sql`(select coalesce(sum(t.n), 0) from reporting_tallies t
              where t.org_id = ${s.orgId} and t.figure = ${Tally.PnpStatus} and t.bucket in (1, 2) and t.source_id = -1)
            - (select count(*) from (${heldOwn}) h
                 join pnps p on p.org_id = ${s.orgId} and p.id = h.id
                where not p.inherits_access and p.status <> 3 and h.roles @> ${all})`
      : sql`(select count(*) from pnps p
               left join (${heldOwn}) h on h.id = p.id
              where p.org_id = ${s.orgId} and p.status <> 3 and ${ownedOwnPnpsCondition(owner, 'p')}
                and not coalesce(h.roles @> ${all}, false))`;
  return sql`
    with held_c as (
      select g.container_id as id, array_agg(distinct g.role::int) as roles
        from access_grants g where g.org_id = ${s.orgId} and g.container_id is not null group by g.container_id)
    select ((select coalesce(sum(t.n), 0) from reporting_tallies t
               left join held_c h on h.id = t.source_id
              where t.org_id = ${s.orgId} and t.figure = ${Tally.PnpStatus} and t.bucket in (1, 2) and t.source_id >= 0
                and ${owner === null ? sql`true` : sql`t.source_id in (${ownedSourcesSql(owner)})`}
                and not coalesce(h.roles @> ${all}, false))
          + ${ownPnps}
          + (select count(*) from containers c
               left join held_c h on h.id = c.access_source_id
              where c.org_id = ${s.orgId} and ${containerInScope(s, 'c')} and not coalesce(h.roles @> ${all}, false))
           )::int as total`;
}

const roleNames = sql.join(
  Object.entries(OBJECT_ROLE_NAMES).map(([id, name]) => sql`(${Number(id)}::int, ${name}::text)`),
  sql`, `,
);

const unassigned: ReportDef = {
  key: 'missing_assignments',
  columns: [
    c('object_name', 'Item'),
    c('object_type', 'Item Type'),
    c('location', 'Location'),
    c('missing_roles', 'Missing Roles', false),
    c('missing_count', 'Missing'),
  ],
  filters: ['q', 'role'],
  defaultSort: 'object_name',
  defaultDir: 'asc',
  // The role filter changes which roles are looked for, so it shapes the source itself; so does the
  // search (see missingSource).
  source: (s, f, _extra, purpose, page) => missingSource(s, f, purpose, page),
  present: () => sql`r.object_type, r.object_id, r.object_name, r.location,
           (select string_agg(rn.name, '; ' order by rn.id) from (values ${roleNames}) rn(id, name)
             where rn.id = any(r.missing)) as missing_roles,
           cardinality(r.missing) as missing_count`,
  sortBy: () => ({ missing_count: sql`cardinality(r.missing)` }),
  where: () => [],
  talliedTotal: missingTotal,
};

const READ_ACK_STATUS_LABELS: Record<number, string> = { 1: 'Active', 2: 'Closed', 3: 'Canceled' };

const readAcks: ReportDef = {
  key: 'read_acknowledgements',
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
  defaultSort: 'created_at',
  defaultDir: 'desc',
  source: (s) => sql`
    select ra.id as row_key, ra.id, ra.name, p.id as pnp_id, p.name as pnp_name, d.id as version_id, d.version_number,
           ra.status::int as status, ra.due_dt,
           k.total as readers_total, k.done as readers_completed, k.total - k.done as readers_pending,
           case when k.total > 0 then round(100.0 * k.done / k.total)::int else 0 end as completion_pct,
           ra.created_at, ra.closed_at
      from read_acknowledgements ra
      join pnps p on p.org_id = ${s.orgId} and p.id = ra.pnp_id
      join pnp_documents d on d.org_id = ${s.orgId} and d.id = ra.document_id
      cross join lateral (
        select count(*)::int as total, (count(*) filter (where rr.completion = 1))::int as done
          from read_ack_readers rr where rr.org_id = ${s.orgId} and rr.read_ack_id = ra.id) k
     where ra.org_id = ${s.orgId} and ${pnpInScope(s, 'p')}`,
  // The version acknowledged (version_id) beside its number: the screen links the P&P's name to it.
  present: (s) => sql`r.id, r.name, r.pnp_id, r.pnp_name, r.version_id, r.version_number, r.status,
           ${labelOf(sql`r.status`, READ_ACK_STATUS_LABELS)} as status_label,
           (select string_agg(ug.name, '; ' order by ug.name) from read_ack_groups rg
              join user_groups ug on ug.org_id = ${s.orgId} and ug.id = rg.group_id
             where rg.org_id = ${s.orgId} and rg.read_ack_id = r.id) as groups,
           ${day(sql`r.due_dt`)} as due_dt, r.readers_total, r.readers_completed, r.readers_pending, r.completion_pct,
           ${iso(sql`r.created_at`)} as created_at, ${iso(sql`r.closed_at`)} as closed_at`,
  sortBy: () => ({ status_label: labelOf(sql`r.status`, READ_ACK_STATUS_LABELS) }),
  where: (s, f) => [
    ...(f.q ? [contains(['name', 'pnp_name'], f.q)] : []),
    ...(f.status ? [sql`r.status = ${f.status}`] : []),
    ...(f.group_id
      ? [
          sql`exists (select 1 from read_ack_groups rg where rg.org_id = ${s.orgId}
                 and rg.read_ack_id = r.id and rg.group_id = any(${intArray(f.group_id)}))`,
        ]
      : []),
  ],
};

const readAckReaders: ReportDef = {
  key: 'read_acknowledgement_readers',
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
  defaultSort: 'reader_name',
  defaultDir: 'asc',
  source: (s, _f, extra) => sql`
    select rr.id as row_key, rr.user_id, u.first_name || ' ' || u.last_name as reader_name, u.email,
           ug.name as via_group, rr.completion::int as completion, (rr.completion = 1) as completed,
           rr.opened_at, rr.acknowledged_at, ad.version_number as acknowledged_version
      from read_ack_readers rr
      join org_users u on u.org_id = ${s.orgId} and u.id = rr.user_id
      left join user_groups ug on ug.org_id = ${s.orgId} and ug.id = rr.via_group_id
      left join pnp_documents ad on ad.org_id = ${s.orgId} and ad.id = rr.acknowledged_document_id
     where rr.org_id = ${s.orgId} and rr.read_ack_id = ${extra.readAckId ?? 0}`,
  present: () => sql`r.user_id, r.reader_name, r.email, r.via_group, r.completion, r.completed,
           ${iso(sql`r.opened_at`)} as opened_at, ${iso(sql`r.acknowledged_at`)} as acknowledged_at, r.acknowledged_version`,
  where: (_s, f) => [
    ...(f.q ? [contains(['reader_name', 'email'], f.q)] : []),
    ...(f.completion !== undefined ? [sql`r.completion = ${f.completion}`] : []),
  ],
};

const views: ReportDef = {
  key: 'pnp_document_views',
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
  defaultSort: 'views',
  defaultDir: 'desc',
  // The counts are kept per version as views are recorded (migration 0029: every version has its
  // row), so the default order walks their index, most viewed first, and stops at the page.
  source: (s, _f, _extra, purpose) => sql`
    select d.id as row_key, d.id as version_id, p.id as pnp_id, p.name as pnp_name, ct.location,
           d.version_number, d.status::int as version_status, d.published_at,
           k.views, k.viewers as unique_viewers, k.last_viewed_at
      from pnp_documents d ${pnpJoins(s, purpose)}
      ${purpose === 'count' ? sql`left join` : sql`join`} pnp_document_view_counts k
        on k.org_id = ${s.orgId} and k.document_id = d.id
     where d.org_id = ${s.orgId} and d.status in (2, 3) and ${pnpInScope(s, 'p')}`,
  present: () => sql`r.version_id, r.pnp_id, r.pnp_name, r.location, r.version_number, r.version_status,
           ${labelOf(sql`r.version_status`, VERSION_STATUS_LABELS)} as version_status_label,
           ${iso(sql`r.published_at`)} as published_at, r.views, r.unique_viewers,
           ${iso(sql`r.last_viewed_at`)} as last_viewed_at`,
  sortBy: () => ({ version_status_label: labelOf(sql`r.version_status`, VERSION_STATUS_LABELS) }),
  where: (_s, f) => [
    ...(f.q ? [contains(['pnp_name'], f.q)] : []),
    ...timeRange('published_at', f.published_from, f.published_to),
  ],
  // Active and Archived versions (each has its counts row).
  tallied: [{ figure: Tally.VersionStatus, range: { from: 2, to: 3 } }],
};

const linked: ReportDef = {
  key: 'linked_pnps',
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
  defaultSort: 'pnp_name',
  defaultDir: 'asc',
  // Both ends must be in scope: a linked P&P's name from outside an owner's binders is not theirs to see.
  source: (s) => sql`
    select l.pnp_id::bigint * 2147483648 + l.linked_pnp_id as row_key,
           p.id as pnp_id, p.name as pnp_name, p.status::int as pnp_status,
           ct.location, lp.id as linked_pnp_id, lp.name as linked_pnp_name,
           lp.status::int as linked_pnp_status, lc.location as linked_location, l.created_at as linked_at
      from pnp_links l
      join pnps p on p.org_id = ${s.orgId} and p.id = l.pnp_id
      join containers ct on ct.org_id = ${s.orgId} and ct.id = p.container_id
      join pnps lp on lp.org_id = ${s.orgId} and lp.id = l.linked_pnp_id
      join containers lc on lc.org_id = ${s.orgId} and lc.id = lp.container_id
     where l.org_id = ${s.orgId} and ${pnpInScope(s, 'p')} and ${pnpInScope(s, 'lp')}`,
  // The codes beside the labels: the screen shows each status as its badge, as in All Versions.
  present: () => sql`r.pnp_id, r.pnp_name, ${labelOf(sql`r.pnp_status`, PNP_STATUS_LABELS)} as pnp_status_label,
           r.pnp_status, r.location, r.linked_pnp_id, r.linked_pnp_name, r.linked_pnp_status,
           ${labelOf(sql`r.linked_pnp_status`, PNP_STATUS_LABELS)} as linked_pnp_status_label, r.linked_location,
           ${iso(sql`r.linked_at`)} as linked_at`,
  sortBy: () => ({
    pnp_status_label: labelOf(sql`r.pnp_status`, PNP_STATUS_LABELS),
    linked_pnp_status_label: labelOf(sql`r.linked_pnp_status`, PNP_STATUS_LABELS),
  }),
  where: (_s, f) => (f.q ? [contains(['pnp_name', 'linked_pnp_name'], f.q)] : []),
};

export const REPORTS: Record<ReportOrDetailKey, ReportDef> = {
  pnp_documents: allVersions,
  retired_pnps: retired,
  pending_action: pendingAction,
  user_assignments: assignments,
  missing_assignments: unassigned,
  read_acknowledgements: readAcks,
  read_acknowledgement_readers: readAckReaders,
  pnp_document_views: views,
  linked_pnps: linked,
};
