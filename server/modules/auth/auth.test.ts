import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../shared/api/errors';
import { createOrg, createStaff, createUser, type TestOrg, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let org: TestOrg;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: 3, loginLockMinutes: 15 });
  org = await createOrg(t.deps, { tokenTimeout: 20 });
  user = await createUser(t.deps, org.id, { isAdmin: true });
});
afterAll(async () => t.close());

describe('sign-in', () => {
  it('signs in by username and reports the session fields of the spec', async () => {
    const agent = await t.signIn(user.username, user.password);
    const res = await agent.get('/api/sessions');
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({
      valid: true,
      org: { id: org.id, name: org.name, tenant: org.tenant },
      current_org: org.id,
      hstm: '',
      admin: true,
      p_owner: false,
      binder_or_folder_owner: false,
      sudo: false,
      sudoer: null,
      token_timeout: 20,
      tenant: org.tenant,
      app_version: '1.18.1',
      isHstmUser: false,
    });
    expect(typeof session.loggedInAt).toBe('string');
  });

  it('signs in by e-mail, case-insensitively, and issues a new session id every time', async () => {
    const first = await t.signIn(user.email.toUpperCase(), user.password);
    const second = await t.signIn(user.email, user.password);
    expect(first.cookies[SESSION_COOKIE]).toBeDefined();
    expect(first.cookies[SESSION_COOKIE]).not.toBe(second.cookies[SESSION_COOKIE]);
  });

  it('refuses a wrong password with the spec message and no session', async () => {
    const agent = t.anonymous();
    const res = await agent.post('/api/auth/developer/login', { credentials: { login: user.username, password: 'nope-nope-1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errors: ['Your login credentials are incorrect'], custom_error: 'invalid_credentials' });
    expect(agent.cookies[SESSION_COOKIE]).toBeUndefined();
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const res = await t.anonymous().post('/api/auth/developer/login', { credentials: { login: 'nobody.here', password: 'whatever1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors).toEqual(['Your login credentials are incorrect']);
  });

  it('locks the account after repeated failures, even for the right password, until the lock ends', async () => {
    const victim = await createUser(t.deps, org.id);
    const agent = t.anonymous();
    const attempt = () => agent.post('/api/auth/developer/login', { credentials: { login: victim.username, password: 'wrong-pass-1' } });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const locked = await attempt();
    expect(locked.statusCode).toBe(423);
    expect(locked.json().errors[0]).toMatch(/locked for 15 minutes/);
    const right = await agent.post('/api/auth/developer/login', { credentials: { login: victim.username, password: victim.password } });
    expect(right.statusCode).toBe(423);
    t.clock.advance(16 * 60_000);
    const later = await agent.post('/api/auth/developer/login', { credentials: { login: victim.username, password: victim.password } });
    expect(later.statusCode).toBe(200);
  }, 20_000);

  it('refuses users of disabled or locked organisations and inactive or deleted users, each clearly', async () => {
    const disabled = await createOrg(t.deps, { status: 0 });
    const lockedOrg = await createOrg(t.deps, { status: 2 });
    const a = await createUser(t.deps, disabled.id);
    const b = await createUser(t.deps, lockedOrg.id);
    const c = await createUser(t.deps, org.id, { status: 2 });
    const d = await createUser(t.deps, org.id, { status: -1 });
    const login = (u: TestUser) => t.anonymous().post('/api/auth/developer/login', { credentials: { login: u.username, password: u.password } });
    expect((await login(a)).json()).toMatchObject({ custom_error: 'org_disabled' });
    expect((await login(b)).json()).toMatchObject({ custom_error: 'org_locked' });
    expect((await login(c)).json()).toMatchObject({ custom_error: 'user_inactive' });
    expect((await login(d)).statusCode).toBe(401);
  });

  it('rejects bad input with 422 and sentences', async () => {
    const res = await t.anonymous().post('/api/auth/developer/login', { credentials: { login: '' }, extra: true });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as string[];
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e).toMatch(/^[A-Z]/);
  });

  it('scopes sign-in to a tenant when one is given', async () => {
    const other = await createOrg(t.deps);
    const res = await t.anonymous().post('/api/auth/developer/login', {
      credentials: { login: user.username, password: user.password },
      tenant: other.tenant,
    });
    expect(res.statusCode).toBe(401);
    const ok = await t.signIn(user.username, user.password, org.tenant);
    expect((await ok.get('/api/sessions')).json().valid).toBe(true);
  });
});

describe('sessions', () => {
  it('ends the session after the organisation timeout of inactivity', async () => {
    const agent = await t.signIn(user.username, user.password);
    t.clock.advance(19 * 60_000);
    expect((await agent.get('/api/sessions')).json().valid).toBe(true);
    t.clock.advance(19 * 60_000);
    expect((await agent.get('/api/sessions')).json().valid).toBe(true);
    t.clock.advance(21 * 60_000);
    expect((await agent.get('/api/sessions')).json().valid).toBe(false);
  });

  it('ends the session at its absolute lifetime even when active', async () => {
    const agent = await t.signIn(user.username, user.password);
    for (let i = 0; i < 13; i++) {
      t.clock.advance(59 * 60_000);
      await agent.get('/api/sessions');
      t.clock.advance(60_000);
    }
    expect((await agent.get('/api/sessions')).json().valid).toBe(false);
  });

  it('signs out: the session no longer works', async () => {
    const agent = await t.signIn(user.username, user.password);
    const cookie = agent.cookies[SESSION_COOKIE];
    expect((await agent.delete('/api/sessions')).statusCode).toBe(204);
    const replay = await t.app.inject({ method: 'GET', url: '/api/self/notifications', headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('provider staff get their permission string and isHstmUser', async () => {
    const staff = await createStaff(t.deps, '2 5');
    const agent = await t.signIn(staff.username, staff.password);
    expect((await agent.get('/api/sessions')).json()).toMatchObject({ valid: true, hstm: '2 5', isHstmUser: true, org: null });
  });

  it('tenant page and tenant logout', async () => {
    const agent = await t.signIn(user.username, user.password);
    const info = await agent.get(`/api/t/${org.tenant}?host=example.org`);
    expect(info.json()).toMatchObject({ tenant: org.tenant, name: org.name });
    expect((await agent.get('/api/t/no-such-tenant')).statusCode).toBe(404);
    const out = await agent.get(`/api/t/${org.tenant}/logout`);
    expect(out.json()).toEqual({ logoutUrl: `/t/${org.tenant}` });
    expect((await agent.get('/api/sessions')).json().valid).toBe(false);
  });

  it('community URL needs a session', async () => {
    expect((await t.anonymous().get('/api/community/generate_url')).statusCode).toBe(401);
    const agent = await t.signIn(user.username, user.password);
    expect((await agent.get('/api/community/generate_url')).json().url).toMatch(/^https:\/\//);
  });
});

describe('cross-site request protection', () => {
  it('refuses a state-changing request without the token header, and changes nothing', async () => {
    const agent = await t.signIn(user.username, user.password);
    const res = await agent.raw({ method: 'DELETE', url: '/api/sessions' });
    expect(res.statusCode).toBe(403);
    expect(res.json().custom_error).toBe('csrf');
    expect((await agent.get('/api/sessions')).json().valid).toBe(true);
    const wrong = await agent.raw({ method: 'DELETE', url: '/api/sessions', headers: { 'x-xsrf-token': 'forged' } });
    expect(wrong.statusCode).toBe(403);
  });
});

describe('error contract', () => {
  it('malformed JSON is a 400 with a sentence and a request id', async () => {
    const agent = t.anonymous();
    await agent.get('/api/sessions');
    const res = await agent.post('/api/auth/developer/login', '{bad', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['The request body is not valid JSON.']);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('an over-long field and an unknown field each get a clear sentence', async () => {
    const res = await t.anonymous().post('/api/auth/developer/login', {
      credentials: { login: 'x'.repeat(300), password: 'p' },
      surprise: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(expect.arrayContaining(['Login must be at most 255 characters.', 'Unknown field: surprise.']));
  });

  it('a body over the limit is 413', async () => {
    const res = await t.anonymous().post('/api/auth/developer/login', { credentials: { login: 'a', password: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.anonymous().get('/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toMatch(/does not exist/);
  });

  it('serves the version file as plain text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.txt?timestamp=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toBe('1.18.1');
  });
});
