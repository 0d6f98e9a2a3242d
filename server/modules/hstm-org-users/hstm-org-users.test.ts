import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createGroup, createOrg, createStaff, createTwoOrgs, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTwoOrgs>>;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTwoOrgs(t.deps);
  const s = await createStaff(t.deps, '3 5');
  staff = await t.signIn(s.username, s.password);
});
afterAll(async () => t.close());

const BASE = '/api/hstm/users';
const uniq = () => Math.random().toString(16).slice(2, 8);
const newUser = (over: Record<string, unknown> = {}) => {
  const s = uniq();
  return { first_name: 'Jane', last_name: `Doe ${s}`, email: `jane.${s}@example.com`, username: `jane.${s}`, ...over };
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

describe('hstm/users: who may call', () => {
  const routes = (id: number): Route[] => [
    ['GET', `${BASE}?orgId=${f.orgA.id}`],
    ['GET', `${BASE}/${id}`],
    ['POST', BASE, { user: { ...newUser(), org_id: f.orgA.id } }],
    ['PUT', `${BASE}/${id}`, { user: { title: 'x' } }],
    ['DELETE', `${BASE}/${id}`],
    ['GET', `${BASE}/${id}/visitor_logs`],
    ['GET', `${BASE}/${id}/visitor_logs/1`],
  ];

  it('401 signed out, 403 for org users (even admins) and for staff without permission 3 (or 5)', async () => {
    const orgAgent = await t.signIn(f.adminA.username, f.adminA.password);
    const noOrg = await createStaff(t.deps, '2 4 5');
    const noOrgAgent = await t.signIn(noOrg.username, noOrg.password);
    for (const r of routes(f.userA.id)) {
      expect((await call(t.anonymous(), r)).statusCode, `${r[0]} ${r[1]}`).toBe(401);
      expect((await call(orgAgent, r)).statusCode, `${r[0]} ${r[1]}`).toBe(403);
      expect((await call(noOrgAgent, r)).statusCode, `${r[0]} ${r[1]}`).toBe(403);
    }
    const lookup = `${BASE}/get_hstream_id_by_email?email=a@example.com`;
    expect((await t.anonymous().get(lookup)).statusCode).toBe(401);
    expect((await orgAgent.get(lookup)).statusCode).toBe(403);
    const noDev = await createStaff(t.deps, '2 3 4');
    expect((await (await t.signIn(noDev.username, noDev.password)).get(lookup)).statusCode).toBe(403);
  });

  it('404 for unknown ids and organisations, and for a user of another organisation, without names', async () => {
    for (const r of routes(2_000_000_000).filter(([, url]) => url.includes('2000000000'))) {
      const res = await call(staff, r);
      expect(res.statusCode, `${r[0]} ${r[1]}`).toBe(404);
      expect(res.json<{ errors: string[] }>().errors).toEqual(['The user was not found.']);
    }
    let res = await staff.get(`${BASE}?orgId=2000000000`);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ errors: string[] }>().errors).toEqual(['The organization was not found.']);
    res = await staff.post(BASE, { user: { ...newUser(), org_id: 2_000_000_000 } });
    expect(res.statusCode).toBe(404);
    res = await staff.get(`${BASE}/${f.userB.id}?orgId=${f.orgA.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ errors: string[] }>().errors).toEqual(['The user was not found.']);
    expect((await staff.get(`${BASE}/${f.userB.id}/visitor_logs?orgId=${f.orgA.id}`)).statusCode).toBe(404);
  });

  it('422 with the errors list for bad input', async () => {
    let res = await staff.post(BASE, {
      user: { first_name: '', email: 'x', username: 'y', last_name: 'Z', org_id: f.orgA.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: string[] }>().errors.length).toBeGreaterThanOrEqual(2);
    res = await staff.post(BASE, { user: newUser() });
    expect(res.statusCode).toBe(422);
    expect((await staff.get(BASE)).statusCode).toBe(422);
    expect((await staff.get(`${BASE}?orgId=abc`)).statusCode).toBe(422);
    expect((await staff.get(`${BASE}/get_hstream_id_by_email?email=nope`)).statusCode).toBe(422);
    res = await staff.post(BASE, { user: { ...newUser({ username: f.userB.username }), org_id: f.orgA.id } });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: string[] }>().errors).toEqual([
      `The username ${f.userB.username} is already taken: choose another.`,
    ]);
    const other = await createStaff(t.deps, '3');
    res = await staff.post(BASE, { user: { ...newUser({ username: other.username }), org_id: f.orgA.id } });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: string[] }>().errors).toEqual([
      `The username ${other.username} is already taken: choose another.`,
    ]);
  });
});

describe('hstm/users: the org users of one organisation', () => {
  it('lists, searches, filters admins and status, and pages', async () => {
    let res = await staff.get(`${BASE}?orgId=${f.orgA.id}`);
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ users: { id: number }[] }>().users.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([f.adminA.id, f.userA.id]));
    expect(ids).not.toContain(f.userB.id);
    res = await staff.get(`${BASE}?orgId=${f.orgA.id}&admins=true`);
    expect(res.json<{ users: { id: number }[] }>().users.map((u) => u.id)).toEqual([f.adminA.id]);
    res = await staff.get(`${BASE}?orgId=${f.orgA.id}&search=${encodeURIComponent(f.userA.username)}`);
    expect(res.json()).toMatchObject({ total: 1 });
    res = await staff.get(`${BASE}?orgId=${f.orgA.id}&status=2`);
    expect(res.json()).toMatchObject({ total: 0 });
    res = await staff.get(`${BASE}?orgId=${f.orgA.id}&per_page=1&page=2`);
    expect(res.json()).toMatchObject({ page: 2, per_page: 1 });
  });

  it('sorts by the column chosen, either way, with a 422 for an unknown column', async () => {
    const org = await createOrg(t.deps);
    const make = (lastName: string, email: string, lastLoginAt: Date | null) =>
      createUser(t.deps, org.id, { firstName: 'Sam', lastName, email, lastLoginAt });
    const early = await make('Baker', 'c@example.com', new Date('2026-01-05T10:00:00Z'));
    const never = await make('Adams', 'b@example.com', null);
    const late = await make('Clark', 'a@example.com', new Date('2026-03-05T10:00:00Z'));
    const order = async (query: string): Promise<number[]> => {
      const res = await staff.get(`${BASE}?orgId=${org.id}&${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json<{ users: { id: number }[] }>().users.map((u) => u.id);
    };
    expect(await order('')).toEqual([never.id, early.id, late.id]);
    expect(await order('sort=name&dir=desc')).toEqual([late.id, early.id, never.id]);
    expect(await order('sort=email')).toEqual([late.id, never.id, early.id]);
    expect(await order('sort=last_login_at')).toEqual([never.id, early.id, late.id]);
    expect(await order('sort=last_login_at&dir=desc')).toEqual([late.id, early.id, never.id]);
    const bad = await staff.get(`${BASE}?orgId=${org.id}&sort=password_hash&dir=sideways`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: string[] }>().errors).toEqual(
      expect.arrayContaining([
        'sort must be one of name, email, username, status, last_login_at.',
        'dir must be asc or desc.',
      ]),
    );
  });

  it('creates a user with the org-side rules and change log, shows them with groups and settings, edits', async () => {
    const input = newUser();
    let res = await staff.post(BASE, { user: { ...input, org_id: f.orgA.id } });
    expect(res.statusCode).toBe(201);
    const user = res.json<{ user: { id: number; org_id: number; org_name: string } }>().user;
    expect(user).toMatchObject({ org_id: f.orgA.id, org_name: f.orgA.name });
    const logs = await rows<{ action_name: string; created_by_user: string }>(
      sql`select action_name, created_by_user from change_logs where object_type = 'User' and object_id = ${user.id}`,
    );
    expect(logs[0]!.action_name).toBe('Create');
    res = await staff.post(BASE, { user: { ...newUser({ email: input.email }), org_id: f.orgA.id } });
    expect(res.statusCode).toBe(422);
    const group = await createGroup(t.deps, f.orgA.id, [user.id]);
    await rows(
      sql`insert into user_settings (org_id, user_id, settings) values (${f.orgA.id}, ${user.id}, '{"language":"en"}'::jsonb)`,
    );
    res = await staff.get(`${BASE}/${user.id}?orgId=${f.orgA.id}`);
    expect(res.json().user).toMatchObject({ groups: [{ id: group.id }], settings: { language: 'en' } });
    res = await staff.put(`${BASE}/${user.id}`, { user: { title: 'Nurse', is_admin: true }, user_id: user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ title: 'Nurse', is_admin: true });
  });

  it('deactivating and deleting end the user’s sessions at once', async () => {
    for (const change of ['deactivate', 'delete'] as const) {
      const u = await createUser(t.deps, f.orgA.id);
      const agent = await t.signIn(u.username, u.password);
      expect((await agent.get(`/api/o/${f.orgA.id}/tasks`)).statusCode).toBe(200);
      const res =
        change === 'delete'
          ? await staff.delete(`${BASE}/${u.id}`)
          : await staff.put(`${BASE}/${u.id}`, { user: { status: 2 } });
      expect(res.statusCode, change).toBe(200);
      expect((await agent.get(`/api/o/${f.orgA.id}/tasks`)).statusCode, change).toBe(401);
    }
  });
});

