import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

/**
 * Effective access (product rules, "Access inheritance"): a node's participants are its own grants
 * when it overrides (inherits_access = false), else its parent's effective participants. A binder
 * that inherits has none. A user's roles = their direct grants plus those of their groups.
 * Everything here is one SQL statement with a recursive walk up the tree, never a load into memory.
 */

/** For every container of the org: the container whose grants apply to it (`source_id`), if any. */
export const containerSourcesCte = (orgId: number): SQL => sql`
  container_chain as (
    select c.id as node_id, c.id as cur_id, c.parent_id, c.inherits_access
      from containers c where c.org_id = ${orgId}
    union all
    select ch.node_id, p.id, p.parent_id, p.inherits_access
      from container_chain ch
      join containers p on p.org_id = ${orgId} and p.id = ch.parent_id
     where ch.inherits_access
  ),
  container_sources as (
    select node_id, cur_id as source_id from container_chain where not inherits_access
  )`;

/** The groups a user belongs to. */
const userGroupsSql = (orgId: number, userId: number): SQL =>
  sql`select group_id from group_memberships where org_id = ${orgId} and user_id = ${userId}`;

/** Grants that reach a user: their own or their groups'. */
const grantsOfUser = (orgId: number, userId: number): SQL => sql`
  select g.container_id, g.pnp_id, g.role, g.approval_step
    from access_grants g
   where g.org_id = ${orgId}
     and (g.user_id = ${userId} or g.group_id in (${userGroupsSql(orgId, userId)}))`;

export interface RoleGrant {
  role: number;
  approval_step: number | null;
}

/** A user's effective roles on one container. */
export async function listUserRolesOnContainer(
  db: Executor,
  orgId: number,
  userId: number,
  containerId: number,
): Promise<RoleGrant[]> {
  return queryRows<RoleGrant>(
    db,
    sql`with recursive ${containerSourcesCte(orgId)}
        select distinct ug.role::int as role, ug.approval_step::int as approval_step
          from container_sources s
          join (${grantsOfUser(orgId, userId)}) ug on ug.container_id = s.source_id
         where s.node_id = ${containerId}`,
  );
}

/** A user's effective roles on one P&P (its own overrides, else its container's effective ones). */
export async function listUserRolesOnPnp(db: Executor, orgId: number, userId: number, pnpId: number): Promise<RoleGrant[]> {
  return queryRows<RoleGrant>(
    db,
    sql`with recursive ${containerSourcesCte(orgId)}
        select distinct ug.role::int as role, ug.approval_step::int as approval_step
          from pnps p
          left join container_sources s on s.node_id = p.container_id and p.inherits_access
          join (${grantsOfUser(orgId, userId)}) ug
            on (not p.inherits_access and ug.pnp_id = p.id) or (p.inherits_access and ug.container_id = s.source_id)
         where p.org_id = ${orgId} and p.id = ${pnpId}`,
  );
}

/**
 * The ids of the P&Ps a user holds any role on (Audience and up), for lists, counts, trees and
 * search. Use it as `pnps.id in (${visiblePnpIdsSql(...)})`; org admins see everything, so callers
 * skip the filter for them.
 */
export const visiblePnpIdsSql = (orgId: number, userId: number): SQL => sql`
  with recursive ${containerSourcesCte(orgId)},
  user_grants as (${grantsOfUser(orgId, userId)})
  select p.id from pnps p
   where p.org_id = ${orgId}
     and (
       (not p.inherits_access and exists (select 1 from user_grants ug where ug.pnp_id = p.id))
       or (p.inherits_access and exists (
             select 1 from container_sources s join user_grants ug on ug.container_id = s.source_id
              where s.node_id = p.container_id))
     )`;

/** Containers on which a user holds a given role (effectively): e.g. Owner for the binder-owner checks. */
export const containersWithRoleSql = (orgId: number, userId: number, role: number): SQL => sql`
  with recursive ${containerSourcesCte(orgId)},
  user_grants as (${grantsOfUser(orgId, userId)})
  select s.node_id as id from container_sources s
   where exists (select 1 from user_grants ug where ug.container_id = s.source_id and ug.role = ${role})`;

export interface Participant {
  role: number;
  approval_step: number | null;
  user_id: number | null;
  group_id: number | null;
  name: string;
  email: string | null;
  type: 'User' | 'Group';
  /** Where the grant is defined: the node itself or the ancestor it is inherited from. */
  source_type: 'container' | 'pnp';
  source_id: number;
  source_name: string;
  inherited: boolean;
}

/** Every effective participant of a container or a P&P, with where each one comes from. */
export async function listEffectiveParticipants(
  db: Executor,
  orgId: number,
  target: { containerId: number } | { pnpId: number },
): Promise<Participant[]> {
  const source =
    'containerId' in target
      ? sql`select 'container'::text as source_type, s.source_id, (s.source_id <> ${target.containerId}) as inherited
              from container_sources s where s.node_id = ${target.containerId}`
      : sql`select case when p.inherits_access then 'container' else 'pnp' end::text as source_type,
                   case when p.inherits_access then s.source_id else p.id end as source_id,
                   p.inherits_access as inherited
              from pnps p left join container_sources s on s.node_id = p.container_id
             where p.org_id = ${orgId} and p.id = ${target.pnpId}
               and (not p.inherits_access or s.source_id is not null)`;
  return queryRows<Participant>(
    db,
    sql`with recursive ${containerSourcesCte(orgId)}, src as (${source})
        select g.role::int as role, g.approval_step::int as approval_step, g.user_id, g.group_id,
               coalesce(u.first_name || ' ' || u.last_name, ug.name) as name,
               u.email,
               case when g.user_id is not null then 'User' else 'Group' end as type,
               src.source_type, src.source_id,
               coalesce(c.name, p.name) as source_name,
               src.inherited
          from src
          join access_grants g on g.org_id = ${orgId}
               and ((src.source_type = 'container' and g.container_id = src.source_id)
                 or (src.source_type = 'pnp' and g.pnp_id = src.source_id))
          left join org_users u on u.org_id = ${orgId} and u.id = g.user_id
          left join user_groups ug on ug.org_id = ${orgId} and ug.id = g.group_id
          left join containers c on src.source_type = 'container' and c.org_id = ${orgId} and c.id = src.source_id
          left join pnps p on src.source_type = 'pnp' and p.org_id = ${orgId} and p.id = src.source_id
         order by g.role, g.approval_step nulls first, name`,
  );
}
