import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorLogs } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createOrg, createStaff, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

/**
 * Signing out closes the visitor log of the session signed out of, never another: before, it closed
 * the user's newest open log, which could be a staff member's login-as visit begun after the user's
 * own sign-in, or the user's other browser.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function logsOf(orgId: number, userId: number) {
  return withSystem(t.deps.database.db, (tx) =>
    tx
      .select({ sudoerId: visitorLogs.sudoerId, signedOutAt: visitorLogs.signedOutAt })
      .from(visitorLogs)
      .where(and(eq(visitorLogs.orgId, orgId), eq(visitorLogs.userId, userId)))
      .orderBy(asc(visitorLogs.id)),
  );
}

async function loginAs(user: TestUser): Promise<{ agent: Agent; staffId: number }> {
  const staff = await createStaff(t.deps, '4');
  const agent = await t.signIn(staff.username, staff.password);
  const generated = await agent.get(`/api/auth/developer/sudo_login_generate_url?user_id=${user.id}`);
  expect(generated.statusCode).toBe(200);
  const token = new URL(generated.json<{ url: string }>().url, 'http://tenet.test').searchParams.get('token');
  expect((await agent.post('/api/auth/developer/sudo_login', { user_id: user.id, token })).statusCode).toBe(200);
  return { agent, staffId: staff.id };
}

describe('signing out and the visitor logs', () => {
  it("a user's own sign-out leaves a login-as visit begun after it open, and that visit's sign-out closes it", async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const own = await t.signIn(user.username, user.password);
    t.clock.advance(60_000);
    const { agent: staff, staffId } = await loginAs(user);
    t.clock.advance(60_000);

    expect((await own.delete('/api/sessions')).statusCode).toBe(204);
    const afterOwn = await logsOf(org.id, user.id);
    expect(afterOwn.map((l) => [l.sudoerId, l.signedOutAt !== null])).toEqual([
      [null, true],
      [staffId, false],
    ]);

    expect((await staff.delete('/api/sessions')).statusCode).toBe(204);
    expect((await logsOf(org.id, user.id)).every((l) => l.signedOutAt !== null)).toBe(true);
  });

  it('of two browsers of one user, the one signing out closes its own log', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const first = await t.signIn(user.username, user.password);
    t.clock.advance(60_000);
    const second = await t.signIn(user.username, user.password);

    expect((await first.delete('/api/sessions')).statusCode).toBe(204);
    expect((await logsOf(org.id, user.id)).map((l) => l.signedOutAt !== null)).toEqual([true, false]);
    expect((await second.get('/api/sessions')).json().valid).toBe(true);
  });

  it('closes a log written before logs named their session, the newest of the same sudoer', async () => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const own = await t.signIn(user.username, user.password);
    t.clock.advance(60_000);
    await loginAs(user);
    await withSystem(t.deps.database.db, (tx) =>
      tx.update(visitorLogs).set({ sessionId: null }).where(eq(visitorLogs.userId, user.id)),
    );

    expect((await own.delete('/api/sessions')).statusCode).toBe(204);
    expect((await logsOf(org.id, user.id)).map((l) => l.signedOutAt !== null)).toEqual([true, false]);
  });
});
