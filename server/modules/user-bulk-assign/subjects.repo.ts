import { sql, type SQL } from 'drizzle-orm';
import type { AssignmentHolder, SubjectRef, SubjectType } from '../../../shared/api/user-bulk-assign';
import { UserStatus } from '../../../shared/domain/statuses';
import { intArray, queryRows, type Executor } from '../../db/client';

/** A user or group of this organisation, with the name written on change logs. */
export interface Subject {
  type: SubjectType;
  id: number;
  name: string;
  /** Users: their status; groups: null. */
  status: number | null;
}

/** `access_grants` rows (alias g) held directly by the subject. */
export const heldBy = (subject: Pick<Subject, 'type' | 'id'>, alias = 'g'): SQL =>
  subject.type === 'User'
    ? sql`${sql.raw(alias)}.user_id = ${subject.id}`
    : sql`${sql.raw(alias)}.group_id = ${subject.id}`;

/** The users and groups given that exist in this organisation (deleted users count as missing). */
export async function findSubjects(db: Executor, orgId: number, refs: SubjectRef[]): Promise<Map<string, Subject>> {
  const userIds = refs.filter((r) => r.type === 'User').map((r) => r.id);
  const groupIds = refs.filter((r) => r.type === 'Group').map((r) => r.id);
  const rows = await queryRows<Subject>(
    db,
    sql`select 'User'::text as type, id, (first_name || ' ' || last_name)::text as name, status::int as status
          from org_users where org_id = ${orgId} and id = any(${intArray(userIds)}) and status <> ${UserStatus.Deleted}
        union all
        select 'Group', id, name::text, null from user_groups where org_id = ${orgId} and id = any(${intArray(groupIds)})`,
  );
  return new Map(rows.map((r) => [`${r.type}:${r.id}`, r]));
}

/**
 * Every active user and every group, plus inactive users who still hold something (a leaver whose
 * roles were not handed over yet), each with their direct assignments counted per role.
 */
export async function listHolders(db: Executor, orgId: number): Promise<AssignmentHolder[]> {
  const counts = sql`count(g.id) filter (where g.role = 1)::int as owner,
                     count(g.id) filter (where g.role = 2)::int as author,
                     count(g.id) filter (where g.role = 3)::int as reviewer,
                     count(g.id) filter (where g.role = 4)::int as approver,
                     count(g.id) filter (where g.role = 5)::int as audience,
                     count(g.id)::int as total`;
  const rows = await queryRows<Omit<AssignmentHolder, 'counts'> & AssignmentHolder['counts']>(
    db,
    sql`select * from (
          select 'User'::text as type, u.id, (u.first_name || ' ' || u.last_name)::text as name, u.email::text as email,
                 u.status::int as status, null::int as active_members, ${counts}
            from org_users u
            left join access_grants g on g.org_id = u.org_id and g.user_id = u.id
           where u.org_id = ${orgId} and u.status <> ${UserStatus.Deleted}
           group by u.id
          having u.status = ${UserStatus.Active} or count(g.id) > 0
          union all
          select 'Group', ug.id, ug.name::text, null, null,
                 (select count(*) from group_memberships m
                    join org_users mu on mu.org_id = m.org_id and mu.id = m.user_id and mu.status = ${UserStatus.Active}
                   where m.org_id = ug.org_id and m.group_id = ug.id)::int,
                 ${counts}
            from user_groups ug
            left join access_grants g on g.org_id = ug.org_id and g.group_id = ug.id
           where ug.org_id = ${orgId}
           group by ug.id
        ) x
        order by lower(x.name), x.type desc, x.id`,
  );
  return rows.map((r) => ({
    type: r.type,
    id: r.id,
    name: r.name,
    email: r.email,
    status: r.status,
    active_members: r.active_members,
    counts: { owner: r.owner, author: r.author, reviewer: r.reviewer, approver: r.approver, audience: r.audience },
    total: r.total,
  }));
}

/**
 * The groups among `groups` with no active member, or none but `leavingUserId` (who is about to be
 * deactivated): assignments given to them would reach nobody who can act on them.
 */
export async function groupsWithNoActiveMember(
  db: Executor,
  orgId: number,
  groups: readonly Pick<Subject, 'type' | 'id'>[],
  leavingUserId?: number,
): Promise<Array<{ id: number; name: string; only_leaver: boolean }>> {
  const groupIds = groups.filter((g) => g.type === 'Group').map((g) => g.id);
  if (groupIds.length === 0) return [];
  return queryRows<{ id: number; name: string; only_leaver: boolean }>(
    db,
    sql`select ug.id, ug.name::text as name, bool_or(m.user_id is not null) as only_leaver
          from user_groups ug
          left join group_memberships m on m.org_id = ug.org_id and m.group_id = ug.id and m.user_id = ${leavingUserId ?? 0}
           and exists (select 1 from org_users lu where lu.org_id = m.org_id and lu.id = m.user_id and lu.status = ${UserStatus.Active})
         where ug.org_id = ${orgId} and ug.id = any(${intArray(groupIds)})
           and not exists (
             select 1 from group_memberships am
               join org_users au on au.org_id = am.org_id and au.id = am.user_id and au.status = ${UserStatus.Active}
              where am.org_id = ug.org_id and am.group_id = ug.id and am.user_id <> ${leavingUserId ?? 0})
         group by ug.id, ug.name
         order by lower(ug.name), ug.id`,
  );
}
