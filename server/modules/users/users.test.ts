import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createGroup, createStaff, createTwoOrgs, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

let t: TestApp;
let f: Awaited<ReturnType<typeof createTwoOrgs>>;
let admin: Agent;
let plain: Agent;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTwoOrgs(t.deps);
  admin = await t.signIn(f.adminA.username, f.adminA.password);
  plain = await t.signIn(f.userA.username, f.userA.password);
});
afterAll(async () => t.close());

const base = () => `/api/o/${f.orgA.id}/users`;
const uniq = () => Math.random().toString(16).slice(2, 8);
const newUser = (over: Record<string, unknown> = {}) => {
  const s = uniq();
  return { first_name: 'Jane', last_name: `Doe ${s}`, email: `jane.${s}@example.com`, username: `jane.${s}`, ...over };
};
const rows = <T>(q: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, q));

describe('users: who may call', () => {
  const routes = (id: number): [string, string, Record<string, unknown>?][] => [
    ['GET', base()],
    ['GET', `${base()}/${id}`],
    ['POST', base(), { user: newUser() }],
    ['PUT', `${base()}/${id}`, { user: { title: 'x' } }],
    ['DELETE', `${base()}/${id}`],
    ['GET', `${base()}/${id}/user_logs`],
    ['GET', `${base()}/${id}/change_logs`],
    ['GET', `${base()}/${id}/settings`],
    ['POST', `${base()}/${id}/send_welcome_email`, {}],
    ['POST', `${base()}/send_bulk_welcome_email`],
  ];
  const call = (agent: Agent, [method, url, body]: [string, string, Record<string, unknown>?]) =>
    method === 'GET'
      ? agent.get(url)
      : method === 'POST'
        ? agent.post(url, body ?? {})
        : method === 'PUT'
          ? agent.put(url, body)
          : agent.delete(url);

  it('401 signed out, 403 for a user who is not an admin', async () => {
    for (const r of routes(f.userA.id)) {
      expect((await call(t.anonymous(), r)).statusCode, `${r[0]} ${r[1]}`).toBe(401);
      expect((await call(plain, r)).statusCode, `${r[0]} ${r[1]}`).toBe(403);
    }
  });

  it("404 for another organisation's user, without its name", async () => {
    for (const r of routes(f.userB.id).filter(([, url]) => url.includes(String(f.userB.id)))) {
      const res = await call(admin, r);
      expect(res.statusCode, `${r[0]} ${r[1]}`).toBe(404);
      expect(res.body).not.toContain(f.userB.username);
    }
    expect((await admin.get(`/api/o/${f.orgB.id}/users`)).statusCode).toBe(404);
  });
});

