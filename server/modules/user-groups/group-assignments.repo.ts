import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import {
  DraftStage,
  PnpStatus,
  TaskKind,
  TaskStatus,
  UserStatus,
  VersionStatus,
} from '../../../shared/domain/statuses';
import { intArray, queryRows, type Executor } from '../../db/client';
import { accessGrants } from '../../db/schema/index';

/** Where a group holds roles (access_grants), and what losing them would do. */

export interface GroupGrant {
  container_id: number | null;
  pnp_id: number | null;
  /** 1 binder, 2 folder, 3 P&P. */
  item_type: number;
  object_name: string;
  role: number;
  approval_step: number | null;
}

/** Every role the group holds, on binders, folders and P&Ps, with the item's name. */
export async function listGroupGrants(db: Executor, orgId: number, groupId: number): Promise<GroupGrant[]> {
  return queryRows<GroupGrant>(
    db,
    sql`select g.container_id, g.pnp_id, coalesce(c.type::int, 3) as item_type,
               coalesce(c.name, p.name) as object_name, g.role::int as role, g.approval_step::int as approval_step
          from access_grants g
          left join containers c on c.org_id = g.org_id and c.id = g.container_id
          left join pnps p on p.org_id = g.org_id and p.id = g.pnp_id
         where g.org_id = ${orgId} and g.group_id = ${groupId}
         order by g.container_id nulls last, g.pnp_id, g.role, g.approval_step`,
  );
}

export async function deleteGroupGrants(db: Executor, orgId: number, groupId: number): Promise<void> {
  await db.delete(accessGrants).where(and(eq(accessGrants.orgId, orgId), eq(accessGrants.groupId, groupId)));
}

/**
 * The P&Ps whose effective participants include the grants' subject (`holds`, a condition on the
 * grant `g`): their grants on the P&P's access source or on the P&P itself.
 */
const pnpsReachedBy = (orgId: number, holds: SQL, roles: SQL = sql``): SQL => sql`
  select p.id, p.name, p.inherits_access, p.access_source_id from pnps p
   where p.org_id = ${orgId}
     and ((p.inherits_access and p.access_source_id in (
            select g.container_id from access_grants g
             where g.org_id = ${orgId} and ${holds} and g.container_id is not null ${roles}))
       or (not p.inherits_access and p.id in (
            select g.pnp_id from access_grants g
             where g.org_id = ${orgId} and ${holds} and g.pnp_id is not null ${roles})))`;

/** The P&Ps whose effective participants include the group. */
const reachedPnps = (orgId: number, groupId: number, roles: SQL = sql``): SQL =>
  pnpsReachedBy(orgId, sql`g.group_id = ${groupId}`, roles);

/** Of these P&Ps, those whose open tasks follow their participants: a draft, or an open 'Start Review or Extend'. */
const withTaskWork = (orgId: number, reached: SQL): SQL => sql`
  select r.id from (${reached}) r
   where exists (select 1 from pnp_documents d
                  where d.org_id = ${orgId} and d.pnp_id = r.id and d.status = ${VersionStatus.Draft})
      or exists (select 1 from tasks t
                  where t.org_id = ${orgId} and t.pnp_id = r.id
                    and t.kind = ${TaskKind.PendingRevision} and t.status = ${TaskStatus.Open})
   order by r.id`;

/**
 * The P&Ps reached by the group whose open tasks follow their participants: those with a draft or
 * an open 'Start Review or Extend'. Their tasks are resynced after the group's members change.
 */
export async function listReachedTaskPnpIds(db: Executor, orgId: number, groupId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, withTaskWork(orgId, reachedPnps(orgId, groupId)));
  return rows.map((r) => r.id);
}

/**
 * The same for one user, through their own grants and their groups': the P&Ps whose tasks are
 * resynced when the user comes back (reactivated), so that they hold their part again.
 */
export async function listUserReachedTaskPnpIds(db: Executor, orgId: number, userId: number): Promise<number[]> {
  const holds = sql`(g.user_id = ${userId} or g.group_id in (
    select m.group_id from group_memberships m where m.org_id = ${orgId} and m.user_id = ${userId}))`;
  const rows = await queryRows<{ id: number }>(db, withTaskWork(orgId, pnpsReachedBy(orgId, holds)));
  return rows.map((r) => r.id);
}

