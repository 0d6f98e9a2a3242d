import { expect } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPublishedPnp } from '../../test/library-factories';
import { createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

/** A workflow org (one person per role, the reader in the audience group) and its sign-ins. */
export async function readAckWorld() {
  const t: TestApp = await createTestApp();
  t.clock.set(new Date('2026-06-10T12:00:00Z'));
  const w: WorkflowOrg = await createWorkflowOrg(t.deps, { steps: [1] });
  const a = await signInAll(t, w);
  return { t, w, a };
}

export const suffix = (): string => Math.random().toString(16).slice(2, 8);

export function urls(orgId: number) {
  const base = (pnpId: number | string, org: number = orgId) => `/api/o/${org}/pnps/${pnpId}/read_acknowledgements`;
  return {
    base,
    one: (pnpId: number | string, id: number | string, tail = '', org: number = orgId) =>
      `${base(pnpId, org)}/${id}${tail}`,
    library: (pnpId: number) => `/api/o/${orgId}/library/${pnpId}`,
  };
}

/** A published P&P in the workflow org's folder (inheriting the binder's participants). */
export async function publishedPnp(t: TestApp, w: WorkflowOrg, name = `Policy ${suffix()}`) {
  return createPublishedPnp(t.deps, w.org.id, w.folder.id, { name });
}

export const body = (overrides: Record<string, unknown> = {}) => ({
  read_acknowledgement: {
    name: `Night shift read ${suffix()}`,
    description: 'Everyone on nights reads the new policy.',
    due_date: '2026-07-01',
    user_ids: [],
    group_ids: [],
    ...overrides,
  },
});

/** Creates a read acknowledgement as `agent` and returns it (fails the test unless 201). */
export async function createAck(agent: Agent, url: string, overrides: Record<string, unknown>) {
  const res = await agent.post(url, body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{
    read_acknowledgement: {
      id: number;
      document_id: number;
      status: number;
      readers: Array<{ user_id: number; completion: number; acknowledged_at: string | null }>;
    };
  }>().read_acknowledgement;
}
