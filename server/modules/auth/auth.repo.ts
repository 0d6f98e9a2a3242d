import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accessGrants, groupMemberships, hstmUsers, organizations, orgUsers, visitorLogs } from '../../db/schema/index';

export type OrgUserRow = typeof orgUsers.$inferSelect;
export type StaffRow = typeof hstmUsers.$inferSelect;
export type OrgRow = typeof organizations.$inferSelect;

export async function findStaffByLogin(db: Executor, login: string): Promise<StaffRow | null> {
  const key = login.toLowerCase();
  const [row] = await db
    .select()
    .from(hstmUsers)
    .where(or(eq(sql`lower(${hstmUsers.username})`, key), eq(sql`lower(${hstmUsers.email})`, key)))
    .limit(1);
  return row ?? null;
}

/** Org users whose username or e-mail is `login`, optionally within one tenant. */
export async function listOrgUsersByLogin(
  db: Executor,
  login: string,
  tenant: string | null,
): Promise<Array<{ user: OrgUserRow; org: OrgRow }>> {
  const key = login.toLowerCase();
  const matchesLogin = or(eq(sql`lower(${orgUsers.username})`, key), eq(sql`lower(${orgUsers.email})`, key));
  return db
    .select({ user: orgUsers, org: organizations })
    .from(orgUsers)
    .innerJoin(organizations, eq(organizations.id, orgUsers.orgId))
    .where(tenant ? and(matchesLogin, eq(sql`lower(${organizations.tenant})`, tenant.toLowerCase())) : matchesLogin)
    .limit(5);
}

export async function findOrgByTenant(db: Executor, tenant: string): Promise<OrgRow | null> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(eq(sql`lower(${organizations.tenant})`, tenant.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findOrg(db: Executor, orgId: number): Promise<OrgRow | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  return row ?? null;
}

export async function recordLoginFailure(
  db: Executor,
  who: { kind: 'org' | 'hstm'; id: number },
  failures: number,
  lockedUntil: Date | null,
): Promise<void> {
  const values = { failedLogins: failures, lockedUntil };
  if (who.kind === 'org') await db.update(orgUsers).set(values).where(eq(orgUsers.id, who.id));
  else await db.update(hstmUsers).set(values).where(eq(hstmUsers.id, who.id));
}

export async function recordLoginSuccess(
  db: Executor,
  who: { kind: 'org' | 'hstm'; id: number },
  at: Date,
): Promise<void> {
  const values = { failedLogins: 0, lockedUntil: null, lastLoginAt: at };
  if (who.kind === 'org') await db.update(orgUsers).set(values).where(eq(orgUsers.id, who.id));
  else await db.update(hstmUsers).set(values).where(eq(hstmUsers.id, who.id));
}

export async function insertVisitorLog(
  db: Executor,
  row: {
    orgId: number;
    userId: number;
    sudoerId: number | null;
    sessionId: string;
    ip: string;
    userAgent: string | null;
    at: Date;
  },
): Promise<void> {
  await db.insert(visitorLogs).values({
    orgId: row.orgId,
    userId: row.userId,
    sudoerId: row.sudoerId,
    sessionId: row.sessionId,
    ip: row.ip,
    userAgent: row.userAgent?.slice(0, 512) ?? null,
    signedInAt: row.at,
  });
}

/** Binder/folder owner: the Owner role on any container, directly or through a group. */
export async function isContainerOwner(db: Executor, orgId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(accessGrants)
    .where(
      and(
        eq(accessGrants.orgId, orgId),
        eq(accessGrants.role, 1),
        sql`${accessGrants.containerId} is not null`,
        or(
          eq(accessGrants.userId, userId),
          sql`${accessGrants.groupId} in (select ${groupMemberships.groupId} from ${groupMemberships}
                where ${groupMemberships.orgId} = ${orgId} and ${groupMemberships.userId} = ${userId})`,
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
