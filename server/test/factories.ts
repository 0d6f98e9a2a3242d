import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  accessGrants,
  containers,
  groupMemberships,
  hstmUsers,
  organizations,
  orgUsers,
  userGroups,
} from '../db/schema/index';
import { withSystem } from '../db/tenant';
import type { Deps } from '../http/deps';
import { hashPassword } from '../modules/auth/password';

/** Factories build their own rows (with unique names) so tests never share state. */
export const TEST_PASSWORD = 'TestPassword123';
let passwordHash: Promise<string> | null = null;
const testHash = (): Promise<string> => (passwordHash ??= hashPassword(TEST_PASSWORD));
const unique = (): string => randomBytes(4).toString('hex');

export interface TestOrg {
  id: number;
  name: string;
  tenant: string;
}
export interface TestUser {
  id: number;
  orgId: number;
  username: string;
  email: string;
  name: string;
  password: string;
}

export async function createOrg(
  deps: Deps,
  values: Partial<typeof organizations.$inferInsert> = {},
): Promise<TestOrg> {
  const suffix = unique();
  const [org] = await withSystem(deps.database.db, (tx) =>
    tx
      .insert(organizations)
      .values({ name: `Org ${suffix}`, tenant: `org-${suffix}`, ...values })
      .returning(),
  );
  return { id: org!.id, name: org!.name, tenant: org!.tenant };
}

export async function createUser(
  deps: Deps,
  orgId: number,
  values: Partial<typeof orgUsers.$inferInsert> = {},
): Promise<TestUser> {
  const suffix = unique();
  const username = values.username ?? `user.${suffix}`;
  const [user] = await withSystem(deps.database.db, async (tx) =>
    tx
      .insert(orgUsers)
      .values({
        orgId,
        firstName: 'Test',
        lastName: `User ${suffix}`,
        email: `${username}@example.com`,
        username,
        passwordHash: await testHash(),
        ...values,
      })
      .returning(),
  );
  return {
    id: user!.id,
    orgId,
    username: user!.username,
    email: user!.email,
    name: `${user!.firstName} ${user!.lastName}`,
    password: TEST_PASSWORD,
  };
}

export async function createStaff(deps: Deps, permissions = '2 3 4 5'): Promise<{ id: number; username: string; password: string }> {
  const suffix = unique();
  const [row] = await withSystem(deps.database.db, async (tx) =>
    tx
      .insert(hstmUsers)
      .values({
        name: `Staff ${suffix}`,
        email: `staff.${suffix}@example.com`,
        username: `staff.${suffix}`,
        passwordHash: await testHash(),
        permissions,
      })
      .returning(),
  );
  return { id: row!.id, username: row!.username, password: TEST_PASSWORD };
}

export async function createGroup(deps: Deps, orgId: number, memberIds: number[] = [], name?: string): Promise<{ id: number; name: string }> {
  return withSystem(deps.database.db, async (tx) => {
    const [group] = await tx
      .insert(userGroups)
      .values({ orgId, name: name ?? `Group ${unique()}` })
      .returning();
    if (memberIds.length) {
      await tx.insert(groupMemberships).values(memberIds.map((userId) => ({ orgId, groupId: group!.id, userId })));
    }
    return { id: group!.id, name: group!.name };
  });
}

export async function createContainer(
  deps: Deps,
  orgId: number,
  values: { type?: 1 | 2; parentId?: number | null; name?: string; inheritsAccess?: boolean } = {},
): Promise<{ id: number; name: string }> {
  const type = values.type ?? (values.parentId ? 2 : 1);
  const [row] = await withSystem(deps.database.db, (tx) =>
    tx
      .insert(containers)
      .values({
        orgId,
        type,
        parentId: values.parentId ?? null,
        name: values.name ?? `${type === 1 ? 'Binder' : 'Folder'} ${unique()}`,
        inheritsAccess: values.inheritsAccess ?? type === 2,
      })
      .returning(),
  );
  return { id: row!.id, name: row!.name };
}

/** Gives a user or a group a role on a container or a P&P (and marks the node as overriding). */
export async function grant(
  deps: Deps,
  orgId: number,
  target: { containerId?: number; pnpId?: number },
  subject: { userId?: number; groupId?: number },
  role: 1 | 2 | 3 | 4 | 5,
  approvalStep: number | null = role === 4 ? 1 : null,
): Promise<void> {
  await withSystem(deps.database.db, async (tx) => {
    await tx.insert(accessGrants).values({
      orgId,
      containerId: target.containerId ?? null,
      pnpId: target.pnpId ?? null,
      userId: subject.userId ?? null,
      groupId: subject.groupId ?? null,
      role,
      approvalStep,
    });
    if (target.containerId) {
      await tx.update(containers).set({ inheritsAccess: false }).where(eq(containers.id, target.containerId));
    }
  });
}

/** Two organisations, each with an admin and an ordinary user: the isolation tests' fixture. */
export async function createTwoOrgs(deps: Deps) {
  const orgA = await createOrg(deps);
  const orgB = await createOrg(deps);
  const adminA = await createUser(deps, orgA.id, { isAdmin: true });
  const userA = await createUser(deps, orgA.id);
  const adminB = await createUser(deps, orgB.id, { isAdmin: true });
  const userB = await createUser(deps, orgB.id);
  return { orgA, orgB, adminA, userA, adminB, userB };
}
