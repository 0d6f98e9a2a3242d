import { sql, type SQL } from 'drizzle-orm';
import { ObjectRole } from '../../../shared/domain/roles';
import { queryRows, type Executor } from '../../db/client';

/**
 * Effective access (product rules, "Access inheritance"): a node's participants are its own grants
 * when it overrides (inherits_access = false), else its parent's effective participants. A binder
 * that inherits has none. A user's roles = their direct grants plus those of their groups.
 *
 * Which node's grants apply to each container and P&P (its access source) is materialised in
 * `access_source_id` and kept by triggers in the same transaction as every insert, move, override
 * and reset (migration 0005). So every question here is an index lookup: the few sources on which
 * the user or their groups hold grants, then the nodes whose source is one of them. No tree walk.
 * `effective-access.property.test.ts` checks the columns against a from-scratch derivation.
 */

/**
 * For every container of the org with a source: `container_sources(node_id, source_id)`. A plain
 * CTE; callers may still open their WITH with RECURSIVE for CTEs of their own.
 */
export const containerSourcesCte = (orgId: number): SQL => sql`
  container_sources as (
    select c.id as node_id, c.access_source_id as source_id
      from containers c where c.org_id = ${orgId} and c.access_source_id is not null
  )`;

/** The groups a user belongs to. */
const userGroupsSql = (orgId: number, userId: number): SQL =>
  sql`select group_id from group_memberships where org_id = ${orgId} and user_id = ${userId}`;

/** Grants that reach a user: their own or their groups'. */
export const userGrantsSql = (orgId: number, userId: number): SQL => sql`
  select g.container_id, g.pnp_id, g.role, g.approval_step
    from access_grants g
   where g.org_id = ${orgId}
     and (g.user_id = ${userId} or g.group_id in (${userGroupsSql(orgId, userId)}))`;

/** Which roles a grant must have to count: any, exactly one, or the working roles (Owner to Approver). */
export type RoleFilter = 'any' | 'working' | number;
const roleCondition = (filter: RoleFilter): SQL =>
  filter === 'any' ? sql`` : filter === 'working' ? sql`and g.role between 1 and 4` : sql`and g.role = ${filter}`;

/** The containers on which a user (or one of their groups) holds a grant, of the roles asked for. */
const grantedContainerIds = (orgId: number, userId: number, roles: RoleFilter = 'any'): SQL => sql`
  select g.container_id from access_grants g
   where g.org_id = ${orgId} and g.container_id is not null ${roleCondition(roles)}
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
    sql`select distinct ug.role::int as role, ug.approval_step::int as approval_step
          from containers c
          join (${userGrantsSql(orgId, userId)}) ug on ug.container_id = c.access_source_id
         where c.org_id = ${orgId} and c.id = ${containerId}`,
  );
}

/** A user's effective roles on one P&P (its own overrides, else its container's effective ones). */
export async function listUserRolesOnPnp(
  db: Executor,
  orgId: number,
  userId: number,
  pnpId: number,
): Promise<RoleGrant[]> {
  return queryRows<RoleGrant>(
    db,
    sql`select distinct ug.role::int as role, ug.approval_step::int as approval_step
          from pnps p
          join (${userGrantsSql(orgId, userId)}) ug
            on (not p.inherits_access and ug.pnp_id = p.id) or (p.inherits_access and ug.container_id = p.access_source_id)
         where p.org_id = ${orgId} and p.id = ${pnpId}`,
  );
}

/**
 * Whether a role filter admits the Owner of the P&P's binder or folder. Product rules: a P&P is seen
 * by "anyone with any role on it or an ancestor", and the binder or folder owner manages every P&P
 * below (edits its settings, publishes, retires), those with participants of their own included.
 * So a P&P with participants of its own is also seen by whoever is an effective Owner of its
 * container; a P&P that inherits already gives them Owner through its access source.
 */
const admitsContainerOwner = (roles: RoleFilter): boolean =>
  roles === 'any' || roles === 'working' || roles === ObjectRole.Owner;

/** The containers a user (or a group of theirs) is an effective Owner of. */
const ownedContainerIds = (orgId: number, userId: number): SQL => sql`
  select c.id from containers c
   where c.org_id = ${orgId} and c.access_source_id in (${grantedContainerIds(orgId, userId, ObjectRole.Owner)})`;

/**
 * Whether the P&P row `alias` is visible to a user (any role, Audience and up, unless `roles`
 * narrows it), as a condition for a
 * WHERE clause: lets a list walk its own ordering index and stop at the page's end instead of
 * building the whole visible set first. Org admins see everything, so callers skip it for them.
 */
export function pnpVisibleCondition(alias: string, orgId: number, userId: number, roles: RoleFilter = 'any'): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  const p = sql.raw(alias);
  const ofContainerOwner = admitsContainerOwner(roles)
    ? sql`
  or (not ${p}.inherits_access and ${p}.container_id in (${ownedContainerIds(orgId, userId)}))`
    : sql``;
  return sql`(
  ${p}.access_source_id in (${grantedContainerIds(orgId, userId, roles)})
  or (not ${p}.inherits_access and exists (
        select 1 from access_grants g
         where g.org_id = ${orgId} and g.pnp_id = ${p}.id ${roleCondition(roles)}
           and (g.user_id = ${userId} or g.group_id in (${userGroupsSql(orgId, userId)}))))${ofContainerOwner})`;
}

/**
 * The ids of the P&Ps a user holds a role on (any role, Audience and up, unless `roles` narrows
 * it: 'working' for Owner to Approver), for lists, counts, trees and search. Use it as
 * `pnps.id in (${visiblePnpIdsSql(...)})`; org admins see everything, so callers skip the filter.
 */
export const visiblePnpIdsSql = (orgId: number, userId: number, roles: RoleFilter = 'any'): SQL => sql`
  select p.id from pnps p
   where p.org_id = ${orgId} and p.access_source_id in (${grantedContainerIds(orgId, userId, roles)})
  union
  select g.pnp_id from access_grants g
    join pnps p on p.org_id = g.org_id and p.id = g.pnp_id and not p.inherits_access
   where g.org_id = ${orgId} and g.pnp_id is not null ${roleCondition(roles)}
     and (g.user_id = ${userId} or g.group_id in (${userGroupsSql(orgId, userId)}))${
       admitsContainerOwner(roles)
         ? sql`
  union
  select p.id from pnps p
   where p.org_id = ${orgId} and not p.inherits_access and p.container_id in (${ownedContainerIds(orgId, userId)})`
         : sql``
     }`;

/**
 * Containers on which a user holds a given role (effectively): e.g. Owner for the binder-owner
 * checks; 'any' for those the user may see.
 */
export const containersWithRoleSql = (orgId: number, userId: number, role: RoleFilter): SQL => sql`
  select c.id from containers c
   where c.org_id = ${orgId} and c.access_source_id in (${grantedContainerIds(orgId, userId, role)})`;

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
