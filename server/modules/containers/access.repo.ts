import { and, eq, sql } from 'drizzle-orm';
import type { Candidate } from '../../../shared/api/access';
import { ObjectRole } from '../../../shared/domain/roles';
import { UserStatus } from '../../../shared/domain/statuses';
import { intArray, queryRows, type Executor } from '../../db/client';
import { accessGrants, containers, pnps } from '../../db/schema/index';
import { containerSourcesCte, userGrantsSql } from '../access/effective-access';
import { subtreeCte } from './containers.repo';
import { containsPattern } from '../../db/like';

/** A node whose participants are read or written: a container or a P&P. */
export type AccessTarget = { containerId: number } | { pnpId: number };

export interface NewGrant {
  userId: number | null;
  groupId: number | null;
  role: number;
  approvalStep: number | null;
}

/** Where an inheriting node's participants come from: the nearest ancestor that overrides, if any. */
export async function findAccessSource(
  db: Executor,
  orgId: number,
  target: AccessTarget,
): Promise<{ id: number; type: number; name: string } | null> {
  const nodeId =
    'containerId' in target
      ? sql`${target.containerId}::int`
      : sql`(select container_id from pnps where org_id = ${orgId} and id = ${target.pnpId})`;
  const rows = await queryRows<{ id: number; type: number; name: string }>(
    db,
    sql`with recursive ${containerSourcesCte(orgId)}
        select c.id, c.type::int as type, c.name from container_sources s
          join containers c on c.org_id = ${orgId} and c.id = s.source_id
         where s.node_id = ${nodeId}`,
  );
  return rows[0] ?? null;
}

/** The ids among those given that are active users / groups of this org. */
export async function listKnownSubjects(
  db: Executor,
  orgId: number,
  userIds: number[],
  groupIds: number[],
): Promise<{ users: Set<number>; groups: Set<number> }> {
  const users = userIds.length
    ? await queryRows<{ id: number }>(
        db,
        sql`select id from org_users where org_id = ${orgId} and id = any(${intArray(userIds)}) and status <> ${UserStatus.Deleted}`,
      )
    : [];
  const groups = groupIds.length
    ? await queryRows<{ id: number }>(
        db,
        sql`select id from user_groups where org_id = ${orgId} and id = any(${intArray(groupIds)})`,
      )
    : [];
  return { users: new Set(users.map((u) => u.id)), groups: new Set(groups.map((g) => g.id)) };
}

const targetCondition = (orgId: number, target: AccessTarget) =>
  and(
    eq(accessGrants.orgId, orgId),
    'containerId' in target ? eq(accessGrants.containerId, target.containerId) : eq(accessGrants.pnpId, target.pnpId),
  );

/** Replaces a node's own grants and marks it as overriding. */
export async function replaceGrants(
  db: Executor,
  orgId: number,
  target: AccessTarget,
  grants: NewGrant[],
  at: Date,
): Promise<void> {
  await db.delete(accessGrants).where(targetCondition(orgId, target));
  if (grants.length) {
    await db.insert(accessGrants).values(
      grants.map((g) => ({
        orgId,
        containerId: 'containerId' in target ? target.containerId : null,
        pnpId: 'pnpId' in target ? target.pnpId : null,
        ...g,
        createdAt: at,
      })),
    );
  }
  await setInheritsAccess(db, orgId, target, false);
}

export async function setInheritsAccess(
  db: Executor,
  orgId: number,
  target: AccessTarget,
  inherits: boolean,
): Promise<void> {
  if ('containerId' in target) {
    await db
      .update(containers)
      .set({ inheritsAccess: inherits })
      .where(and(eq(containers.orgId, orgId), eq(containers.id, target.containerId)));
  } else {
    // A change of the P&P's own participants is a change of the P&P: an Assignments editor opened
    // before it is refused on save (409) instead of putting the participants back as it read them.
    await db
      .update(pnps)
      .set({ inheritsAccess: inherits, lockVersion: sql`${pnps.lockVersion} + 1` })
      .where(and(eq(pnps.orgId, orgId), eq(pnps.id, target.pnpId)));
  }
}

/** Drops a node's own grants: it inherits again. */
export async function clearOverrides(db: Executor, orgId: number, target: AccessTarget): Promise<void> {
  await db.delete(accessGrants).where(targetCondition(orgId, target));
  await setInheritsAccess(db, orgId, target, true);
}

export interface OverridingNode {
  kind: 'c' | 'p';
  id: number;
  type: number;
  name: string;
}

/** The nodes below a container (not itself) that have their own participants. */
export async function listOverridesBelow(db: Executor, orgId: number, rootId: number): Promise<OverridingNode[]> {
  return queryRows(
    db,
    sql`with recursive ${subtreeCte(orgId, rootId)}
        select 'c'::text as kind, c.id, c.type::int as type, c.name from containers c join sub using (id)
         where c.org_id = ${orgId} and c.id <> ${rootId} and not c.inherits_access
        union all
        select 'p', p.id, 3, p.name from pnps p join sub on sub.id = p.container_id
         where p.org_id = ${orgId} and not p.inherits_access
        order by 4`,
  );
}

/** True when the user (or one of their groups) is an Owner of any container or P&P. */
export async function ownsAnything(db: Executor, orgId: number, userId: number): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from (${userGrantsSql(orgId, userId)}) g where g.role = ${ObjectRole.Owner}) as found`,
  );
  return rows[0]?.found === true;
}

/** Active users and all groups of the org, one list by name; `q` is a case-insensitive contains. */
export async function listCandidates(
  db: Executor,
  orgId: number,
  q: string | undefined,
  limit: number,
  type?: Candidate['type'],
): Promise<Candidate[]> {
  const pattern = q ? containsPattern(q.toLowerCase()) : null;
  const users = sql`select id, 'User'::text as type, (first_name || ' ' || last_name)::text as name, email::text as email
            from org_users where org_id = ${orgId} and status = ${UserStatus.Active}`;
  const groups = sql`select id, 'Group'::text as type, name::text as name, null::text as email from user_groups where org_id = ${orgId}`;
  const subjects = type === 'User' ? users : type === 'Group' ? groups : sql`${users} union all ${groups}`;
  return queryRows<Candidate>(
    db,
    sql`select * from (${subjects}) x
        ${pattern ? sql`where lower(x.name) like ${pattern} or lower(coalesce(x.email, '')) like ${pattern}` : sql``}
        order by lower(x.name), x.type desc, x.id
        limit ${limit}`,
  );
}
