import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { SYSTEM_GROUP_SOURCE } from '../../../shared/api/user-groups';
import { ObjectRole } from '../../../shared/domain/roles';
import { DraftStage, PnpStatus, UserStatus, VersionStatus } from '../../../shared/domain/statuses';
import { intArray, queryRows, type Executor } from '../../db/client';
import { groupMemberships, ssoGroupClaims, ssoGroupMappings, userGroups } from '../../db/schema/index';

/** Queries of the IdP group mapping (issue 16); every one names its organisation. */

export interface MappedGroup {
  id: number;
  idpGroup: string;
  groupId: number;
  groupName: string;
  system: boolean;
}

/** The org's mappings with their groups' names, by value. */
export async function listMappings(db: Executor, orgId: number): Promise<MappedGroup[]> {
  const rows = await db
    .select({
      id: ssoGroupMappings.id,
      idpGroup: ssoGroupMappings.idpGroup,
      groupId: ssoGroupMappings.groupId,
      groupName: userGroups.name,
      source: userGroups.createdBySource,
    })
    .from(ssoGroupMappings)
    .innerJoin(
      userGroups,
      and(eq(userGroups.orgId, ssoGroupMappings.orgId), eq(userGroups.id, ssoGroupMappings.groupId)),
    )
    .where(eq(ssoGroupMappings.orgId, orgId))
    .orderBy(asc(sql`lower(${ssoGroupMappings.idpGroup})`), asc(ssoGroupMappings.id));
  return rows.map(({ source, ...row }) => ({ ...row, system: source === SYSTEM_GROUP_SOURCE }));
}

/** The claim the org names ('' when none: the protocol's default applies). */
export async function findGroupClaim(db: Executor, orgId: number): Promise<string> {
  const [row] = await db
    .select({ claim: ssoGroupClaims.claim })
    .from(ssoGroupClaims)
    .where(eq(ssoGroupClaims.orgId, orgId))
    .limit(1);
  return row?.claim ?? '';
}

/** The groups a value may map to: the org's groups other than system ones, by name. */
export async function listMappableGroups(db: Executor, orgId: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(and(eq(userGroups.orgId, orgId), ne(userGroups.createdBySource, SYSTEM_GROUP_SOURCE)))
    .orderBy(asc(sql`lower(${userGroups.name})`), asc(userGroups.id));
}

/** Of `ids`, the org's groups (with whether each is a system group); others' ids are not found. */
export async function findGroupsOfOrg(
  db: Executor,
  orgId: number,
  ids: number[],
): Promise<Map<number, { name: string; system: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: userGroups.id, name: userGroups.name, source: userGroups.createdBySource })
    .from(userGroups)
    .where(and(eq(userGroups.orgId, orgId), sql`${userGroups.id} = any(${intArray(ids)})`));
  return new Map(rows.map((r) => [r.id, { name: r.name, system: r.source === SYSTEM_GROUP_SOURCE }]));
}

/** Replaces the org's claim and mappings with these (the staff screen saves them together). */
export async function replaceMappings(
  db: Executor,
  orgId: number,
  claim: string,
  rows: Array<{ idpGroup: string; groupId: number }>,
  now: Date,
): Promise<void> {
  await db
    .insert(ssoGroupClaims)
    .values({ orgId, claim, updatedAt: now })
    .onConflictDoUpdate({ target: ssoGroupClaims.orgId, set: { claim, updatedAt: now } });
  await db.delete(ssoGroupMappings).where(eq(ssoGroupMappings.orgId, orgId));
  if (rows.length === 0) return;
  await db
    .insert(ssoGroupMappings)
    .values(rows.map((r) => ({ orgId, idpGroup: r.idpGroup, groupId: r.groupId, createdAt: now })));
}

/** The user's memberships among `groupIds`. */
export async function listMemberOf(
  db: Executor,
  orgId: number,
  userId: number,
  groupIds: number[],
): Promise<Set<number>> {
  if (groupIds.length === 0) return new Set();
  const rows = await db
    .select({ groupId: groupMemberships.groupId })
    .from(groupMemberships)
    .where(
      and(
        eq(groupMemberships.orgId, orgId),
        eq(groupMemberships.userId, userId),
        sql`${groupMemberships.groupId} = any(${intArray(groupIds)})`,
      ),
    );
  return new Set(rows.map((r) => r.groupId));
}

export interface StrandedItem {
  pnp_id: number;
  name: string;
  loses_owner: boolean;
  loses_step: number | null;
}

/**
 * P&Ps (not retired) that would be left with no active person as Owner, or none as approver of
 * the approval step their draft is at now, if `userId` left `groupId`: the user is the last such
 * person and holds the role through this group only. Direct grants and other groups count.
 */
export async function listStrandedWithout(
  db: Executor,
  orgId: number,
  groupId: number,
  userId: number,
  limit: number,
): Promise<StrandedItem[]> {
  const roles = sql`(${ObjectRole.Owner}, ${ObjectRole.Approver})`;
  return queryRows<StrandedItem>(
    db,
    sql`with reached as (
          select p.id, p.name, p.inherits_access, p.access_source_id from pnps p
           where p.org_id = ${orgId} and p.status <> ${PnpStatus.Retired}
             and ((p.inherits_access and p.access_source_id in (
                    select g.container_id from access_grants g
                     where g.org_id = ${orgId} and g.group_id = ${groupId} and g.container_id is not null
                       and g.role in ${roles}))
               or (not p.inherits_access and p.id in (
                    select g.pnp_id from access_grants g
                     where g.org_id = ${orgId} and g.group_id = ${groupId} and g.pnp_id is not null
                       and g.role in ${roles})))
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
           where not (m.group_id = ${groupId} and m.user_id = ${userId})
        ),
        judged as (
          select r.id as pnp_id, r.name,
                 (exists (select 1 from grants x where x.pnp_id = r.id and x.role = ${ObjectRole.Owner} and x.group_id = ${groupId})
                  and not exists (select 1 from holders h where h.pnp_id = r.id and h.role = ${ObjectRole.Owner})) as loses_owner,
                 case when d.id is not null
                       and exists (select 1 from grants x where x.pnp_id = r.id and x.role = ${ObjectRole.Approver}
                                      and x.approval_step = d.approval_step and x.group_id = ${groupId})
                       and not exists (select 1 from holders h where h.pnp_id = r.id and h.role = ${ObjectRole.Approver}
                                          and h.approval_step = d.approval_step)
                      then d.approval_step::int else null end as loses_step
            from reached r
            left join pnp_documents d on d.org_id = ${orgId} and d.pnp_id = r.id
                 and d.status = ${VersionStatus.Draft} and d.draft_stage = ${DraftStage.Approving}
        )
        select pnp_id, name, loses_owner, loses_step from judged
         where loses_owner or loses_step is not null
         order by lower(name), pnp_id
         limit ${limit}`,
  );
}
