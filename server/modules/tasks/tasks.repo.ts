import { sql, type SQL } from 'drizzle-orm';
import { TASK_COUNT_LIMIT, type TaskDueFilter } from '../../../shared/api/tasks';
import { pagerCountReach } from '../../../shared/domain/pagination';
import { queryRows, type Executor } from '../../db/client';
import { shapedSql } from '../../db/shaped-sql';

/** One task with what the tasks screen shows of its P&P, version and read acknowledgement. */
export interface TaskRow {
  id: number;
  kind: string;
  status: number;
  /** Whose person-slot the task is: the away user for a delegate's copy (ADR 0011). */
  user_id: number;
  /** Who holds the row: the slot's user, or the delegate holding a copy. */
  holder_id: number;
  delegated_from: number | null;
  /** Held by one of the P&P's Owners in place of reviewers or approvers who have all left (migration 0058). */
  owner_stand_in: boolean;
  first_name: string;
  last_name: string;
  pnp_id: number;
  pnp_name: string;
  document_id: number | null;
  version_number: number | null;
  version_status: number | null;
  draft_stage: number | null;
  approval_step: number | null;
  read_ack_id: number | null;
  read_ack_name: string | null;
  due_dt: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  origination_dt: string | null;
  effective_dt: string | null;
  review_dt: string | null;
  reminder_dt: string | null;
  review_cycle_years: number | null;
  reminder_days: number | null;
}

export interface TaskFilters {
  /** Whose tasks: the caller, and the people whose open tasks the caller holds as their delegate. */
  userIds: readonly number[];
  /**
   * People whose open tasks the caller sees as their delegate (away users in an active window):
   * not Acknowledge tasks (personal), and not those the caller already holds a copy of.
   */
  openOnlyUserIds?: readonly number[];
  /** The caller, for the copies check above. */
  delegateId?: number;
  kind?: string | undefined;
  status?: number | undefined;
  due: TaskDueFilter;
  days: number;
  /** Today (yyyy-mm-dd, UTC). */
  today: string;
}

