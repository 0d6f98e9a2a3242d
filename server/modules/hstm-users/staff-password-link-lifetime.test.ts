import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { StaffMessages } from '../../../shared/api/hstm-users';
import { SESSION_COOKIE } from '../../../shared/api/errors';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createOrg, createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

/**
 * How long a provider staff user's set-password link (the welcome e-mail's) stays good: as an org
 * user's does (`users/password-link-lifetime.test.ts`), it must stop working when the account it
 * was sent for is no longer the one the mailbox speaks for, and here the account carries staff
 * permissions (login as any organisation's user among them):
 *
 * - the staff user's e-mail address changes (whoever holds the old mailbox would otherwise set the
 *   password and sign in as them);
 * - the staff user is deactivated or deleted: a reactivation must not bring the link back, since
 *   it is checked against the status only when used.
 *
 * And a password set through a link ends the staff user's other sessions, and the login-as
 * sessions they opened, so a session opened with the old password (an attacker's) does not outlive it.
 */
let t: TestApp;
/** Holds every permission, so may edit, deactivate, delete and re-invite any staff user. */
let manager: Agent;

beforeAll(async () => {
  t = await createTestApp();
  const m = await createStaff(t.deps, '2 3 4 5');
  manager = await t.signIn(m.username, m.password);
});
afterAll(async () => t.close());

const BASE = '/api/hstm/hstm_users';
const NEW_PASSWORD = 'NewPassword42';
const uniq = () => Math.random().toString(16).slice(2, 8);
const rows = <T>(q: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, q));
const errorsOf = (res: LightMyRequestResponse) => res.json<{ errors: string[] }>().errors;

type StaffUnderTest = Awaited<ReturnType<typeof createStaff>>;

/** The staff user's stored address: where their welcome e-mail goes. */
async function storedEmail(staffId: number): Promise<string> {
  const [row] = await rows<{ email: string }>(sql`select email from hstm_users where id = ${staffId}`);
  return row!.email;
}

/** Has the manager re-send the staff user's welcome e-mail and reads its link's token from the mail outbox. */
async function sendLink(staff: StaffUnderTest): Promise<string> {
  const res = await manager.post(`${BASE}/${staff.id}/resend_welcome_email`);
  expect(res.statusCode).toBe(200);
  const [mail] = await rows<{ body_text: string }>(
    sql`select body_text from mail_outbox where to_address = ${await storedEmail(staff.id)} order by id desc limit 1`,
  );
  const token = /\/staff_set_password\/([\w-]+)/.exec(mail?.body_text ?? '')?.[1];
  expect(token).toBeTruthy();
  return token!;
}

const setPassword = (token: string, browser: Agent = t.anonymous()) =>
  browser.post('/api/auth/staff_set_password', { token, password: NEW_PASSWORD });

async function signInWorks(staff: StaffUnderTest, password: string): Promise<boolean> {
  const res = await t
    .anonymous()
    .post('/api/auth/developer/login', { credentials: { login: staff.username, password } });
  return res.statusCode === 200;
}

/** The link is refused as any spent link is, and the staff user's password is the one they had. */
async function expectRefused(token: string, staff: StaffUnderTest): Promise<void> {
  const res = await setPassword(token);
  expect(res.statusCode).toBe(422);
  expect(errorsOf(res)).toEqual([StaffMessages.linkRefused]);
  expect(await signInWorks(staff, NEW_PASSWORD)).toBe(false);
}

