import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changeLogs, tasks, userGroups } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createOrg, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

/** A workflow org with its sign-ins, and a second org with its admin: the groups tests' world. */
export async function groupsWorld() {
  const t: TestApp = await createTestApp();
  t.clock.set(new Date('2026-06-10T12:00:00Z'));
  const w: WorkflowOrg = await createWorkflowOrg(t.deps, { steps: [1] });
  const a = await signInAll(t, w);
  const orgB = await createOrg(t.deps);
  const adminB = await createUser(t.deps, orgB.id, { isAdmin: true });
  const b = await t.signIn(adminB.username, adminB.password);
  return { t, w, a, orgB, b };
}
export type GroupsWorld = Awaited<ReturnType<typeof groupsWorld>>;

export const suffix = (): string => Math.random().toString(16).slice(2, 8);

export function groupUrls(orgId: number) {
  const base = `/api/o/${orgId}/user_groups`;
  return {
    base,
    one: (id: number | string) => `${base}/${id}`,
    logs: (id: number | string) => `${base}/${id}/user_group_change_logs`,
    candidates: `${base}/member_candidates`,
  };
}

export const groupBody = (overrides: Record<string, unknown> = {}) => ({
  group: { name: `Night Nurses ${suffix()}`, description: 'Nurses on the night shift.', member_ids: [], ...overrides },
});

interface CreatedGroup {
  id: number;
  name: string;
  description: string | null;
  created_by_source: string;
  members_count: number;
  members: Array<{ id: number; name: string }>;
}

/** Creates a group through the API (fails the test unless 201). */
export async function createGroupVia(agent: Agent, orgId: number, overrides: Record<string, unknown> = {}) {
  const res = await agent.post(groupUrls(orgId).base, groupBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ user_group: CreatedGroup }>().user_group;
}

/** Changes a group through the API (fails the test unless 200). */
export async function updateGroupVia(agent: Agent, orgId: number, id: number, group: Record<string, unknown>) {
  const res = await agent.put(groupUrls(orgId).one(id), { group });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ user_group: CreatedGroup }>().user_group;
}

/** A group the system made (created_by_source 'System'). */
export async function createSystemGroup(t: TestApp, orgId: number, name = `All Staff ${suffix()}`) {
  const [row] = await withSystem(t.deps.database.db, (tx) =>
    tx.insert(userGroups).values({ orgId, name, createdBySource: 'System' }).returning(),
  );
  return { id: row!.id, name };
}

export const logsOf = (t: TestApp, objectType: string, objectId: number) =>
  withSystem(t.deps.database.db, (tx) =>
    tx
      .select()
      .from(changeLogs)
      .where(and(eq(changeLogs.objectType, objectType), eq(changeLogs.objectId, objectId))),
  );

export const tasksOf = (t: TestApp, userId: number, pnpId: number) =>
  withSystem(t.deps.database.db, (tx) =>
    tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.pnpId, pnpId))),
  );
