import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { changeLogs, userSettings } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createOrg, createStaff, createUser, type TestOrg } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
});
afterAll(async () => t.close());

const stored = async (orgId: number, userId: number) => {
  const [row] = await withSystem(t.deps.database.db, (tx) =>
    tx
      .select()
      .from(userSettings)
      .where(and(eq(userSettings.orgId, orgId), eq(userSettings.userId, userId))),
  );
  return row?.settings;
};

describe('GET/PUT self/settings', () => {
  it('401 without a session; 403 for provider staff', async () => {
    expect((await t.anonymous().get('/api/self/settings')).statusCode).toBe(401);
    expect(
      (await t.anonymous().put('/api/self/settings', { settings: { ntfy_email_summary: 'none' } })).statusCode,
    ).toBe(401);
    const staff = await createStaff(t.deps);
    const agent = await t.signIn(staff.username, staff.password);
    expect((await agent.get('/api/self/settings')).statusCode).toBe(403);
  });

  it('shows the default until the user chooses, then keeps the choice and the other stored keys', async () => {
    const user = await createUser(t.deps, org.id);
    const agent = await t.signIn(user.username, user.password);
    expect((await agent.get('/api/self/settings')).json()).toEqual({ settings: { ntfy_email_summary: 'immediately' } });
    await withSystem(t.deps.database.db, (tx) =>
      tx.insert(userSettings).values({ orgId: org.id, userId: user.id, settings: { theme: 'dark' } }),
    );
    let res = await agent.put('/api/self/settings', { settings: { ntfy_email_summary: 'daily' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ settings: { ntfy_email_summary: 'daily' } });
    expect((await agent.get('/api/self/settings')).json()).toEqual({ settings: { ntfy_email_summary: 'daily' } });
    expect(await stored(org.id, user.id)).toEqual({ theme: 'dark', ntfy_email_summary: 'daily' });
    res = await agent.put('/api/self/settings', { settings: { ntfy_email_summary: 'none' } });
    expect(res.json()).toEqual({ settings: { ntfy_email_summary: 'none' } });
    // An empty change changes nothing.
    res = await agent.put('/api/self/settings', { settings: {} });
    expect(res.json()).toEqual({ settings: { ntfy_email_summary: 'none' } });
  });

  it("writes the user's change log with the old and new value as the Preferences screen names them, only when it changes", async () => {
    const user = await createUser(t.deps, org.id);
    const agent = await t.signIn(user.username, user.password);
    await agent.put('/api/self/settings', { settings: { ntfy_email_summary: 'daily' } });
    await agent.put('/api/self/settings', { settings: { ntfy_email_summary: 'daily' } });
    const logs = await withSystem(t.deps.database.db, (tx) =>
      tx
        .select()
        .from(changeLogs)
        .where(and(eq(changeLogs.orgId, org.id), eq(changeLogs.objectType, 'User'), eq(changeLogs.objectId, user.id))),
    );
    expect(logs.map((l) => [l.actionName, l.deltas, l.createdByUserId])).toEqual([
      ['Update', { changed: { ntfy_email_summary: ['Immediately', 'Daily summary'] } }, user.id],
    ]);
  });

  it('one user’s settings are theirs alone', async () => {
    const a = await createUser(t.deps, org.id);
    const b = await createUser(t.deps, org.id);
    const agentA = await t.signIn(a.username, a.password);
    const agentB = await t.signIn(b.username, b.password);
    await agentA.put('/api/self/settings', { settings: { ntfy_email_summary: 'none' } });
    expect((await agentB.get('/api/self/settings')).json().settings.ntfy_email_summary).toBe('immediately');
  });

  it('422 for anything but the known values, with the errors list; nothing stored', async () => {
    const user = await createUser(t.deps, org.id);
    const agent = await t.signIn(user.username, user.password);
    const bad = [
      { settings: { ntfy_email_summary: 'weekly' } },
      { settings: { ntfy_email_summary: 1 } },
      { settings: { ntfy_email_summary: null } },
      { settings: { unknown_setting: true } },
      { settings: 'daily' },
      { ntfy_email_summary: 'daily' },
      {},
    ];
    for (const body of bad) {
      const res = await agent.put('/api/self/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect(await stored(org.id, user.id)).toBeUndefined();
  });
});
