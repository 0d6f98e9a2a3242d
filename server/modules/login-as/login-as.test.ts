import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '../../../shared/api/errors';
import { OrgStatus, UserStatus } from '../../../shared/domain/statuses';
import { loginAsTokens, organizations, orgUsers, visitorLogs } from '../../db/schema/index';
import { createOrg, createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { SUDOER_COOKIE } from '../auth/sudoer-cookie';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const GENERATE = '/api/auth/developer/sudo_login_generate_url';
const EXCHANGE = '/api/auth/developer/sudo_login';

async function staffAgent(permissions = '4'): Promise<{ agent: Agent; id: number }> {
  const staff = await createStaff(t.deps, permissions);
  return { agent: await t.signIn(staff.username, staff.password), id: staff.id };
}

/** The token and user id of a generated link. */
function parse(url: string): { userId: number; token: string } {
  const parsed = new URL(url, 'http://tenet.test');
  const [, , , userId] = parsed.pathname.split('/');
  return { userId: Number(userId), token: parsed.searchParams.get('token') ?? '' };
}

async function target() {
  const org = await createOrg(t.deps);
  const user = await createUser(t.deps, org.id);
  return { org, user };
}

describe('GET auth/developer/sudo_login_generate_url', () => {
  it('401 signed out, 403 org user, 403 staff without permission 4, 422 bad id, 404 unknown user', async () => {
    const { org, user } = await target();
    expect((await t.anonymous().get(`${GENERATE}?user_id=${user.id}`)).statusCode).toBe(401);
    const admin = await createUser(t.deps, org.id, { isAdmin: true });
    const orgAgent = await t.signIn(admin.username, admin.password);
    expect((await orgAgent.get(`${GENERATE}?user_id=${user.id}`)).statusCode).toBe(403);
    const { agent: without } = await staffAgent('2 3 5');
    expect((await without.get(`${GENERATE}?user_id=${user.id}`)).statusCode).toBe(403);
    const { agent } = await staffAgent();
    const bad = await agent.get(`${GENERATE}?user_id=abc`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.length).toBeGreaterThan(0);
    expect((await agent.get(`${GENERATE}?user_id=999999`)).statusCode).toBe(404);
  });

  it('answers a one-time url with a 32-byte token stored only as its hash', async () => {
    const { user } = await target();
    const { agent } = await staffAgent();
    const res = await agent.get(`${GENERATE}?user_id=${user.id}`);
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^/hstm/login_as/${user.id}/[^/?]+\\?token=[A-Za-z0-9_-]{43}$`));
    const { token } = parse(url);
    const rows = await t.deps.database.db.select().from(loginAsTokens).where(eq(loginAsTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - t.clock.now().getTime()).toBe(2 * 60_000);
  });

  it('refuses an inactive or deleted user and a disabled or locked organisation', async () => {
    const { agent } = await staffAgent();
    const org = await createOrg(t.deps);
    const inactive = await createUser(t.deps, org.id, { status: UserStatus.Inactive });
    const deleted = await createUser(t.deps, org.id, { status: UserStatus.Deleted });
    expect((await agent.get(`${GENERATE}?user_id=${inactive.id}`)).statusCode).toBe(422);
    expect((await agent.get(`${GENERATE}?user_id=${deleted.id}`)).statusCode).toBe(404);
    for (const status of [OrgStatus.Disabled, OrgStatus.Locked]) {
      const closed = await createOrg(t.deps, { status });
      const user = await createUser(t.deps, closed.id);
      const res = await agent.get(`${GENERATE}?user_id=${user.id}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatch(/disabled or locked/);
    }
  });
});