describe('hstm/users: visitor logs and hStream ids', () => {
  it('lists a user’s sign-ins and opens one; another user’s log is a 404', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    await t.signIn(u.username, u.password);
    await t.signIn(u.username, u.password);
    let res = await staff.get(`${BASE}/${u.id}/visitor_logs?orgId=${f.orgA.id}`);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ total: number; visitor_logs: { id: number; sudoer_name: string | null }[] }>();
    expect(list.total).toBe(2);
    const logId = list.visitor_logs[0]!.id;
    res = await staff.get(`${BASE}/${u.id}/visitor_logs/${logId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().visitor_log).toMatchObject({ id: logId, user_id: u.id, sudoer_name: null });
    res = await staff.get(`${BASE}/${f.userA.id}/visitor_logs/${logId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ errors: string[] }>().errors).toEqual(['The visitor log was not found.']);
  });

  it('names the staff user of a login-as visit, and the browser', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const sudoer = await createStaff(t.deps, '4');
    await rows(
      sql`insert into visitor_logs (org_id, user_id, sudoer_id, ip, user_agent) values (${f.orgA.id}, ${u.id}, ${sudoer.id}, '10.0.0.1', 'Mozilla/5.0 Firefox/120.0')`,
    );
    const res = await staff.get(`${BASE}/${u.id}/visitor_logs`);
    const [log] = res.json<{ visitor_logs: { sudoer_name: string; browser: string; ip: string }[] }>().visitor_logs;
    expect(log).toMatchObject({
      sudoer_name: `Staff ${sudoer.username.slice('staff.'.length)}`,
      browser: 'Firefox',
      ip: '10.0.0.1',
    });
  });

  it('finds the org users with an e-mail and their hStream id', async () => {
    const email = `shared.${uniq()}@example.com`;
    const a = await createUser(t.deps, f.orgA.id, { email, hstreamId: 'HS-123' });
    await createUser(t.deps, f.orgB.id, { email: email.toUpperCase() });
    const res = await staff.get(`${BASE}/get_hstream_id_by_email?email=${encodeURIComponent(email)}`);
    expect(res.statusCode).toBe(200);
    const users = res.json<{ users: { id: number; hstream_id: string | null }[] }>().users;
    expect(users).toHaveLength(2);
    expect(users.find((x) => x.id === a.id)?.hstream_id).toBe('HS-123');
    const none = await staff.get(`${BASE}/get_hstream_id_by_email?email=nobody.${uniq()}@example.com`);
    expect(none.json()).toEqual({ users: [] });
  });
});
