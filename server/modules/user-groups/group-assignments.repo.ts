import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { DraftStage, PnpStatus, TaskKind, TaskStatus, VersionStatus } from '../../../shared/domain/statuses';
import { queryRows, type Executor } from '../../db/client';
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

/** The P&Ps whose effective participants include the group (its grants on their access source or on them). */
const reachedPnps = (orgId: number, groupId: number, roles: SQL = sql``): SQL => sql`
  select p.id, p.name, p.inherits_access, p.access_source_id from pnps p
   where p.org_id = ${orgId}
     and ((p.inherits_access and p.access_source_id in (
            select g.container_id from access_grants g
             where g.org_id = ${orgId} and g.group_id = ${groupId} and g.container_id is not null ${roles}))
       or (not p.inherits_access and p.id in (
            select g.pnp_id from access_grants g
             where g.org_id = ${orgId} and g.group_id = ${groupId} and g.pnp_id is not null ${roles})))`;

/**
 * The P&Ps reached by the group whose open tasks follow their participants: those with a draft or
 * an open 'Start Review or Extend'. Their tasks are resynced after the group's members change.
 */
export async function listReachedTaskPnpIds(db: Executor, orgId: number, groupId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select r.id from (${reachedPnps(orgId, groupId)}) r
         where exists (select 1 from pnp_documents d
                        where d.org_id = ${orgId} and d.pnp_id = r.id and d.status = ${VersionStatus.Draft})
            or exists (select 1 from tasks t
                        where t.org_id = ${orgId} and t.pnp_id = r.id
                          and t.kind = ${TaskKind.PendingRevision} and t.status = ${TaskStatus.Open})
         order by r.id`,
  );
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
 * P&Ps (not retired) on which the group is the only Owner, or the only approver of the approval
 * step their draft is at now: removing the group would leave them without one (product rules,
 * 'Bulk reassignment': refuse and say which items).
 */
export async function listItemsOrphanedWithout(
  db: Executor,
  orgId: number,
  groupId: number,
  limit: number,
): Promise<OrphanedItem[]> {
  const others = sql`e.group_id is distinct from ${groupId}`;
  const approverAtStep = sql`e.role = ${ObjectRole.Approver} and e.approval_step = d.approval_step`;
  const ownerLost = sql`(bool_or(e.role = ${ObjectRole.Owner} and e.group_id = ${groupId})
                          and not bool_or(e.role = ${ObjectRole.Owner} and ${others}))`;
  const stepLost = sql`(d.id is not null and bool_or(${approverAtStep} and e.group_id = ${groupId})
                          and not bool_or(${approverAtStep} and ${others}))`;
  return queryRows<OrphanedItem>(
    db,
    sql`with reached as (${reachedPnps(orgId, groupId, sql`and g.role in (${ObjectRole.Owner}, ${ObjectRole.Approver})`)}),
        effective as (
          select r.id, g.role, g.approval_step, g.group_id
            from reached r
            join access_grants g on g.org_id = ${orgId}
             and ((r.inherits_access and g.container_id = r.access_source_id) or (not r.inherits_access and g.pnp_id = r.id))
        )
        select r.id as pnp_id, r.name, ${ownerLost} as loses_owner,
               case when ${stepLost} then d.approval_step::int else null end as loses_step
          from reached r
          join pnps p on p.org_id = ${orgId} and p.id = r.id and p.status <> ${PnpStatus.Retired}
          join effective e on e.id = r.id
          left join pnp_documents d on d.org_id = ${orgId} and d.pnp_id = r.id
               and d.status = ${VersionStatus.Draft} and d.draft_stage = ${DraftStage.Approving}
         group by r.id, r.name, d.id, d.approval_step
        having ${ownerLost} or ${stepLost}
         order by lower(r.name), r.id
         limit ${limit}`,
  );
}