/** The tasks a filter keeps; every condition starts with the index's (org_id, user_id, ...). */
function conditions(orgId: number, f: TaskFilters): SQL {
  const parts: SQL[] = [sql`t.org_id = ${orgId}`];
  const own = sql`t.user_id in (${sql.join(
    f.userIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const others = f.openOnlyUserIds ?? [];
  parts.push(
    others.length === 0
      ? own
      : sql`(${own} or (t.status = 1 and t.delegated_from is null and t.kind <> 'Acknowledge'
              and t.user_id in (${sql.join(
                others.map((id) => sql`${id}`),
                sql`, `,
              )})
              and not exists (
                select 1 from tasks c
                 where c.org_id = t.org_id and c.user_id = ${f.delegateId ?? 0} and c.delegated_from = t.user_id
                   and c.status = 1 and c.kind = t.kind
                   and coalesce(c.document_id, 0) = coalesce(t.document_id, 0)
                   and coalesce(c.read_ack_id, 0) = coalesce(t.read_ack_id, 0))))`,
  );
  if (f.status !== undefined) parts.push(sql`t.status = ${f.status}`);
  if (f.kind !== undefined) parts.push(sql`t.kind = ${f.kind}`);
  if (f.due === 'overdue') parts.push(sql`t.due_dt < ${f.today}::date`);
  if (f.due === 'within') parts.push(sql`t.due_dt <= ${f.today}::date + ${f.days}::int`);
  return sql.join(parts, sql` and `);
}

const ROW_COLUMNS = sql`t.id, t.kind, t.status, t.slot_user as user_id,
       t.user_id as holder_id, t.delegated_from, t.owner_stand_in, u.first_name, u.last_name, t.pnp_id, p.name as pnp_name,
       d.id as document_id, d.version_number, d.status as version_status, d.draft_stage, d.approval_step,
       t.read_ack_id, ra.name as read_ack_name, t.due_dt::text as due_dt, t.created_at, t.completed_at,
       d.origination_dt::text as origination_dt, d.effective_dt::text as effective_dt, d.review_dt::text as review_dt, d.reminder_dt::text as reminder_dt,
       d.review_cycle_years, d.reminder_days`;

/** The tasks a filter keeps, with whose person-slot each is (`slot_user`): the `t` the joins expect. */
const TASK_ROWS = sql`select t.*, coalesce(t.delegated_from, t.user_id) as slot_user from tasks t`;

/**
 * The joins of a page of tasks: the P&P, the person whose slot it is (the away user for a delegate's
 * copy), the version (the Active one when none is named). Each is a LATERAL probe of one row
 * (OFFSET 0 keeps it one), keyed by plain columns: under row-level security PostgreSQL will not
 * look an index up by an expression such as coalesce(...) (it might leak rows the policy hides),
 * and a join on one scanned every version of the organisation for each task (90 ms at 50,000 P&Ps).
 * So the keys are columns computed first (`slot_user`, `v.id`), and the plan is the same whatever
 * the parameters (docs/adr/0014-list-plans.md).
 */
const ROW_JOINS = sql`
  cross join lateral (select p.name from pnps p where p.org_id = t.org_id and p.id = t.pnp_id offset 0) p
  cross join lateral (
    select u.first_name, u.last_name from org_users u where u.org_id = t.org_id and u.id = t.slot_user offset 0) u
  left join lateral (
    select ra.name, ra.document_id from read_acknowledgements ra
     where ra.org_id = t.org_id and ra.id = t.read_ack_id offset 0) ra on true
  cross join lateral (
    select coalesce(t.document_id, ra.document_id,
                    (select a.id from pnp_documents a where a.org_id = t.org_id and a.pnp_id = t.pnp_id and a.status = 2)) as id
    offset 0) v
  left join lateral (select d.* from pnp_documents d where d.org_id = t.org_id and d.id = v.id offset 0) d on true`;

/** A page size written into the statement (a whole number from the validated query, never text). */
const literalInt = (value: number): SQL => {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a page size: ${value}`);
  return sql.raw(String(value));
};

/** How far a page counts (docs/adr/0023): the pager's reach, at most TASK_COUNT_LIMIT. */
const countLimitOf = (page: { limit: number; offset: number }): number => pagerCountReach(page, TASK_COUNT_LIMIT);

const taskCountSql = (orgId: number, f: TaskFilters, countLimit: number): SQL => sql`select count(*)::int as total
    from (select 1 from tasks t where ${conditions(orgId, f)} limit ${literalInt(countLimit + 1)}) x`;

/** A page of tasks; the first one (no offset) carries the count on its rows. */
const taskPageSql = (orgId: number, f: TaskFilters, page: { limit: number; offset: number }): SQL => {
  const first = page.offset === 0;
  return sql`select ${ROW_COLUMNS}${first ? sql`, (${taskCountSql(orgId, f, countLimitOf(page))}) as total` : sql``}
          from (${TASK_ROWS} where ${conditions(orgId, f)} order by t.created_at desc, t.id desc
                 limit ${literalInt(page.limit)}${first ? sql`` : sql` offset ${page.offset}`}) t
          ${ROW_JOINS}
         order by t.created_at desc, t.id desc`;
};

/**
 * The first page, built once per shape (server/db/shaped-sql.ts): the number of people whose tasks
 * are listed, which filters are set and the page size decide its text; the ids and filter values
 * are its parameters.
 */