const unusedLinks = async (staffId: number): Promise<number> => {
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from staff_password_tokens where hstm_user_id = ${staffId} and used_at is null`,
  );
  return row!.n;
};

const newAddress = () => `moved.${uniq()}@example.com`;
const edit = async (staff: StaffUnderTest, user: Record<string, unknown>) => {
  const res = await manager.put(`${BASE}/${staff.id}`, { user, user_id: staff.id });
  expect(res.statusCode, JSON.stringify(user)).toBe(200);
};

describe('a staff set-password link sent before the e-mail address changed', () => {
  it('stops working when the address changes; a new invitation to the new one works', async () => {
    const staff = await createStaff(t.deps, '2 4');
    const oldLink = await sendLink(staff);
    await edit(staff, { email: newAddress() });
    await expectRefused(oldLink, staff);
    expect(await signInWorks(staff, staff.password)).toBe(true);

    const newLink = await sendLink(staff);
    expect((await setPassword(newLink)).statusCode).toBe(200);
    expect(await signInWorks(staff, NEW_PASSWORD)).toBe(true);
  });

  it('stops working when only the case of the address changes (the stored address is what changed)', async () => {
    const staff = await createStaff(t.deps, '2 4');
    const link = await sendLink(staff);
    await edit(staff, { email: (await storedEmail(staff.id)).toUpperCase() });
    await expectRefused(link, staff);
  });

  it('keeps working after an edit that sends every field with the address as it was', async () => {
    const staff = await createStaff(t.deps, '2 4');
    const link = await sendLink(staff);
    // What the edit form sends on every save.
    await edit(staff, {
      name: `Renamed ${uniq()}`,
      email: await storedEmail(staff.id),
      username: staff.username,
      permissions: '2 4',
      status: 1,
    });
    expect((await setPassword(link)).statusCode).toBe(200);
    expect(await signInWorks(staff, NEW_PASSWORD)).toBe(true);
  });
});

describe('a staff set-password link sent before the staff user left', () => {
  it('stays refused after they are deactivated and then reactivated; a new invitation works', async () => {
    const staff = await createStaff(t.deps, '2 4');
    const link = await sendLink(staff);
    await edit(staff, { status: 2 });
    await edit(staff, { status: 1 });
    await expectRefused(link, staff);
    // The way back is a new invitation.
    expect((await setPassword(await sendLink(staff))).statusCode).toBe(200);
  });

  it('is spent when they are deleted', async () => {
    const staff = await createStaff(t.deps, '2 4');
    await sendLink(staff);
    expect(await unusedLinks(staff.id)).toBe(1);
    expect((await manager.delete(`${BASE}/${staff.id}`)).statusCode).toBe(200);
    // A deleted staff user cannot be brought back through the API: the link itself is what must be spent.
    expect(await unusedLinks(staff.id)).toBe(0);
  });
});

describe('a staff password set through a link', () => {
  it('ends every session of the staff user and the login-as sessions they opened; others stay signed in', async () => {
    const org = await createOrg(t.deps);
    const orgUser = await createUser(t.deps, org.id);
    const orgPage = `/api/o/${org.id}/library/filter_options`;
    const staff = await createStaff(t.deps, '2 4');
    // Someone who knows the old password: signed in as the staff user, and as an org user through login as.
    const attacker = await t.signIn(staff.username, staff.password);
    const attackerAsOrgUser = await t.signIn(staff.username, staff.password);
    const generated = await attackerAsOrgUser.get(`/api/auth/developer/sudo_login_generate_url?user_id=${orgUser.id}`);
    const loginAsToken = new URL(generated.json<{ url: string }>().url, 'http://tenet.test').searchParams.get('token');
    const exchanged = await attackerAsOrgUser.post('/api/auth/developer/sudo_login', {
      user_id: orgUser.id,
      token: loginAsToken,
    });
    expect(exchanged.statusCode).toBe(200);
    expect((await attacker.get(BASE)).statusCode).toBe(200);
    expect((await attackerAsOrgUser.get(orgPage)).statusCode).toBe(200);
    const orgUserThemselves = await t.signIn(orgUser.username, orgUser.password);

    const link = await sendLink(staff);
    const browser = t.anonymous();
    const res = await setPassword(link, browser);
    expect(res.statusCode).toBe(200);
    // Setting the password signs no one in: the page sends the staff user to sign in with it.
    expect(browser.cookies[SESSION_COOKIE]).toBeUndefined();

    expect((await attacker.get(BASE)).statusCode).toBe(401);
    expect((await attackerAsOrgUser.get(orgPage)).statusCode).toBe(401);
    const [left] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sessions where hstm_user_id = ${staff.id} or sudoer_id = ${staff.id}`,
    );
    expect(left!.n).toBe(0);
    expect(await signInWorks(staff, staff.password)).toBe(false);
    const theirs = await t.signIn(staff.username, NEW_PASSWORD);
    expect((await theirs.get(BASE)).statusCode).toBe(200);
    // Only theirs ended: other staff, and the org user they had logged in as, stay signed in.
    expect((await manager.get(BASE)).statusCode).toBe(200);
    expect((await orgUserThemselves.get(orgPage)).statusCode).toBe(200);
  });
});
