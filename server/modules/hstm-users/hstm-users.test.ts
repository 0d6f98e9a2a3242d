import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createOrg, createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

let t: TestApp;
let manager: Agent;
let managerId: number;

beforeAll(async () => {
  t = await createTestApp();
  // All four: a staff user gives or takes away only permissions they hold (staff-self-escalation.test.ts).
  const staff = await createStaff(t.deps, '2 3 4 5');
  managerId = staff.id;
  manager = await t.signIn(staff.username, staff.password);
});
afterAll(async () => t.close());

const BASE = '/api/hstm/hstm_users';
const uniq = () => Math.random().toString(16).slice(2, 8);
const newStaff = (over: Record<string, unknown> = {}) => {
  const s = uniq();
  return { name: `Sam Staff ${s}`, email: `sam.${s}@example.com`, username: `sam.${s}`, permissions: '3 5', ...over };
};
const rows = <T>(q: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, q));
type Route = [string, string, Record<string, unknown>?];
const call = (agent: Agent, [method, url, body]: Route) =>
  method === 'GET'
    ? agent.get(url)
    : method === 'POST'
      ? agent.post(url, body ?? {})
      : method === 'PUT'
        ? agent.put(url, body)
        : agent.delete(url);
const routes = (id: number): Route[] => [
  ['GET', BASE],
  ['GET', `${BASE}/${id}`],
  ['POST', BASE, { user: newStaff() }],
  ['PUT', `${BASE}/${id}`, { user: { name: 'X' } }],
  ['DELETE', `${BASE}/${id}`],
  ['POST', `${BASE}/${id}/resend_welcome_email`],
];
/** The newest set-password link mailed to this address. */
async function linkFor(email: string): Promise<string> {
  const [mail] = await rows<{ body_text: string }>(
    sql`select body_text from mail_outbox where to_address = ${email} order by id desc limit 1`,
  );
  const match = /\/staff_set_password\/([\w-]+)/.exec(mail?.body_text ?? '');
  if (!match) throw new Error('no link in the mail');
  return match[1]!;
}

describe('hstm_users: who may call', () => {
  it('401 signed out, 403 for org users (even admins) and for staff without permission 2', async () => {
    const org = await createOrg(t.deps);
    const orgAdmin = await createUser(t.deps, org.id, { isAdmin: true });
    const orgAgent = await t.signIn(orgAdmin.username, orgAdmin.password);
    const other = await createStaff(t.deps, '3 4 5');
    const otherAgent = await t.signIn(other.username, other.password);
    for (const r of routes(managerId)) {
      expect((await call(t.anonymous(), r)).statusCode, `${r[0]} ${r[1]}`).toBe(401);
      expect((await call(orgAgent, r)).statusCode, `${r[0]} ${r[1]}`).toBe(403);
      expect((await call(otherAgent, r)).statusCode, `${r[0]} ${r[1]}`).toBe(403);
    }
  });

  it('404 for an unknown or deleted staff user, without a name in the message', async () => {
    const gone = await createStaff(t.deps, '3');
    expect((await manager.delete(`${BASE}/${gone.id}`)).statusCode).toBe(200);
    for (const id of [2_000_000_000, gone.id]) {
      for (const r of routes(id).filter(([, url]) => url.includes(String(id)))) {
        const res = await call(manager, r);
        expect(res.statusCode, `${r[0]} ${r[1]}`).toBe(404);
        expect(res.json<{ errors: string[] }>().errors).toEqual(['The staff user was not found.']);
      }
    }
  });
});

