import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { withSystem } from '../db/tenant';
import { createOrg, createStaff, createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { seedDemoHstmPeople } from './demo-hstm-people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('seedDemoHstmPeople', () => {
  it('adds a staff user, hStream ids and past visits once, and a second run changes nothing', async () => {
    const org = await createOrg(t.deps);
    const a = await createUser(t.deps, org.id);
    await createUser(t.deps, org.id);
    await createStaff(t.deps, '2 3 4 5');
    const now = new Date();
    const count = () =>
      withSystem(t.deps.database.db, (tx) =>
        queryRows<{ logs: number; staff: number; ids: number; sudo: number }>(
          tx,
          sql`select
            (select count(*)::int from visitor_logs where org_id = ${org.id}) as logs,
            (select count(*)::int from hstm_users where username = 'olive.ops') as staff,
            (select count(*)::int from org_users where org_id = ${org.id} and hstream_id is not null) as ids,
            (select count(*)::int from visitor_logs where org_id = ${org.id} and sudoer_id is not null) as sudo`,
        ),
      );
    await withSystem(t.deps.database.db, (tx) => seedDemoHstmPeople(tx, org.id, now));
    const [first] = await count();
    expect(first).toEqual({ logs: 7, staff: 1, ids: 2, sudo: 1 });
    await withSystem(t.deps.database.db, (tx) => seedDemoHstmPeople(tx, org.id, now));
    expect((await count())[0]).toEqual(first);
    const viewer = await createStaff(t.deps, '3');
    const agent = await t.signIn(viewer.username, viewer.password);
    const logs = (await agent.get(`/api/hstm/users/${a.id}/visitor_logs`)).json<{ total: number }>();
    expect(logs.total).toBe(4);
  });
});
