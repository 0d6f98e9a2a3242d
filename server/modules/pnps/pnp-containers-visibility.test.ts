import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

describe('GET pnps/{id}/containers for a P&P the caller may not see', () => {
  it('is the same 404, with no name, as for an id that does not exist', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Quiet Policy');
    const url = (id: number) => `/api/o/${w.org.id}/pnps/${id}/containers`;
    const hidden = await a.outsider.get(url(created.pnp.id));
    const missing = await a.outsider.get(url(2147483000));
    expect(missing.statusCode).toBe(404);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errors).toEqual(missing.json().errors);
    expect(hidden.body).not.toContain(w.binder.name);
    expect(hidden.body).not.toContain('Quiet Policy');
    // A reader of a draft (Audience) may not see it either.
    expect((await a.reader.get(url(created.pnp.id))).statusCode).toBe(404);
    expect((await a.author.get(url(created.pnp.id))).statusCode).toBe(200);
  });
});
