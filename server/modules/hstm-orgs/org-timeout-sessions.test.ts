import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createStaff, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * An organisation's session timeout (spec §3 `token_timeout`) holds for the sessions open when staff
 * change it, not only for those opened afterwards: a session copies the timeout when it opens.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("changing an organisation's session timeout", () => {
  it('applies the new timeout to the sessions already open in that organisation, and only there', async () => {
    const org = await createOrg(t.deps, { tokenTimeout: 600 });
    const other = await createOrg(t.deps, { tokenTimeout: 600 });
    const user = await createUser(t.deps, org.id);
    const neighbour = await createUser(t.deps, other.id);
    const open = await t.signIn(user.username, user.password);
    const elsewhere = await t.signIn(neighbour.username, neighbour.password);
    const staffUser = await createStaff(t.deps, '3');
    const staff = await t.signIn(staffUser.username, staffUser.password);

    const res = await staff.put(`/api/hstm/organizations/${org.id}`, { org: { token_timeout: 5 } });
    expect(res.statusCode).toBe(200);
    expect((await open.get('/api/sessions')).json()).toMatchObject({ valid: true, token_timeout: 5 });

    t.clock.advance(10 * 60_000);
    expect((await open.get('/api/sessions')).json().valid).toBe(false);
    expect(await open.get(`/api/o/${org.id}/tasks`).then((r) => r.statusCode)).toBe(401);
    expect((await elsewhere.get('/api/sessions')).json()).toMatchObject({ valid: true, token_timeout: 600 });
  });

  it('leaves open sessions alone when the timeout is sent unchanged', async () => {
    const org = await createOrg(t.deps, { tokenTimeout: 30 });
    const user = await createUser(t.deps, org.id);
    const open = await t.signIn(user.username, user.password);
    const staffUser = await createStaff(t.deps, '3');
    const staff = await t.signIn(staffUser.username, staffUser.password);
    expect(
      (await staff.put(`/api/hstm/organizations/${org.id}`, { org: { token_timeout: 30, name: 'Renamed Clinic' } }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(20 * 60_000);
    expect((await open.get('/api/sessions')).json()).toMatchObject({ valid: true, token_timeout: 30 });
  });
});
