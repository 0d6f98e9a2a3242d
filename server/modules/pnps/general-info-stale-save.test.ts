import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNP_CHANGED_MESSAGE } from '../../../shared/api/pnps';
import { createOrg, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
let otherAdmin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps);
  a = await signInAll(t, w);
  const orgB = await createOrg(t.deps);
  const adminB = await createUser(t.deps, orgB.id, { isAdmin: true });
  otherAdmin = await t.signIn(adminB.username, adminB.password);
});
afterAll(async () => t.close());

interface ShownPnp {
  name: string;
  description: string | null;
  lock_version: number;
}
const url = (pnpId: number) => `/api/o/${w.org.id}/pnps/${pnpId}`;
const show = async (pnpId: number): Promise<ShownPnp> => (await a.admin.get(url(pnpId))).json<{ pnp: ShownPnp }>().pnp;

describe('P&P General Info: a save over a newer change is refused', () => {
  it('one editor changes the description, another the name: the stale save is a 409 and the description stands', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Hand Hygiene');
    const id = created.pnp.id;
    const opened = await show(id);
    const first = await a.admin.put(url(id), {
      pnp: { name: opened.name, description: 'Wash before and after.', lock_version: opened.lock_version },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await a.admin.put(url(id), {
      pnp: { name: 'Hand Hygiene Policy', description: opened.description, lock_version: opened.lock_version },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors).toEqual([PNP_CHANGED_MESSAGE]);
    expect(await show(id)).toMatchObject({ name: 'Hand Hygiene', description: 'Wash before and after.' });
    const current = await show(id);
    const retried = await a.admin.put(url(id), {
      pnp: { name: 'Hand Hygiene Policy', description: current.description, lock_version: current.lock_version },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await show(id)).toMatchObject({ name: 'Hand Hygiene Policy', description: 'Wash before and after.' });
  });

  it('the other rules come first: 401, 403, 404 and 422 whatever the version', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Falls Prevention');
    const id = created.pnp.id;
    const stale = { pnp: { name: 'Renamed', lock_version: 999 } };
    expect((await t.anonymous().put(url(id), stale)).statusCode).toBe(401);
    expect((await a.author.put(url(id), stale)).statusCode).toBe(403);
    expect((await otherAdmin.put(url(id), stale)).statusCode).toBe(404);
    expect((await a.admin.put(url(999_999), stale)).statusCode).toBe(404);
    const badVersion = await a.admin.put(url(id), { pnp: { name: 'Renamed', lock_version: 'one' } });
    expect(badVersion.statusCode).toBe(422);
    expect(badVersion.json().errors).toEqual(['Lock version must be a whole number.']);
    const current = (await show(id)).lock_version;
    expect((await a.admin.put(url(id), { pnp: { name: '', lock_version: current } })).statusCode).toBe(422);
    expect((await show(id)).name).toBe('Falls Prevention');
  });
});
