import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import {
  createContainer,
  createGroup,
  createOrg,
  createStaff,
  createUser,
  grant,
  type TestOrg,
  type TestUser,
} from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPublishedPnp, type TestPnp } from '../../test/library-factories';

let t: TestApp;
let org: TestOrg;
let reader: TestUser;
let pnp: TestPnp;

const library = (tail = '') => `/api/o/${org.id}/library${tail}`;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  reader = await createUser(t.deps, org.id);
  const group = await createGroup(t.deps, org.id, [reader.id]);
  const binder = await createContainer(t.deps, org.id, { name: 'Policies' });
  await grant(t.deps, org.id, { containerId: binder.id }, { groupId: group.id }, 5);
  pnp = await createPublishedPnp(t.deps, org.id, binder.id, { name: 'Hand Hygiene Policy' });
});
afterAll(async () => t.close());

/** Provider staff signed in as `userId` through the login-as link (a session carrying the sudoer). */
async function signedInAs(userId: number): Promise<Agent> {
  const staff = await createStaff(t.deps, '4');
  const agent = await t.signIn(staff.username, staff.password);
  const generated = await agent.get(`/api/auth/developer/sudo_login_generate_url?user_id=${userId}`);
  expect(generated.statusCode, generated.body).toBe(200);
  const token = new URL(generated.json<{ url: string }>().url, 'http://tenet.test').searchParams.get('token');
  const exchanged = await agent.post('/api/auth/developer/sudo_login', { user_id: userId, token });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  expect((await agent.get('/api/sessions')).json()).toMatchObject({ sudo: true, user: { id: userId } });
  return agent;
}

const viewsOf = (pnpId: number) =>
  withSystem(t.deps.database.db, (tx) =>
    queryRows<{ user_id: number }>(
      tx,
      sql`select user_id from library_views where org_id = ${org.id} and pnp_id = ${pnpId}
          union all
          select user_id from library_last_views where org_id = ${org.id} and pnp_id = ${pnpId}`,
    ),
  );

describe('a P&P opened in a login-as session', () => {
  it('is not recorded as the user’s view: nothing in the views, nothing in their recently viewed', async () => {
    const sudo = await signedInAs(reader.id);
    const opened = await sudo.get(library(`/${pnp.id}`));
    expect(opened.statusCode).toBe(200);
    const own = await t.signIn(reader.username, reader.password);
    const recent = (await own.get(library('?list=true&view=recently_viewed'))).json();
    expect(recent.total).toBe(0);
    expect(await viewsOf(pnp.id)).toEqual([]);
    // Nor does the opening's own answer say the user viewed it just now.
    expect(opened.json().item).toMatchObject({ pnp_id: pnp.id, recent_view: null });

    // The user's own opening is recorded as before.
    expect((await own.get(library(`/${pnp.id}`))).statusCode).toBe(200);
    const after = (await own.get(library('?list=true&view=recently_viewed'))).json();
    expect(after.items.map((item: { pnp_id: number }) => item.pnp_id)).toEqual([pnp.id]);
  });
});
