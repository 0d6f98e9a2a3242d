import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX } from '../../../shared/api/primitives';
import type { UserLogList, UserResponse } from '../../../shared/api/users';
import { createTwoOrgs } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

/**
 * GET /o/{org}/users/{id}/user_logs (spec §7 'Users'). Signed out (401), a user who is not an admin
 * (403) and another organisation's user (404) are users.test.ts's 'who may call' for every users
 * route; here are the id's validation, an id no user has, and what the list holds.
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof createTwoOrgs>>;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  f = await createTwoOrgs(t.deps);
  admin = await t.signIn(f.adminA.username, f.adminA.password);
});
afterAll(async () => t.close());

const base = () => `/api/o/${f.orgA.id}/users`;
const logsOf = (id: number | string) => admin.get(`${base()}/${id}/user_logs`);
const uniq = () => Math.random().toString(16).slice(2, 8);
const MINUTE = 60_000;

describe('user logs: the id', () => {
  it('422 for an id that is not a positive whole number, with the sentence', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', String(ID_MAX + 1)]) {
      const res = await logsOf(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json<{ errors: string[] }>().errors, bad).toEqual(['The user id must be a positive whole number.']);
    }
  });

  it('404 for an id no user of the organisation has', async () => {
    expect((await logsOf(ID_MAX)).statusCode).toBe(404);
  });
});

describe('user logs: what they list', () => {
  it('creation, invitation and deactivation, newest first, with who did it and the details', async () => {
    const s = uniq();
    const created = await admin.post(base(), {
      user: { first_name: 'Lou', last_name: `Logs ${s}`, email: `lou.${s}@example.com`, username: `lou.${s}` },
    });
    expect(created.statusCode).toBe(201);
    const { user } = created.json<UserResponse>();

    t.clock.advance(MINUTE);
    const invited = await admin.post(`${base()}/${user.id}/send_welcome_email`, { user_id: user.id });
    expect(invited.statusCode).toBe(200);
    t.clock.advance(MINUTE);
    const deactivated = await admin.put(`${base()}/${user.id}`, { user: { status: 2 }, user_id: user.id });
    expect(deactivated.statusCode).toBe(200);

    const res = await logsOf(user.id);
    expect(res.statusCode).toBe(200);
    const logs = res.json<UserLogList>().user_logs;
    expect(logs.map((l) => l.action)).toEqual(['Deactivated', 'Welcome Email Sent', 'Created']);
    const [deactivation, invitation, creation] = logs;
    expect(creation!.details).toEqual({ by: f.adminA.name });
    expect(invitation!.details).toMatchObject({ by: f.adminA.name, bulk: false });
    expect(deactivation!.details).toMatchObject({ by: f.adminA.name, from: 'Active', sessions_ended: 0 });
    // ISO times, each a minute after the one below it.
    const times = logs.map((l) => Date.parse(l.created_at));
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect(times[0]! - times[1]!).toBe(MINUTE);
    expect(times[1]! - times[2]!).toBe(MINUTE);
    expect(new Set(logs.map((l) => l.id)).size).toBe(3);
  });

  it("lists only that user's entries; a user with none has an empty list", async () => {
    const s = uniq();
    const other = (
      await admin.post(base(), {
        user: { first_name: 'Oli', last_name: `Other ${s}`, email: `oli.${s}@example.com`, username: `oli.${s}` },
      })
    ).json<UserResponse>().user;
    const res = await logsOf(other.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<UserLogList>().user_logs.map((l) => l.action)).toEqual(['Created']);

    // The factory's user was written straight to the database: nothing was logged for them.
    const none = await logsOf(f.userA.id);
    expect(none.statusCode).toBe(200);
    expect(none.json<UserLogList>()).toEqual({ user_logs: [] });
  });
});