describe('users: list, create, edit', () => {
  it('creates a user, shows them with groups, lists and filters them', async () => {
    const group = await createGroup(t.deps, f.orgA.id);
    const input = newUser({ title: 'Nurse', group_ids: [group.id] });
    const res = await admin.post(base(), { user: input });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ user: { id: number; status: number; groups: { name: string }[] } }>().user;
    expect(created.status).toBe(1);
    expect(created.groups.map((g) => g.name)).toEqual([group.name]);
    const one = await admin.get(`${base()}/${created.id}`);
    expect(one.json<{ user: { email: string } }>().user.email).toBe(input.email);

    const search = await admin.get(`${base()}?search=${encodeURIComponent(input.last_name)}`);
    expect(search.json<{ users: { id: number }[]; total: number }>().users.map((u) => u.id)).toEqual([created.id]);
    const never = await admin.get(`${base()}?never_logged_in=true&search=${encodeURIComponent(input.last_name)}`);
    expect(never.json<{ total: number }>().total).toBe(1);
    const azure = await admin.get(`${base()}?created_from=1&search=${encodeURIComponent(input.last_name)}`);
    expect(azure.json<{ total: number }>().total).toBe(0);
    const inactive = await admin.get(`${base()}?inactive=true&search=${encodeURIComponent(input.last_name)}`);
    expect(inactive.json<{ total: number }>().total).toBe(0);
    const all = await admin.get(`${base()}?bypass_val=true`);
    expect(all.json<{ users: { id: number }[] }>().users.some((u) => u.id === created.id)).toBe(true);

    const logs = await admin.get(`${base()}/${created.id}/change_logs`);
    expect(logs.json<{ change_logs: { action_name: string }[] }>().change_logs.map((c) => c.action_name)).toContain(
      'Create',
    );
  });

  it('sorts the list by the chosen column either way; never signed in counts as the longest ago', async () => {
    const s = uniq();
    const make = (first: string, email: string, lastLoginAt: Date | null) =>
      createUser(t.deps, f.orgA.id, {
        firstName: first,
        lastName: `Sorted ${s}`,
        email: `${email}.${s}@example.com`,
        username: `${first.toLowerCase()}.${s}`,
        lastLoginAt,
      });
    await make('Ann', 'zed', new Date('2026-03-01T00:00:00Z'));
    await make('Ben', 'amy', null);
    await make('Cal', 'max', new Date('2026-05-01T00:00:00Z'));
    const firstNames = async (query: string) =>
      (await admin.get(`${base()}?search=${encodeURIComponent(`Sorted ${s}`)}&${query}`))
        .json<{ users: { first_name: string }[] }>()
        .users.map((u) => u.first_name);
    expect(await firstNames('')).toEqual(['Ann', 'Ben', 'Cal']);
    expect(await firstNames('sort=name&dir=desc')).toEqual(['Cal', 'Ben', 'Ann']);
    expect(await firstNames('sort=email')).toEqual(['Ben', 'Cal', 'Ann']);
    expect(await firstNames('sort=email&dir=desc')).toEqual(['Ann', 'Cal', 'Ben']);
    expect(await firstNames('sort=last_login_at')).toEqual(['Ben', 'Ann', 'Cal']);
    expect(await firstNames('sort=last_login_at&dir=desc')).toEqual(['Cal', 'Ann', 'Ben']);
    // Pages follow the sort: the second page of one a page holds the second user.
    expect(await firstNames('sort=email&per_page=1&page=2')).toEqual(['Cal']);
    const wrong = await admin.get(`${base()}?sort=password`);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0]).toMatch(/sort must be one of name, email/);
  });

  it('pages the list', async () => {
    const res = await admin.get(`${base()}?per_page=1&page=2`);
    const body = res.json<{ users: unknown[]; page: number; per_page: number; total: number }>();
    expect(body.users).toHaveLength(1);
    expect(body.page).toBe(2);
    expect(body.total).toBeGreaterThanOrEqual(2);
    // Every page says the same total; a page past the end has no rows and still says it.
    const first = res.json<{ total: number }>().total;
    const whole = await admin.get(`${base()}?per_page=100`);
    expect(whole.json<{ users: unknown[]; total: number }>().users).toHaveLength(first);
    expect(whole.json<{ total: number }>().total).toBe(first);
    const past = await admin.get(`${base()}?per_page=10&page=999`);
    expect(past.json<{ users: unknown[]; total: number }>()).toMatchObject({ users: [], total: first });
    const none = await admin.get(`${base()}?search=${encodeURIComponent('nobody-is-called-this')}`);
    expect(none.json<{ users: unknown[]; total: number }>()).toMatchObject({ users: [], total: 0 });
  });

  it('refuses bad input with sentences a person understands (422)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'valid email'],
      [{ email: 'a@b.c' }, 'valid email'],
      [{ username: '.starts-with-dot' }, 'Username must start'],
      [{ username: 'has space' }, 'Username must start'],
      [{ first_name: '<b>' }, 'must not contain < or >'],
      [{ last_name: '' }, 'Last name is required'],
      [{ title: 'a<script>' }, 'Title must not contain'],
    ];
    for (const [over, message] of cases) {
      const res = await admin.post(base(), { user: newUser(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json<{ errors: string[] }>().errors.join(' ')).toContain(message);
    }
    const valid = [
      { username: "o'brien.x-1@y_" + uniq() },
      { email: `x.${uniq()}@clinic.health` },
      { email: `x.${uniq()}@nhs.uk` },
    ];
    for (const over of valid) expect((await admin.post(base(), { user: newUser(over) })).statusCode).toBe(201);
    expect((await admin.get(`${base()}?active=maybe`)).statusCode).toBe(422);
    expect((await admin.get(`${base()}/abc`)).statusCode).toBe(422);
  });

  it('refuses a duplicate e-mail or username clearly', async () => {
    const first = newUser();
    expect((await admin.post(base(), { user: first })).statusCode).toBe(201);
    const dupEmail = await admin.post(base(), { user: newUser({ email: first.email.toUpperCase() }) });
    expect(dupEmail.statusCode).toBe(422);
    expect(dupEmail.json<{ errors: string[] }>().errors[0]).toContain('already exists');
    // Usernames are unique across organisations.
    const dupUser = await admin.post(base(), { user: newUser({ username: f.userB.username }) });
    expect(dupUser.statusCode).toBe(422);
    expect(dupUser.json<{ errors: string[] }>().errors[0]).toContain('already taken');
    // Sign-in tries provider staff first: a staff user's username is taken too, in any case, on create and edit.
    const staffUser = await createStaff(t.deps, '2');
    const asStaff = await admin.post(base(), { user: newUser({ username: staffUser.username.toUpperCase() }) });
    expect(asStaff.statusCode).toBe(422);
    expect(asStaff.json<{ errors: string[] }>().errors).toEqual([
      `The username ${staffUser.username.toUpperCase()} is already taken: choose another.`,
    ]);
    const id = (await admin.post(base(), { user: newUser() })).json<{ user: { id: number } }>().user.id;
    const renamed = await admin.put(`${base()}/${id}`, { user: { username: staffUser.username }, user_id: id });
    expect(renamed.statusCode).toBe(422);
  });

  it('edits details and roles, logs the change, and refuses a mismatched user_id', async () => {
    const id = (await admin.post(base(), { user: newUser() })).json<{ user: { id: number } }>().user.id;
    const res = await admin.put(`${base()}/${id}`, { user: { first_name: 'Janet', is_admin: true }, user_id: id });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: { first_name: string; is_admin: boolean } }>().user).toMatchObject({
      first_name: 'Janet',
      is_admin: true,
    });
    const logs = (await admin.get(`${base()}/${id}/change_logs`)).json<{
      change_logs: { deltas: { changed?: Record<string, unknown> } }[];
    }>();
    expect(logs.change_logs[0]!.deltas.changed).toEqual({ first_name: ['Jane', 'Janet'], is_admin: [false, true] });
    expect((await admin.put(`${base()}/${id}`, { user: {}, user_id: id + 1 })).statusCode).toBe(422);
    expect((await admin.put(`${base()}/${id}`, { user: { status: -1 } })).statusCode).toBe(422);
  });

  it('changes groups through PUT, with the membership deltas', async () => {
    const g1 = await createGroup(t.deps, f.orgA.id);
    const g2 = await createGroup(t.deps, f.orgA.id);
    const id = (await admin.post(base(), { user: newUser({ group_ids: [g1.id] }) })).json<{ user: { id: number } }>()
      .user.id;
    const res = await admin.put(`${base()}/${id}`, { user: { group_ids: [g2.id] }, user_id: id });
    expect(res.json<{ user: { groups: { id: number }[] } }>().user.groups.map((g) => g.id)).toEqual([g2.id]);
    const [entry] = (await admin.get(`${base()}/${id}/change_logs`)).json<{
      change_logs: { deltas: Record<string, unknown> }[];
    }>().change_logs;
    expect(entry!.deltas).toEqual({
      user_membership_groups_added: [{ name: g2.name }],
      user_membership_groups_removed: [{ name: g1.name }],
    });
    const foreign = await createGroup(t.deps, f.orgB.id);
    expect((await admin.put(`${base()}/${id}`, { user: { group_ids: [foreign.id] } })).statusCode).toBe(422);
  });

  it('an admin cannot deactivate, delete or un-admin themselves', async () => {
    const me = `${base()}/${f.adminA.id}`;
    expect((await admin.put(me, { user: { status: 2 } })).statusCode).toBe(422);
    expect((await admin.put(me, { user: { is_admin: false } })).statusCode).toBe(422);
    expect((await admin.delete(me)).statusCode).toBe(422);
  });

  it('shows the settings and the user logs', async () => {
    const res = await admin.get(`${base()}/${f.userA.id}/settings`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ settings: object }>().settings).toBeTypeOf('object');
    expect((await admin.get(`${base()}/${f.userA.id}/user_logs`)).statusCode).toBe(200);
  });
});

