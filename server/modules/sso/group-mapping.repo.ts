import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { SYSTEM_GROUP_SOURCE } from '../../../shared/api/user-groups';
import { intArray, type Executor } from '../../db/client';
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
