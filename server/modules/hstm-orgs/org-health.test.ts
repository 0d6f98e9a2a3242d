import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createContainer, createOrg, createStaff, createUser } from '../../test/factories';
import { createTestPnp } from '../../test/container-factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

let t: TestApp;
let staff: Agent;
const DAY = 86_400_000;
const exec = (query: ReturnType<typeof sql>) =>
  withSystem(t.deps.database.db, (tx) => queryRows<{ id: number }>(tx, query));

beforeAll(async () => {
  t = await createTestApp();
  const s = await createStaff(t.deps, '3');
  staff = await t.signIn(s.username, s.password);
});
afterAll(async () => t.close());

describe('GET hstm/organizations/{id}/health', () => {
  it('401 signed out, 403 for an org admin and for staff without permission 3, 404 unknown, 422 bad id', async () => {
    const org = await createOrg(t.deps);
    expect((await t.anonymous().get(`/api/hstm/organizations/${org.id}/health`)).statusCode).toBe(401);
    const admin = await createUser(t.deps, org.id, { isAdmin: true });
    const orgAdmin = await t.signIn(admin.username, admin.password, org.tenant);
    expect((await orgAdmin.get(`/api/hstm/organizations/${org.id}/health`)).statusCode).toBe(403);
    const other = await createStaff(t.deps, '2 4 5');
    const noPermission = await t.signIn(other.username, other.password);
    expect((await noPermission.get(`/api/hstm/organizations/${org.id}/health`)).statusCode).toBe(403);
    const missing = await staff.get('/api/hstm/organizations/99999999/health');
    expect(missing.statusCode).toBe(404);
    const bad = await staff.get('/api/hstm/organizations/abc/health');
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: string[] }>().errors.length).toBeGreaterThan(0);
  });

  it('counts recent users, overdue reviews, old open tasks, acknowledgements and the last sync of that organisation only', async () => {
    const org = await createOrg(t.deps);
    const noise = await createOrg(t.deps);
    const now = Date.now();
    const recent = await createUser(t.deps, org.id);
    const stale = await createUser(t.deps, org.id);
    const inactive = await createUser(t.deps, org.id, { status: 2 });
    const elsewhere = await createUser(t.deps, noise.id);
    await exec(sql`update org_users set last_login_at = case id
        when ${recent.id} then ${new Date(now - 2 * DAY).toISOString()}::timestamptz
        when ${stale.id} then ${new Date(now - 45 * DAY).toISOString()}::timestamptz
        else ${new Date(now - DAY).toISOString()}::timestamptz end
      where id = any(${`{${[recent.id, stale.id, inactive.id, elsewhere.id].join(',')}}`}::int[])`);

    const binder = await createContainer(t.deps, org.id);
    const overdue = await createTestPnp(t.deps, org.id, binder.id, { status: 2 });
    const fresh = await createTestPnp(t.deps, org.id, binder.id, { status: 2 });
    await exec(sql`update pnp_documents set review_overdue_at = now() where pnp_id = ${overdue.id}`);

    // Two open tasks (one 40 days old), one old but completed.
    await exec(sql`insert into tasks (org_id, user_id, kind, status, pnp_id, created_at) values
      (${org.id}, ${recent.id}, 'Review', 1, ${overdue.id}, ${new Date(now - 40 * DAY).toISOString()}::timestamptz),
      (${org.id}, ${recent.id}, 'Author', 1, ${fresh.id}, now()),
      (${org.id}, ${stale.id}, 'Review', 2, ${fresh.id}, ${new Date(now - 50 * DAY).toISOString()}::timestamptz)`);

    // One open read acknowledgement with three readers, one done; a closed one does not count.
    const [ack] = await exec(sql`insert into read_acknowledgements (org_id, pnp_id, document_id, name, status)
        select ${org.id}, ${fresh.id}, d.id, 'Read it', 1 from pnp_documents d where d.pnp_id = ${fresh.id} returning id`);
    const [closed] = await exec(sql`insert into read_acknowledgements (org_id, pnp_id, document_id, name, status)
        select ${org.id}, ${fresh.id}, d.id, 'Old', 2 from pnp_documents d where d.pnp_id = ${fresh.id} returning id`);
    await exec(sql`insert into read_ack_readers (org_id, read_ack_id, user_id, completion, acknowledged_at) values
      (${org.id}, ${ack!.id}, ${recent.id}, 1, now()),
      (${org.id}, ${ack!.id}, ${stale.id}, 0, null),
      (${org.id}, ${ack!.id}, ${inactive.id}, 0, null),
      (${org.id}, ${closed!.id}, ${stale.id}, 1, now())`);

    const before = await staff.get(`/api/hstm/organizations/${org.id}/health`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      users_active_recently: 1,
      users_active: 2,
      pnps_overdue_for_review: 1,
      tasks_open_older: 1,
      acks_assigned: 3,
      acks_completed: 1,
      last_sync: null,
    });

    await exec(sql`insert into idp_sync_runs (org_id, kind, status, started_by_email, created_count, error, created_at)
      values (${org.id}, 'azure', 'failed', 'ops@example.com', 0, 'The directory refused the credentials.', now() - interval '1 hour'),
             (${org.id}, 'azure', 'done', 'ops@example.com', 4, null, now())`);
    const after = await staff.get(`/api/hstm/organizations/${org.id}/health`);
    expect(after.json<{ last_sync: unknown }>().last_sync).toMatchObject({
      kind: 'azure',
      status: 'done',
      created_count: 4,
      error: null,
    });
  });
});
