import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

/**
 * Account takeover through user management (2): a staff user may edit (any field), deactivate,
 * delete or send a set-password e-mail to another staff user only if they hold every permission
 * that user holds. Otherwise a 2 could put their own address on a colleague who holds login as
 * (4), re-send the welcome e-mail, set the password from it and sign in as that colleague.
 */
let t: TestApp;
/** User management only. */
let weak: Agent;
let weakId: number;
/** All four. */
let strong: Agent;

beforeAll(async () => {
  t = await createTestApp();
  const w = await createStaff(t.deps, '2');
  weakId = w.id;
  weak = await t.signIn(w.username, w.password);
  const s = await createStaff(t.deps, '2 3 4 5');
  strong = await t.signIn(s.username, s.password);
});
afterAll(async () => t.close());

const BASE = '/api/hstm/hstm_users';
const outranked = (labels: string) =>
  'You can only edit, deactivate, delete or send a welcome email to staff users who hold no permissions beyond ' +
  `your own. You do not hold: ${labels}.`;
const uniq = () => Math.random().toString(16).slice(2, 8);
const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: string[] }>().errors;
const rows = <T>(q: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, q));

interface StoredStaff {
  name: string;
  email: string;
  username: string;
  permissions: string;
  status: number;
}
/** The row as stored, read past the API so a refused change cannot hide behind a refused read. */
async function stored(id: number): Promise<StoredStaff> {
  const [row] = await rows<StoredStaff>(
    sql`select name, email, username, permissions, status from hstm_users where id = ${id}`,
  );
  if (!row) throw new Error(`No staff user ${id}.`);
  return row;
}
/** Mail queued to an address, and set-password links made for a staff user: the outbox as the tests read it. */
async function mailCount(email: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from mail_outbox where lower(to_address) = lower(${email})`,
  );
  return row!.n;
}
async function linkCount(id: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from staff_password_tokens where hstm_user_id = ${id}`,
  );
  return row!.n;
}
const attackerEmail = () => `taker.${uniq()}@example.com`;

