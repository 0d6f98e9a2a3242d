import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import type { OrgActor } from '../../http/actor';

export interface DelegationRow {
  user_id: number;
  user_name: string;
  delegate_id: number;
  delegate_name: string;
  starts_at: Date | string;
  ends_at: Date | string;
  created_by_name: string | null;
}

const ts = (d: Date): string => d.toISOString();

/** A user's window (at most one), with the names the screen shows. */
export async function findDelegation(db: Executor, orgId: number, userId: number): Promise<DelegationRow | null> {
  const [row] = await queryRows<DelegationRow>(
    db,
    sql`select d.user_id, u.first_name || ' ' || u.last_name as user_name,
               d.delegate_id, g.first_name || ' ' || g.last_name as delegate_name,
               d.starts_at, d.ends_at,
               case when c.id is null then null else c.first_name || ' ' || c.last_name end as created_by_name
          from delegations d
          join org_users u on u.org_id = d.org_id and u.id = d.user_id
          join org_users g on g.org_id = d.org_id and g.id = d.delegate_id
          left join org_users c on c.org_id = d.org_id and c.id = d.created_by
         where d.org_id = ${orgId} and d.user_id = ${userId}`,
  );
  return row ?? null;
}

/** Sets the user's window, replacing the one they had (one per user: windows never overlap). */
export async function upsertDelegation(
  db: Executor,
  orgId: number,
  w: { userId: number; delegateId: number; startsAt: Date; endsAt: Date; createdBy: number; now: Date },
): Promise<void> {
  await db.execute(
    sql`insert into delegations (org_id, user_id, delegate_id, starts_at, ends_at, created_by, created_at)
        values (${orgId}, ${w.userId}, ${w.delegateId}, ${ts(w.startsAt)}::timestamptz, ${ts(w.endsAt)}::timestamptz,
                ${w.createdBy}, ${ts(w.now)}::timestamptz)
        on conflict (org_id, user_id) do update
          set delegate_id = excluded.delegate_id, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
              created_by = excluded.created_by, created_at = excluded.created_at`,
  );
}

export async function deleteDelegation(db: Executor, orgId: number, userId: number): Promise<void> {
  await db.execute(sql`delete from delegations where org_id = ${orgId} and user_id = ${userId}`);
}

/**
 * Whether the window of the delegation `d`, [starts_at, ends_at), covers `now` (a parameter or
 * placeholder). The session lookup's function (migration 0060, `tenet_session_actor_rows`) states the same
 * window, and the same lapsed copy as `lapsedCopy` below, in SQL of its own.
 */
export const windowCovers = (now: SQL): SQL =>
  sql`d.starts_at <= ${now}::timestamptz and d.ends_at > ${now}::timestamptz`;

/**
 * Whether the task `t` is an open copy a delegate holds whose window no longer covers `now`: it
 * ended, was cleared or changed (ADR 0011). Such copies are closed before the delegate's tasks are read.
 */
export const lapsedCopy = (now: SQL): SQL =>
  sql`t.status = 1 and t.delegated_from is not null
      and not exists (
        select 1 from delegations d
         where d.org_id = t.org_id and d.user_id = t.delegated_from and d.delegate_id = t.user_id
           and ${windowCovers(now)})`;

/** The people whose window is active now with `delegateId` as their delegate (a statement). */
const activeDelegatorsSql = (orgId: number, delegateId: number, now: Date) =>
  sql`select d.user_id from delegations d
        join org_users u on u.org_id = d.org_id and u.id = d.user_id
       where d.org_id = ${orgId} and d.delegate_id = ${delegateId} and ${windowCovers(sql`${ts(now)}`)}
       order by d.user_id`;

/**
 * `closeLapsedCopies` for the copies `delegateId` holds, then the people whose window is active now
 * with `delegateId` as their delegate, in one statement
 * (one round trip on every tasks page): the update is a data-modifying WITH, which PostgreSQL runs
 * to completion whether or not the query reads it; the query reads delegations, which it leaves.
 */
export async function closeLapsedCopiesAndListDelegators(
  db: Executor,
  orgId: number,
  delegateId: number,
  now: Date,
): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`with closed as (${closeLapsedSql(orgId, { delegateId }, now)}) ${activeDelegatorsSql(orgId, delegateId, now)}`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * The away user `awayUserId` as the principal a delegate acts for, when `delegate` is their
 * delegate in a window active now; null otherwise.
 */
export async function activePrincipal(
  db: Executor,
  orgId: number,
  awayUserId: number,
  delegate: OrgActor,
  now: Date,
): Promise<OrgActor | null> {
  const [row] = await queryRows<{
    id: number;
    name: string;
    email: string;
    username: string;
    is_admin: boolean;
    is_policy_owner: boolean;
  }>(
    db,
    sql`select u.id, u.first_name || ' ' || u.last_name as name, u.email, u.username, u.is_admin, u.is_policy_owner
          from delegations d
          join org_users u on u.org_id = d.org_id and u.id = d.user_id
         where d.org_id = ${orgId} and d.user_id = ${awayUserId} and d.delegate_id = ${delegate.userId}
           and ${windowCovers(sql`${ts(now)}`)}`,
  );
  if (!row) return null;
  return {
    ...delegate,
    userId: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    isAdmin: row.is_admin,
    isPolicyOwner: row.is_policy_owner,
  };
}

/**
 * Closes (status 3) delegates' open copies of tasks whose window no longer covers `now`: the window
 * ended, was cleared or changed. The away user's own task stays open, so nothing is lost.
 * `scope` picks the copies a delegate holds, or those made for an away user.
 */
export async function closeLapsedCopies(
  db: Executor,
  orgId: number,
  scope: { delegateId: number } | { awayUserId: number },
  now: Date,
): Promise<void> {
  await db.execute(closeLapsedSql(orgId, scope, now));
}

function closeLapsedSql(orgId: number, scope: { delegateId: number } | { awayUserId: number }, now: Date) {
  const who =
    'delegateId' in scope ? sql`t.user_id = ${scope.delegateId}` : sql`t.delegated_from = ${scope.awayUserId}`;
  return sql`update tasks t set status = 3, updated_at = ${ts(now)}::timestamptz
         where t.org_id = ${orgId} and ${who} and ${lapsedCopy(sql`${ts(now)}`)}`;
}

/** An active user of the organisation, by id (a delegate must be one). */
export async function findActiveUser(
  db: Executor,
  orgId: number,
  userId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, first_name || ' ' || last_name as name from org_users
         where org_id = ${orgId} and id = ${userId} and status = 1`,
  );
  return row ?? null;
}

/** A user of the organisation whatever their status except deleted (the admin routes' subject). */
export async function findOrgUser(db: Executor, orgId: number, userId: number): Promise<{ id: number } | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from org_users where org_id = ${orgId} and id = ${userId} and status <> -1`,
  );
  return row ?? null;
}

/** Active users but one, by name or e-mail, for the delegate picker. */
export async function listDelegateCandidates(
  db: Executor,
  orgId: number,
  except: number,
  q: string | undefined,
  limit: number,
): Promise<Array<{ id: number; name: string; email: string }>> {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return queryRows(
    db,
    sql`select id, first_name || ' ' || last_name as name, email from org_users
         where org_id = ${orgId} and status = 1 and id <> ${except}
           ${like === null ? sql`` : sql`and (first_name || ' ' || last_name ilike ${like} or email ilike ${like})`}
         order by last_name, first_name, id
         limit ${limit}`,
  );
}