function firstTaskPageSql(orgId: number, f: TaskFilters, limit: number): SQL {
  const others = f.openOnlyUserIds ?? [];
  const shape = [
    'tasks-first-page',
    f.userIds.length,
    others.length,
    f.delegateId !== undefined,
    f.kind !== undefined,
    f.status !== undefined,
    f.due,
    limit,
  ].join(':');
  const values: Record<string, number | string> = { orgId, today: f.today, days: f.days };
  f.userIds.forEach((id, i) => (values[`user${i}`] = id));
  others.forEach((id, i) => (values[`other${i}`] = id));
  if (f.delegateId !== undefined) values.delegateId = f.delegateId;
  if (f.kind !== undefined) values.kind = f.kind;
  if (f.status !== undefined) values.status = f.status;
  return shapedSql(shape, values, (v) =>
    taskPageSql(
      Number(v.orgId),
      {
        userIds: f.userIds.map((_, i) => Number(v[`user${i}`])),
        openOnlyUserIds: others.map((_, i) => Number(v[`other${i}`])),
        ...(f.delegateId !== undefined ? { delegateId: Number(v.delegateId) } : {}),
        ...(f.kind !== undefined ? { kind: String(v.kind) } : {}),
        ...(f.status !== undefined ? { status: Number(v.status) } : {}),
        due: f.due,
        days: Number(v.days),
        today: String(v.today),
      },
      { limit, offset: 0 },
    ),
  );
}

/**
 * One page of tasks, newest first. The page is cut from the tasks table alone (walking the
 * (org_id, user_id, status, created_at) index and stopping at the page) before anything is joined.
 * The first page has its size written in and no OFFSET, so that its plan may be kept per connection
 * (tasks.service.ts asks for that), and carries the count on its rows: one statement.
 */
export async function listTaskPage(
  db: Executor,
  orgId: number,
  f: TaskFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: TaskRow[]; total: number; capped: boolean }> {
  const first = page.offset === 0;
  const rows = await queryRows<TaskRow & { total?: number }>(
    db,
    first ? firstTaskPageSql(orgId, f, page.limit) : taskPageSql(orgId, f, page),
  );
  const countLimit = countLimitOf(page);
  const capped = (total: number) => ({ total: Math.min(total, countLimit), capped: total > countLimit });
  // The rows go on as the driver made them, `total` and all (the presenter picks its fields): a copy
  // of each without it (a rest spread) made slower objects for the presenter to read.
  if (first) return { rows, ...capped(rows[0]?.total ?? 0) };
  // A page that is not full and not empty is the last one: the total is known without counting.
  if (rows.length > 0 && rows.length < page.limit) return { rows, total: page.offset + rows.length, capped: false };
  const [counted] = await queryRows<{ total: number }>(db, taskCountSql(orgId, f, countLimit));
  return { rows, ...capped(counted?.total ?? 0) };
}

/** One task by id, if it is one of the given people's. */
export async function findTask(
  db: Executor,
  orgId: number,
  taskId: number,
  f: Pick<TaskFilters, 'userIds' | 'openOnlyUserIds' | 'delegateId'>,
): Promise<TaskRow | null> {
  const where = conditions(orgId, { ...f, due: 'any', days: 0, today: '1970-01-01' });
  const [row] = await queryRows<TaskRow>(
    db,
    sql`select ${ROW_COLUMNS}
          from (${TASK_ROWS} where ${where} and t.id = ${taskId} offset 0) t
          ${ROW_JOINS}`,
  );
  return row ?? null;
}

/** Locks the task row for the action (two clicks on one task act once), reading what decides the action. */
export async function lockTask(
  db: Executor,
  orgId: number,
  taskId: number,
): Promise<{ status: number; owner_stand_in: boolean } | null> {
  const [row] = await queryRows<{ status: number; owner_stand_in: boolean }>(
    db,
    sql`select status, owner_stand_in from tasks where org_id = ${orgId} and id = ${taskId} for update`,
  );
  return row ?? null;
}

/** Marks the task done by the caller's action (the workflow may have closed it with its stage). */
export async function markTaskCompleted(db: Executor, orgId: number, taskId: number, by: number, now: Date) {
  await db.execute(
    sql`update tasks set status = 2, completed_at = ${now.toISOString()}::timestamptz, completed_by = ${by},
               updated_at = ${now.toISOString()}::timestamptz
         where org_id = ${orgId} and id = ${taskId} and status <> 2`,
  );
}
