import { afterAll, beforeAll, expect, it } from 'vitest';
import { withSystem } from '../db/tenant';
import { createGroup, createOrg, createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { seedDemoUserGroupLogs } from './demo-user-groups';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it("gives the admin-made groups their 'Create' entry once, and system groups none", async () => {
  const org = await createOrg(t.deps);
  const admin = await createUser(t.deps, org.id, { isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
  const member = await createUser(t.deps, org.id, { firstName: 'Nora', lastName: 'Nurse' });
  const group = await createGroup(t.deps, org.id, [member.id], 'Nursing');
  const seed = () => withSystem(t.deps.database.db, (tx) => seedDemoUserGroupLogs(tx, org.id, t.clock.now()));
  await seed();
  await seed();
  const agent = await t.signIn(admin.username, admin.password);
  const logs = (await agent.get(`/api/o/${org.id}/user_groups/${group.id}/user_group_change_logs`)).json().change_logs;
  expect(logs).toHaveLength(1);
  expect(logs[0]).toMatchObject({
    action_name: 'Create',
    created_by_user: 'Ada Admin',
    deltas: { changed: { name: [null, 'Nursing'] }, group_member_users_added: [{ name: 'Nora Nurse' }] },
  });
});
