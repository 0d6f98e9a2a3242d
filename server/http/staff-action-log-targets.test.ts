import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActionLogs } from '../db/schema/index';
import { withSystem } from '../db/tenant';
import { createOrg, createStaff, createUser } from '../test/factories';
import { createTestApp, type Agent, type TestApp } from '../test/harness';

/**
 * The staff action log says what a create acted on: the organisation a user was created in, the
 * id of the row created, the user and organisation a login-as session was opened for; and it lists
 * the fields the staff user sent, not those the schema's defaults filled in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const unique = (): string => randomBytes(4).toString('hex');

async function signedInStaff(permissions: string): Promise<{ agent: Agent; id: number }> {
  const staff = await createStaff(t.deps, permissions);
  return { agent: await t.signIn(staff.username, staff.password), id: staff.id };
}

/** The staff user's logged actions, newest first. */
const actionsOf = (staffId: number) =>
  withSystem(t.deps.database.db, (tx) =>
    tx
      .select()
      .from(staffActionLogs)
      .where(eq(staffActionLogs.hstmUserId, staffId))
      .orderBy(desc(staffActionLogs.createdAt), desc(staffActionLogs.id)),
  );

describe('the staff action log of a create', () => {
  it('POST hstm/users: the organisation from the body and the id of the user created', async () => {
    const org = await createOrg(t.deps);
    const { agent, id: staffId } = await signedInStaff('3');
    const suffix = unique();
    const created = await agent.post('/api/hstm/users', {
      user: {
        first_name: 'Jane',
        last_name: `Doe ${suffix}`,
        email: `jane.${suffix}@example.com`,
        username: `jane.${suffix}`,
        org_id: org.id,
      },
    });
    expect(created.statusCode).toBe(201);
    const userId = created.json<{ user: { id: number } }>().user.id;

    const [action, ...others] = await actionsOf(staffId);
    expect(others).toEqual([]);
    expect(action).toMatchObject({ method: 'POST', route: '/api/hstm/users' });
    expect(action!.target).toEqual({ 'user.org_id': String(org.id), 'user.id': String(userId) });
    expect(action!.fields).toEqual(['user.first_name', 'user.last_name', 'user.email', 'user.username', 'user.org_id']);
  });

  it('POST hstm/organizations: the id of the organisation created; only the fields sent, not the defaults', async () => {
    const { agent, id: staffId } = await signedInStaff('3');
    const suffix = unique();
    const created = await agent.post('/api/hstm/organizations', {
      org: { name: `Org ${suffix}`, tenant: `org-${suffix}` },
    });
    expect(created.statusCode).toBe(201);
    const orgId = created.json<{ org: { id: number } }>().org.id;

    const [action] = await actionsOf(staffId);
    expect(action).toMatchObject({ method: 'POST', route: '/api/hstm/organizations' });
    expect(action!.target).toEqual({ 'org.id': String(orgId) });
    // The schema fills in status and token_timeout; the staff user sent neither.
    expect(action!.fields).toEqual(['org.name', 'org.tenant']);
  });
});

describe('the staff action log of login-as', () => {
  it('logs the link and its exchange for a session, each with the user; the exchange with their organisation', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const { agent, id: staffId } = await signedInStaff('4');
    const link = await agent.get(`/api/auth/developer/sudo_login_generate_url?user_id=${user.id}`);
    expect(link.statusCode).toBe(200);
    const token = new URL(link.json<{ url: string }>().url, 'http://tenet.test').searchParams.get('token') ?? '';
    const exchanged = await agent.post('/api/auth/developer/sudo_login', { user_id: user.id, token });
    expect(exchanged.statusCode).toBe(200);

    const [exchange, generate, ...others] = await actionsOf(staffId);
    expect(others).toEqual([]);
    expect(generate).toMatchObject({
      method: 'GET',
      route: '/api/auth/developer/sudo_login_generate_url',
      target: { user_id: String(user.id) },
    });
    expect(exchange).toMatchObject({
      hstmUserId: staffId,
      method: 'POST',
      route: '/api/auth/developer/sudo_login',
      target: { user_id: String(user.id), org_id: String(org.id) },
      fields: ['user_id', 'token'],
    });
    // The token's name, never its value.
    expect(JSON.stringify([exchange, generate])).not.toContain(token);
  });

  it('logs no exchange that was refused (a link used twice)', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const first = await signedInStaff('4');
    const link = await first.agent.get(`/api/auth/developer/sudo_login_generate_url?user_id=${user.id}`);
    const token = new URL(link.json<{ url: string }>().url, 'http://tenet.test').searchParams.get('token') ?? '';
    // The staff user who made the link uses it; a second staff session presenting it again is refused.
    expect((await first.agent.post('/api/auth/developer/sudo_login', { user_id: user.id, token })).statusCode).toBe(
      200,
    );
    const second = await signedInStaff('4');
    expect((await second.agent.post('/api/auth/developer/sudo_login', { user_id: user.id, token })).statusCode).toBe(
      422,
    );
    expect(await actionsOf(second.id)).toEqual([]);
  });
});