describe('users: deactivating and deleting', () => {
  it('deactivation ends their sessions at once (401 next) and is logged', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const agent = await t.signIn(u.username, u.password);
    expect((await agent.get('/api/sessions')).json<{ valid: boolean }>().valid).toBe(true);
    expect((await admin.put(`${base()}/${u.id}`, { user: { status: 2 }, user_id: u.id })).statusCode).toBe(200);
    expect((await agent.get(`/api/o/${f.orgA.id}/tasks`)).statusCode).toBe(401);
    const left = await rows<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${u.id}`);
    expect(left[0]!.n).toBe(0);
    const logs = (await admin.get(`${base()}/${u.id}/user_logs`)).json<{ user_logs: { action: string }[] }>();
    expect(logs.user_logs[0]!.action).toBe('Deactivated');
    const inactive = await admin.get(`${base()}?inactive=true&search=${encodeURIComponent(u.username)}`);
    expect(inactive.json<{ total: number }>().total).toBe(1);
  });

  it('a deleted user leaves the lists and their next request is refused', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const agent = await t.signIn(u.username, u.password);
    const res = await admin.delete(`${base()}/${u.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toBe('Record deleted successfully!');
    expect((await agent.get(`/api/o/${f.orgA.id}/tasks`)).statusCode).toBe(401);
    expect((await admin.get(`${base()}/${u.id}`)).statusCode).toBe(404);
    const all = (await admin.get(`${base()}?bypass_val=true`)).json<{ users: { id: number }[] }>();
    expect(all.users.some((x) => x.id === u.id)).toBe(false);
    expect(
      (
        await t
          .anonymous()
          .post('/api/auth/developer/login', { credentials: { login: u.username, password: u.password } })
      ).statusCode,
    ).not.toBe(200);
  });

  it("a deleted user's e-mail is refused saying so, not as someone the admin cannot find", async () => {
    const u = await createUser(t.deps, f.orgA.id);
    expect((await admin.delete(`${base()}/${u.id}`)).statusCode).toBe(200);
    const again = await admin.post(base(), { user: newUser({ email: u.email.toUpperCase() }) });
    expect(again.statusCode).toBe(422);
    expect(again.json<{ errors: string[] }>().errors).toEqual([
      `The email ${u.email.toUpperCase()} belonged to a user who was deleted from this organization; use another.`,
    ]);
  });
});