describe('POST auth/developer/sudo_login', () => {
  async function link(agent: Agent, userId: number): Promise<{ userId: number; token: string }> {
    const res = await agent.get(`${GENERATE}?user_id=${userId}`);
    expect(res.statusCode).toBe(200);
    return parse(res.json<{ url: string }>().url);
  }

  it('opens an org session that carries the sudoer, logs both identities, and lands in the library', async () => {
    const { org, user } = await target();
    const { agent, id: staffId } = await staffAgent();
    const staffToken = agent.cookies[SESSION_COOKIE];
    const body = await link(agent, user.id);
    const res = await agent.post(EXCHANGE, { user_id: body.userId, token: body.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect: `/orgs/${org.id}/pnps` });
    const session = (await agent.get('/api/sessions')).json();
    expect(session).toMatchObject({ valid: true, sudo: true, current_org: org.id, isHstmUser: false });
    expect(session.sudoer.id).toBe(staffId);
    expect(session.user.id).toBe(user.id);
    const logs = await t.deps.database.db
      .select()
      .from(visitorLogs)
      .where(and(eq(visitorLogs.orgId, org.id), eq(visitorLogs.userId, user.id)));
    expect(logs.map((l) => l.sudoerId)).toEqual([staffId]);
    // The login-as session cannot be used to sign in as someone else (no chaining).
    const { user: other } = await target();
    expect((await agent.get(`${GENERATE}?user_id=${other.id}`)).statusCode).toBe(403);
    expect((await agent.post(EXCHANGE, { user_id: other.id, token: body.token })).statusCode).toBe(403);
    // Signing out returns to the staff session.
    expect(agent.cookies[SUDOER_COOKIE]).toBe(staffToken);
    expect((await agent.delete('/api/sessions')).statusCode).toBe(204);
    const back = (await agent.get('/api/sessions')).json();
    expect(back).toMatchObject({ valid: true, isHstmUser: true, sudo: false });
    expect(back.user.id).toBe(staffId);
  });

  it('refuses a wrong token, a reused one, an expired one and another staff user’s', async () => {
    const { user } = await target();
    const { agent } = await staffAgent();
    const wrong = await agent.post(EXCHANGE, { user_id: user.id, token: 'not-a-token' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().custom_error).toBe('login_as_invalid');

    const first = await link(agent, user.id);
    // The token belongs to this user only.
    const { user: someoneElse } = await target();
    expect((await agent.post(EXCHANGE, { user_id: someoneElse.id, token: first.token })).json().custom_error).toBe(
      'login_as_invalid',
    );
    const { agent: again } = await staffAgent();
    const reuseFirst = await link(again, user.id);
    expect((await again.post(EXCHANGE, { user_id: user.id, token: reuseFirst.token })).statusCode).toBe(200);
    const { agent: third } = await staffAgent();
    // Another staff user's link is refused, and spent by the attempt.
    const mine = await link(agent, user.id);
    const stolen = await third.post(EXCHANGE, { user_id: user.id, token: mine.token });
    expect(stolen.json().custom_error).toBe('login_as_other_staff');
    expect((await agent.post(EXCHANGE, { user_id: user.id, token: mine.token })).json().custom_error).toBe(
      'login_as_used',
    );
    // Reused: the first exchange worked; the same staff user, signed in again, cannot use it twice.
    const staff = await createStaff(t.deps, '4');
    const fourth = await t.signIn(staff.username, staff.password);
    const once = await link(fourth, user.id);
    expect((await fourth.post(EXCHANGE, { user_id: user.id, token: once.token })).statusCode).toBe(200);
    const fifth = await t.signIn(staff.username, staff.password);
    const reused = await fifth.post(EXCHANGE, { user_id: user.id, token: once.token });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().custom_error).toBe('login_as_used');
    // Expired after two minutes.
    const late = await link(fifth, user.id);
    t.clock.advance(2 * 60_000 + 1);
    const expired = await fifth.post(EXCHANGE, { user_id: user.id, token: late.token });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().custom_error).toBe('login_as_expired');
  });

  it('refuses when the user became inactive or the organisation was disabled after the link was made', async () => {
    const { agent } = await staffAgent();
    const a = await target();
    const inactiveLink = await link(agent, a.user.id);
    await t.deps.database.db.update(orgUsers).set({ status: UserStatus.Inactive }).where(eq(orgUsers.id, a.user.id));
    expect((await agent.post(EXCHANGE, { user_id: a.user.id, token: inactiveLink.token })).statusCode).toBe(422);
    const b = await target();
    const disabledLink = await link(agent, b.user.id);
    await t.deps.database.db
      .update(organizations)
      .set({ status: OrgStatus.Disabled })
      .where(eq(organizations.id, b.org.id));
    const res = await agent.post(EXCHANGE, { user_id: b.user.id, token: disabledLink.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatch(/disabled or locked/);
    expect((await agent.get('/api/sessions')).json().isHstmUser).toBe(true);
  });

  it('401 signed out, 403 org user, 422 bad body', async () => {
    const { user } = await target();
    expect((await t.anonymous().post(EXCHANGE, { user_id: user.id, token: 'x' })).statusCode).toBe(401);
    const orgAgent = await t.signIn(user.username, user.password);
    expect((await orgAgent.post(EXCHANGE, { user_id: user.id, token: 'x' })).statusCode).toBe(403);
    const { agent } = await staffAgent();
    const bad = await agent.post(EXCHANGE, { user_id: 'zero', token: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.length).toBeGreaterThan(0);
  });

  it('a locked organisation refuses sign-in and ends a live session on its next request', async () => {
    const { org, user } = await target();
    const agent = await t.signIn(user.username, user.password);
    await t.deps.database.db
      .update(organizations)
      .set({ status: OrgStatus.Locked })
      .where(eq(organizations.id, org.id));
    expect((await agent.get(`/api/o/${org.id}/library/filter_options`)).statusCode).toBe(401);
    const res = await t.anonymous().post('/api/auth/developer/login', {
      credentials: { login: user.username, password: user.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ custom_error: 'org_locked' });
  });
});