describe('a staff user with user management only, and a colleague who holds login as (2 4)', () => {
  it('403 for changing their e-mail address, or any other field; nothing changes', async () => {
    const target = await createStaff(t.deps, '2 4');
    const before = await stored(target.id);
    const mine = attackerEmail();
    for (const user of [
      { email: mine },
      // The edit form sends every field: the permissions unchanged do not make the change allowed.
      { name: before.name, email: mine, username: before.username, permissions: '2 4', status: 1 },
      { name: 'Renamed By A Colleague' },
      { username: `taken.${uniq()}` },
      { permissions: '2' },
    ]) {
      const res = await weak.put(`${BASE}/${target.id}`, { user, user_id: target.id });
      expect(res.statusCode, JSON.stringify(user)).toBe(403);
      expect(errorsOf(res)).toEqual([outranked('Login as another user')]);
      // The rule and the editor's missing permission only: nothing of the other staff user.
      expect(res.body).not.toContain(before.username);
      expect(res.body).not.toContain(before.email);
    }
    expect(await stored(target.id)).toEqual(before);
  });

  it('403 for deactivating them; they stay active and signed in', async () => {
    const target = await createStaff(t.deps, '2 4');
    const theirSession = await t.signIn(target.username, target.password);
    const res = await weak.put(`${BASE}/${target.id}`, { user: { status: 2 } });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)).toEqual([outranked('Login as another user')]);
    expect((await stored(target.id)).status).toBe(1);
    expect((await theirSession.get(BASE)).statusCode).toBe(200);
  });

  it('403 for deleting them; they stay, and stay signed in', async () => {
    const target = await createStaff(t.deps, '2 4');
    const theirSession = await t.signIn(target.username, target.password);
    const res = await weak.delete(`${BASE}/${target.id}`);
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)).toEqual([outranked('Login as another user')]);
    expect((await stored(target.id)).status).toBe(1);
    expect((await weak.get(`${BASE}/${target.id}`)).statusCode).toBe(200);
    expect((await theirSession.get(BASE)).statusCode).toBe(200);
  });

  it('403 for re-sending their welcome e-mail: no mail is queued and no link is made', async () => {
    const target = await createStaff(t.deps, '2 4');
    const { email } = await stored(target.id);
    const res = await weak.post(`${BASE}/${target.id}/resend_welcome_email`);
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)).toEqual([outranked('Login as another user')]);
    expect(await mailCount(email)).toBe(0);
    expect(await linkCount(target.id)).toBe(0);
  });

  it('the takeover as a whole fails: e-mail changed to their own, welcome re-sent, no link reaches them', async () => {
    const target = await createStaff(t.deps, '2 4');
    const mine = attackerEmail();
    expect((await weak.put(`${BASE}/${target.id}`, { user: { email: mine } })).statusCode).toBe(403);
    expect((await weak.post(`${BASE}/${target.id}/resend_welcome_email`)).statusCode).toBe(403);
    expect(await mailCount(mine)).toBe(0);
    expect(await linkCount(target.id)).toBe(0);
  });

  it('names every permission the editor lacks, and the same for an inactive colleague', async () => {
    const target = await createStaff(t.deps, '2 3 4 5');
    let res = await weak.post(`${BASE}/${target.id}/resend_welcome_email`);
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)).toEqual([outranked('Org management, Login as another user, Developer tools')]);
    // Inactive, they still hold their permissions: reactivating them would hand those back.
    expect((await strong.put(`${BASE}/${target.id}`, { user: { status: 2 } })).statusCode).toBe(200);
    res = await weak.put(`${BASE}/${target.id}`, { user: { status: 1, email: attackerEmail() } });
    expect(res.statusCode).toBe(403);
    expect((await stored(target.id)).status).toBe(2);
  });

  it('404, not 403, for ids that do not exist', async () => {
    for (const res of [
      await weak.put(`${BASE}/2000000000`, { user: { name: 'X' } }),
      await weak.delete(`${BASE}/2000000000`),
      await weak.post(`${BASE}/2000000000/resend_welcome_email`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorsOf(res)).toEqual(['The staff user was not found.']);
    }
  });
});

describe('the same actions, allowed', () => {
  /** E-mail changed, welcome re-sent (and received at the new address), deactivated, active again, deleted. */
  async function allActions(agent: Agent, permissions: string): Promise<void> {
    const target = await createStaff(t.deps, permissions);
    const email = attackerEmail();
    let res = await agent.put(`${BASE}/${target.id}`, { user: { email }, user_id: target.id });
    expect(res.statusCode, permissions).toBe(200);
    expect((await stored(target.id)).email).toBe(email);
    res = await agent.post(`${BASE}/${target.id}/resend_welcome_email`);
    expect(res.statusCode, permissions).toBe(200);
    expect(await mailCount(email)).toBe(1);
    expect(await linkCount(target.id)).toBe(1);
    res = await agent.put(`${BASE}/${target.id}`, { user: { status: 2 } });
    expect(res.statusCode, permissions).toBe(200);
    res = await agent.put(`${BASE}/${target.id}`, { user: { status: 1 } });
    expect(res.statusCode, permissions).toBe(200);
    res = await agent.delete(`${BASE}/${target.id}`);
    expect(res.statusCode, permissions).toBe(200);
    expect((await stored(target.id)).status).toBe(-1);
  }

  it('a staff user with user management only, on a colleague with user management only (or none)', async () => {
    await allActions(weak, '2');
    await allActions(weak, '');
  });

  it('a staff user with all four, on a colleague with login as, or with all four', async () => {
    await allActions(strong, '2 4');
    await allActions(strong, '2 3 4 5');
  });

  it('a staff user still edits their own details and re-sends their own welcome e-mail', async () => {
    let res = await weak.put(`${BASE}/${weakId}`, { user: { name: 'Wendy Weak', permissions: '2' } });
    expect(res.statusCode).toBe(200);
    res = await weak.post(`${BASE}/${weakId}/resend_welcome_email`);
    expect(res.statusCode).toBe(200);
  });
});