describe('hstm_users: create, list, edit', () => {
  it('creates with normalised permissions and mails a set-password link', async () => {
    const input = newStaff({ permissions: '5  2 5' });
    const res = await manager.post(BASE, { user: input, user_id: managerId });
    expect(res.statusCode).toBe(201);
    const user = res.json<{ user: { id: number; permissions: string; permission_labels: string[] } }>().user;
    expect(user).toMatchObject({ permissions: '2 5', permission_labels: ['User management', 'Developer tools'] });
    expect(await linkFor(input.email)).toMatch(/^[\w-]{40,}$/);
    const list = await manager.get(`${BASE}?search=${encodeURIComponent(input.username)}`);
    expect(list.json()).toMatchObject({ total: 1, page: 1, per_page: 10 });
    expect((await manager.get(`${BASE}/${user.id}`)).json().user.email).toBe(input.email);
  });

  it('422 with the errors list for bad fields and permissions outside 2 3 4 5', async () => {
    for (const permissions of ['1', '2 6', '2,3', 'abc', '2 x']) {
      const res = await manager.post(BASE, { user: newStaff({ permissions }) });
      expect(res.statusCode, permissions).toBe(422);
      expect(res.json<{ errors: string[] }>().errors).toContain(
        'Permissions must be a space-separated list of 2, 3, 4 and 5.',
      );
    }
    const res = await manager.post(BASE, {
      user: { name: '', email: 'nope', username: ' bad name', permissions: '2' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: string[] }>().errors.length).toBeGreaterThanOrEqual(3);
    expect((await manager.get(`${BASE}?per_page=500`)).statusCode).toBe(422);
    expect((await manager.get(`${BASE}/abc`)).statusCode).toBe(422);
    expect((await manager.put(`${BASE}/${managerId}`, { user: { permissions: '9' } })).statusCode).toBe(422);
  });

  it('refuses a username or e-mail already used by staff, and a username of an org user', async () => {
    const first = newStaff();
    expect((await manager.post(BASE, { user: first })).statusCode).toBe(201);
    let res = await manager.post(BASE, { user: newStaff({ email: first.email.toUpperCase() }) });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: string[] }>().errors[0]).toContain('already exists');
    res = await manager.post(BASE, { user: newStaff({ username: first.username }) });
    expect(res.statusCode).toBe(422);
    const org = await createOrg(t.deps);
    const orgUser = await createUser(t.deps, org.id);
    res = await manager.post(BASE, { user: newStaff({ username: orgUser.username }) });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: string[] }>().errors).toEqual([
      `The username ${orgUser.username} is already taken: choose another.`,
    ]);
  });

  it('edits details and permissions, sorted and searchable', async () => {
    const created = (await manager.post(BASE, { user: newStaff() })).json<{ user: { id: number } }>().user;
    const res = await manager.put(`${BASE}/${created.id}`, {
      user: { name: 'Aaa Renamed', permissions: '4' },
      user_id: created.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Aaa Renamed', permissions: '4' });
    expect((await manager.put(`${BASE}/${created.id}`, { user: {}, user_id: managerId })).statusCode).toBe(422);
    const sorted = await manager.get(`${BASE}?sort=name&dir=asc&per_page=100`);
    const names = sorted.json<{ hstm_users: { name: string }[] }>().hstm_users.map((u) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

describe('hstm_users: protecting the staff', () => {
  it('a staff user cannot delete or deactivate themselves nor change their own permissions', async () => {
    let res = await manager.delete(`${BASE}/${managerId}`);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: string[] }>().errors).toEqual(['You cannot delete yourself.']);
    res = await manager.put(`${BASE}/${managerId}`, { user: { permissions: '3 4 5' } });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ errors: string[] }>().errors).toEqual([
      'You cannot change your own permissions: another staff user with user management must do it.',
    ]);
    res = await manager.put(`${BASE}/${managerId}`, { user: { status: 2 } });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: string[] }>().errors).toEqual(['You cannot deactivate yourself.']);
    expect((await manager.put(`${BASE}/${managerId}`, { user: { permissions: '5 4 3 2' } })).statusCode).toBe(200);
  });

  it('deleting or deactivating a staff user ends their sessions at once', async () => {
    for (const change of ['delete', 'deactivate'] as const) {
      const other = await createStaff(t.deps, '2 3');
      const agent = await t.signIn(other.username, other.password);
      expect((await agent.get(BASE)).statusCode).toBe(200);
      const res =
        change === 'delete'
          ? await manager.delete(`${BASE}/${other.id}`)
          : await manager.put(`${BASE}/${other.id}`, { user: { status: 2 } });
      expect(res.statusCode).toBe(200);
      expect((await agent.get(BASE)).statusCode, change).toBe(401);
      const left = await rows<{ n: number }>(
        sql`select count(*)::int as n from sessions where hstm_user_id = ${other.id}`,
      );
      expect(left[0]!.n).toBe(0);
    }
  });
});