export interface OrphanedItem {
  pnp_id: number;
  name: string;
  loses_owner: boolean;
  /** The approval step in progress that would have no approver left, if any. */
  loses_step: number | null;
}

/**
 * P&Ps (not retired) on which the group holds the Owner role, or the approver role of the approval
 * step their draft is at now (no step recorded in Approving: step 1, as the workflow reads it), and
 * that would have nobody left who can act in that role without `without`: the whole group (it is
 * deleted), or these members of it (they leave it). Those left count only when they can act, as in
 * Remove from assignments: active users, directly or through any group; an inactive user or a group
 * with no active member would leave the work to nobody (product rules, 'Bulk reassignment': refuse
 * and say which items).
 */
export async function listItemsStrandedWithout(
  db: Executor,
  orgId: number,
  groupId: number,
  without: 'group' | readonly number[],
  limit: number,
): Promise<OrphanedItem[]> {
  const roles = sql`(${ObjectRole.Owner}, ${ObjectRole.Approver})`;
  const gone =
    without === 'group'
      ? sql`m.group_id = ${groupId}`
      : sql`(m.group_id = ${groupId} and m.user_id = any(${intArray(without)}))`;
  return queryRows<OrphanedItem>(
    db,
    sql`with reached as (
          select r.id, r.name, r.inherits_access, r.access_source_id
            from (${reachedPnps(orgId, groupId, sql`and g.role in ${roles}`)}) r
            join pnps p on p.org_id = ${orgId} and p.id = r.id and p.status <> ${PnpStatus.Retired}
        ),
        grants as (
          select r.id as pnp_id, g.role, g.approval_step, g.user_id, g.group_id
            from reached r
            join access_grants g on g.org_id = ${orgId} and g.role in ${roles}
             and ((r.inherits_access and g.container_id = r.access_source_id) or (not r.inherits_access and g.pnp_id = r.id))
        ),
        holders as (
          select gr.pnp_id, gr.role, gr.approval_step from grants gr
            join org_users u on u.org_id = ${orgId} and u.id = gr.user_id and u.status = ${UserStatus.Active}
          union all
          select gr.pnp_id, gr.role, gr.approval_step from grants gr
            join group_memberships m on m.org_id = ${orgId} and m.group_id = gr.group_id
            join org_users u on u.org_id = ${orgId} and u.id = m.user_id and u.status = ${UserStatus.Active}
           where not ${gone}
        ),
        judged as (
          select r.id as pnp_id, r.name::text as name,
                 (exists (select 1 from grants x where x.pnp_id = r.id and x.role = ${ObjectRole.Owner} and x.group_id = ${groupId})
                  and not exists (select 1 from holders h where h.pnp_id = r.id and h.role = ${ObjectRole.Owner})) as loses_owner,
                 case when d.step is not null
                       and exists (select 1 from grants x where x.pnp_id = r.id and x.role = ${ObjectRole.Approver}
                                      and x.approval_step = d.step and x.group_id = ${groupId})
                       and not exists (select 1 from holders h where h.pnp_id = r.id and h.role = ${ObjectRole.Approver}
                                          and h.approval_step = d.step)
                      then d.step else null end as loses_step
            from reached r
            left join lateral (
              select coalesce(pd.approval_step, 1)::int as step from pnp_documents pd
               where pd.org_id = ${orgId} and pd.pnp_id = r.id
                 and pd.status = ${VersionStatus.Draft} and pd.draft_stage = ${DraftStage.Approving}
            ) d on true
        )
        select pnp_id, name, loses_owner, loses_step from judged
         where loses_owner or loses_step is not null
         order by lower(name), pnp_id
         limit ${limit}`,
  );
}

/** What deleting the group would strand: its P&Ps left with no Owner or current approver who can act. */
export function listItemsOrphanedWithout(
  db: Executor,
  orgId: number,
  groupId: number,
  limit: number,
): Promise<OrphanedItem[]> {
  return listItemsStrandedWithout(db, orgId, groupId, 'group', limit);
}
