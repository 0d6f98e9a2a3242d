import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../../shared/api/errors';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createOrg, createStaff, createTwoOrgs, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { graphUser, STAND_IN_SECRET, startGraphStandIn, type GraphStandIn } from '../hstm-idp/graph-stand-in';
import { processIdpSyncRuns } from '../hstm-idp/sync.service';
import { LINK_REFUSED } from './welcome.service';

/**
 * How long an org user's set-password link (the welcome e-mail's) stays good. It must stop working
 * when the account it was sent for is no longer the one the mailbox speaks for:
 *
 * - the user's e-mail address changes, by an org admin, by provider staff or by the directory sync
 *   (whoever holds the old mailbox would otherwise set the password and take the account over);
 * - the user leaves (deactivated or deleted, by each path there is): a reactivation must not bring
 *   the link back, since it is checked against the status only when used.
 *
 * And a password set through a link ends the user's other sessions, so a session opened with the
 * old password (an attacker's) does not outlive it.
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof createTwoOrgs>>;
let admin: Agent;
let staff: Agent;
let graph: GraphStandIn;

beforeAll(async () => {
  t = await createTestApp();
  graph = await startGraphStandIn();
  f = await createTwoOrgs(t.deps);
  admin = await t.signIn(f.adminA.username, f.adminA.password);
  // Org management (3): the org users' routes and the directory settings.
  const s = await createStaff(t.deps, '3');
  staff = await t.signIn(s.username, s.password);
});
afterAll(async () => {
  await graph.close();
  await t.close();
});

const ORG_USERS = () => `/api/o/${f.orgA.id}/users`;
const STAFF_USERS = '/api/hstm/users';
const ORGS = '/api/hstm/organizations';
const NEW_PASSWORD = 'NewPassword42';
const uniq = () => Math.random().toString(16).slice(2, 8);
const rows = <T>(q: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, q));
const errorsOf = (res: LightMyRequestResponse) => res.json<{ errors: string[] }>().errors;

/** Has `orgAdmin` send the welcome e-mail and reads its link's token from the mail outbox. */
async function sendLink(user: TestUser, orgAdmin: Agent = admin): Promise<string> {
  const res = await orgAdmin.post(`/api/o/${user.orgId}/users/${user.id}/send_welcome_email`, { user_id: user.id });
  expect(res.statusCode).toBe(200);
  const [mail] = await rows<{ body_text: string }>(
    sql`select body_text from mail_outbox
         where to_address = (select email from org_users where id = ${user.id}) order by id desc limit 1`,
  );
  const token = /\/set_password\/([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
  expect(token).toBeTruthy();
  return token!;
}

const setPassword = (token: string, password = NEW_PASSWORD) =>
  t.anonymous().post('/api/auth/set_password', { token, password });

/** The link is refused as any spent link is, and the user's password is the one they had. */
async function expectRefused(token: string, user: TestUser): Promise<void> {
  const res = await setPassword(token);
  expect(res.statusCode).toBe(422);
  expect(errorsOf(res)).toEqual([LINK_REFUSED]);
  expect(await signInWorks(user, NEW_PASSWORD)).toBe(false);
}

async function signInWorks(user: TestUser, password: string): Promise<boolean> {
  const res = await t
    .anonymous()
    .post('/api/auth/developer/login', { credentials: { login: user.username, password } });
  return res.statusCode === 200;
}

const unusedLinks = async (userId: number): Promise<number> => {
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from password_tokens where user_id = ${userId} and used_at is null`,
  );
  return row!.n;
};

const newAddress = () => `moved.${uniq()}@example.com`;
const reactivate = async (user: TestUser, orgAdmin: Agent = admin) => {
  const res = await orgAdmin.put(`/api/o/${user.orgId}/users/${user.id}`, { user: { status: 1 }, user_id: user.id });
  expect(res.statusCode).toBe(200);
};

describe('a set-password link sent before the e-mail address changed', () => {
  it('stops working when an org admin changes the address; a new invitation to the new one works', async () => {
    const u = await createUser(t.deps, f.orgA.id, { passwordHash: null });
    const oldLink = await sendLink(u);
    const res = await admin.put(`${ORG_USERS()}/${u.id}`, { user: { email: newAddress() }, user_id: u.id });
    expect(res.statusCode).toBe(200);
    await expectRefused(oldLink, u);

    const newLink = await sendLink(u);
    expect((await setPassword(newLink)).statusCode).toBe(200);
    expect(await signInWorks(u, NEW_PASSWORD)).toBe(true);
  });

  it('stops working when provider staff change the address', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const oldLink = await sendLink(u);
    const res = await staff.put(`${STAFF_USERS}/${u.id}`, { user: { email: newAddress() } });
    expect(res.statusCode).toBe(200);
    await expectRefused(oldLink, u);
    expect(await signInWorks(u, u.password)).toBe(true);
  });

  it('stops working when only the case of the address changes (the stored address is what changed)', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const oldLink = await sendLink(u);
    const res = await admin.put(`${ORG_USERS()}/${u.id}`, { user: { email: u.email.toUpperCase() }, user_id: u.id });
    expect(res.statusCode).toBe(200);
    await expectRefused(oldLink, u);
  });

  it('keeps working after an edit that leaves the address as it was, the same address sent again included', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const link = await sendLink(u);
    const byAdmin = await admin.put(`${ORG_USERS()}/${u.id}`, {
      user: { title: 'Head of Records', email: u.email },
      user_id: u.id,
    });
    expect(byAdmin.statusCode).toBe(200);
    const byStaff = await staff.put(`${STAFF_USERS}/${u.id}`, { user: { first_name: 'Renamed', email: u.email } });
    expect(byStaff.statusCode).toBe(200);
    expect((await setPassword(link)).statusCode).toBe(200);
    expect(await signInWorks(u, NEW_PASSWORD)).toBe(true);
  });

  it('does not change another user’s link', async () => {
    const moved = await createUser(t.deps, f.orgA.id);
    const colleague = await createUser(t.deps, f.orgA.id);
    const colleaguesLink = await sendLink(colleague);
    await sendLink(moved);
    const res = await admin.put(`${ORG_USERS()}/${moved.id}`, { user: { email: newAddress() }, user_id: moved.id });
    expect(res.statusCode).toBe(200);
    expect(await unusedLinks(moved.id)).toBe(0);
    expect((await setPassword(colleaguesLink)).statusCode).toBe(200);
  });
});

describe('a set-password link sent before the user left', () => {
  it('stays refused after an org admin deactivates and then reactivates them', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const link = await sendLink(u);
    const res = await admin.put(`${ORG_USERS()}/${u.id}`, { user: { status: 2 }, user_id: u.id });
    expect(res.statusCode).toBe(200);
    await reactivate(u);
    await expectRefused(link, u);
    // The way back is a new invitation.
    expect((await setPassword(await sendLink(u))).statusCode).toBe(200);
  });

  it('stays refused after provider staff deactivate and then reactivate them', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const link = await sendLink(u);
    expect((await staff.put(`${STAFF_USERS}/${u.id}`, { user: { status: 2 } })).statusCode).toBe(200);
    expect((await staff.put(`${STAFF_USERS}/${u.id}`, { user: { status: 1 } })).statusCode).toBe(200);
    await expectRefused(link, u);
  });

  it('is spent when an org admin or provider staff delete them', async () => {
    for (const by of ['org admin', 'staff'] as const) {
      const u = await createUser(t.deps, f.orgA.id);
      await sendLink(u);
      expect(await unusedLinks(u.id), by).toBe(1);
      const res =
        by === 'staff' ? await staff.delete(`${STAFF_USERS}/${u.id}`) : await admin.delete(`${ORG_USERS()}/${u.id}`);
      expect(res.statusCode, by).toBe(200);
      // A deleted user cannot be brought back through the API: the link itself is what must be spent.
      expect(await unusedLinks(u.id), by).toBe(0);
    }
  });

  it('stays refused after a hand-over on the leaver screen deactivates them and they are reactivated', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const link = await sendLink(u);
    const res = await admin.post(`/api/o/${f.orgA.id}/user_bulk_assign/leaver/${u.id}`, {
      targets: [{ type: 'User', id: f.userA.id }],
    });
    expect(res.statusCode).toBe(200);
    await reactivate(u);
    await expectRefused(link, u);
  });
});

describe('the directory sync', () => {
  /**
   * An organisation whose Azure directory lists `user` (adopted by e-mail on a first sync), with an
   * admin of its own; `runSync` reads the directory again (the changes set in `graph.changes`).
   */
  async function directoryOrg(): Promise<{ user: TestUser; orgAdmin: Agent; accountId: string }> {
    const org = await createOrg(t.deps);
    const orgAdminUser = await createUser(t.deps, org.id, { isAdmin: true });
    const orgAdmin = await t.signIn(orgAdminUser.username, orgAdminUser.password);
    const user = await createUser(t.deps, org.id, { email: `dir.${uniq()}@dir.example` });
    const accountId = `acct-${uniq()}`;
    const settings = await staff.post(`${ORGS}/${org.id}/azure_org_settings`, {
      azure_organization_setting: {
        tenant_id: 'tenant-1',
        client_id: 'client-1',
        client_secret: STAND_IN_SECRET,
        graph_base_url: graph.graphBaseUrl,
        token_base_url: graph.tokenBaseUrl,
      },
    });
    expect(settings.statusCode).toBe(201);
    graph.pages = [[graphUser(accountId, 'Dora', 'Directory', user.email)]];
    await runSync(org.id);
    return { user, orgAdmin, accountId };
  }

  async function runSync(orgId: number): Promise<void> {
    expect((await staff.post(`${ORGS}/sync_azure_users`, { org_id: orgId })).statusCode).toBe(202);
    expect(await processIdpSyncRuns(t.deps.database.db, t.deps.config, t.clock.now())).toEqual({
      done: 1,
      failed: 0,
    });
  }

  it('changing the address spends the link sent to the old one', async () => {
    const { user, orgAdmin, accountId } = await directoryOrg();
    const link = await sendLink(user, orgAdmin);
    const moved = `dir.moved.${uniq()}@dir.example`;
    graph.changes = [graphUser(accountId, 'Dora', 'Directory', moved)];
    await runSync(user.orgId);
    const [row] = await rows<{ email: string }>(sql`select email from org_users where id = ${user.id}`);
    expect(row!.email).toBe(moved);
    await expectRefused(link, user);
  });

  it('deactivating the user spends their link: reactivated by an admin, it stays refused', async () => {
    const { user, orgAdmin, accountId } = await directoryOrg();
    const link = await sendLink(user, orgAdmin);
    graph.changes = [graphUser(accountId, 'Dora', 'Directory', user.email, { accountEnabled: false })];
    await runSync(user.orgId);
    const [row] = await rows<{ status: number }>(
      sql`select status::int as status from org_users where id = ${user.id}`,
    );
    expect(row!.status).toBe(2);
    await reactivate(user, orgAdmin);
    await expectRefused(link, user);
  });
});

describe('a password set through a link', () => {
  it('ends every other session of the user; they sign in afresh with it, and other users stay signed in', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    // Someone who knows the old password, signed in twice.
    const attacker = await t.signIn(u.username, u.password);
    const attackerElsewhere = await t.signIn(u.username, u.password);
    const colleague = await t.signIn(f.userA.username, f.userA.password);
    const tasks = `/api/o/${f.orgA.id}/tasks`;
    expect((await attacker.get(tasks)).statusCode).toBe(200);

    const link = await sendLink(u);
    const browser = t.anonymous();
    const res = await browser.post('/api/auth/set_password', { token: link, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    // Setting the password signs no one in: the page sends the user to sign in with it.
    expect(browser.cookies[SESSION_COOKIE]).toBeUndefined();

    expect((await attacker.get(tasks)).statusCode).toBe(401);
    expect((await attackerElsewhere.get(tasks)).statusCode).toBe(401);
    const [left] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sessions where org_id = ${f.orgA.id} and user_id = ${u.id}`,
    );
    expect(left!.n).toBe(0);
    expect(await signInWorks(u, u.password)).toBe(false);
    const theirs = await t.signIn(u.username, NEW_PASSWORD);
    expect((await theirs.get(tasks)).statusCode).toBe(200);
    expect((await colleague.get(tasks)).statusCode).toBe(200);
    expect((await admin.get(ORG_USERS())).statusCode).toBe(200);

    const logs = (await admin.get(`${ORG_USERS()}/${u.id}/user_logs`)).json<{
      user_logs: { action: string; details: Record<string, unknown> }[];
    }>();
    expect(logs.user_logs[0]).toMatchObject({
      action: 'Password Set',
      details: { via: 'welcome email', sessions_ended: 2 },
    });
  });

  it('leaves the sessions of another organisation’s users alone', async () => {
    const other = await t.signIn(f.userB.username, f.userB.password);
    const u = await createUser(t.deps, f.orgA.id);
    expect((await setPassword(await sendLink(u))).statusCode).toBe(200);
    expect((await other.get(`/api/o/${f.orgB.id}/tasks`)).statusCode).toBe(200);
  });
});