describe('hstm_users: taking away login-as', () => {
  /** A staff user with these permissions, signed in as an org user through a login-as link. */
  async function signedInAs(permissions: string): Promise<{ staffId: number; agent: Agent; orgId: number }> {
    const org = await createOrg(t.deps);
    const target = await createUser(t.deps, org.id);
    const staff = await createStaff(t.deps, permissions);
    const agent = await t.signIn(staff.username, staff.password);
    const link = await agent.get(`/api/auth/developer/sudo_login_generate_url?user_id=${target.id}`);
    const token = new URL(link.json<{ url: string }>().url, 'http://tenet.test').searchParams.get('token');
    const exchanged = await agent.post('/api/auth/developer/sudo_login', { user_id: target.id, token });
    expect(exchanged.statusCode).toBe(200);
    expect((await agent.get(`/api/o/${org.id}/library/filter_options`)).statusCode).toBe(200);
    return { staffId: staff.id, agent, orgId: org.id };
  }

  it('ends the login-as sessions the staff user opened; another permission taken away leaves them', async () => {
    const kept = await signedInAs('3 4');
    expect((await manager.put(`${BASE}/${kept.staffId}`, { user: { permissions: '4' } })).statusCode).toBe(200);
    expect((await kept.agent.get(`/api/o/${kept.orgId}/library/filter_options`)).statusCode).toBe(200);

    const ended = await signedInAs('3 4');
    expect((await manager.put(`${BASE}/${ended.staffId}`, { user: { permissions: '3' } })).statusCode).toBe(200);
    expect((await ended.agent.get(`/api/o/${ended.orgId}/library/filter_options`)).statusCode).toBe(401);
    const left = await rows<{ n: number }>(
      sql`select count(*)::int as n from sessions where sudoer_id = ${ended.staffId}`,
    );
    expect(left[0]!.n).toBe(0);
    // Their own staff session is not ended: it answers with the permissions they have now.
    const staffSessions = await rows<{ n: number }>(
      sql`select count(*)::int as n from sessions where hstm_user_id = ${ended.staffId}`,
    );
    expect(staffSessions[0]!.n).toBe(1);
  });
});

describe('hstm_users: welcome e-mail and set password', () => {
  it('resend cancels the older link; the new one sets the password once and the staff user signs in', async () => {
    const input = newStaff();
    const id = (await manager.post(BASE, { user: input })).json<{ user: { id: number } }>().user.id;
    const older = await linkFor(input.email);
    const res = await manager.post(`${BASE}/${id}/resend_welcome_email`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email sent successfully!' });
    const newer = await linkFor(input.email);
    expect(newer).not.toBe(older);
    const anon = t.anonymous();
    let set = await anon.post('/api/auth/staff_set_password', { token: older, password: 'NewPassword42' });
    expect(set.statusCode).toBe(422);
    set = await anon.post('/api/auth/staff_set_password', { token: newer, password: 'short1' });
    expect(set.statusCode).toBe(422);
    set = await anon.post('/api/auth/staff_set_password', { token: newer, password: 'NewPassword42' });
    expect(set.statusCode).toBe(200);
    set = await anon.post('/api/auth/staff_set_password', { token: newer, password: 'NewPassword43' });
    expect(set.statusCode).toBe(422);
    const agent = await t.signIn(input.username, 'NewPassword42');
    expect((await agent.get('/api/sessions')).json()).toMatchObject({ valid: true, hstm: '3 5' });
  });

  it('an expired link is refused; an inactive staff user gets no invitation', async () => {
    const input = newStaff();
    const id = (await manager.post(BASE, { user: input })).json<{ user: { id: number } }>().user.id;
    const token = await linkFor(input.email);
    await rows(
      sql`update staff_password_tokens set expires_at = now() - interval '1 minute' where hstm_user_id = ${id}`,
    );
    const set = await t.anonymous().post('/api/auth/staff_set_password', { token, password: 'NewPassword42' });
    expect(set.statusCode).toBe(422);
    await manager.put(`${BASE}/${id}`, { user: { status: 2 } });
    expect((await manager.post(`${BASE}/${id}/resend_welcome_email`)).statusCode).toBe(422);
  });
});
