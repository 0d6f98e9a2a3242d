import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createOrg, createTwoOrgs, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { INVITATION_BATCH } from './users.service';

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
const rows = <T>(q: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, q));

async function invite(userId: number): Promise<string> {
  const res = await admin.post(`${base()}/${userId}/send_welcome_email`, { user_id: userId });
  expect(res.statusCode).toBe(200);
  expect(res.json<{ message: string }>().message).toBe('Email sent successfully!');
  const [mail] = await rows<{ body_text: string }>(
    sql`select body_text from mail_outbox where to_address = (select email from org_users where id = ${userId}) order by id desc limit 1`,
  );
  const token = /\/set_password\/([A-Za-z0-9_-]+)/.exec(mail!.body_text)?.[1];
  expect(token).toBeTruthy();
  return token!;
}
const setPassword = (token: string, password: string) =>
  t.anonymous().post('/api/auth/set_password', { token, password });
const signInWorks = async (username: string, password: string) =>
  (await t.anonymous().post('/api/auth/developer/login', { credentials: { login: username, password } })).statusCode ===
  200;

describe('welcome e-mails and set password', () => {
  it('the link sets the password once; the user can then sign in; only a hash is stored', async () => {
    const u = await createUser(t.deps, f.orgA.id, { passwordHash: null });
    const token = await invite(u.id);
    const stored = await rows<{ token_hash: string }>(
      sql`select token_hash from password_tokens where user_id = ${u.id}`,
    );
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    const weak = await setPassword(token, 'short1');
    expect(weak.statusCode).toBe(422);
    expect(weak.json<{ errors: string[] }>().errors[0]).toContain('at least one letter and one digit');
    expect((await setPassword(token, 'onlyletterslong')).statusCode).toBe(422);
    expect((await setPassword(token, 'NewPassword42')).statusCode).toBe(200);
    expect(await signInWorks(u.username, 'NewPassword42')).toBe(true);
    const again = await setPassword(token, 'OtherPassword42');
    expect(again.statusCode).toBe(422);
    expect(again.json<{ errors: string[] }>().errors[0]).toContain('not valid');
    const logs = (await admin.get(`${base()}/${u.id}/user_logs`)).json<{ user_logs: { action: string }[] }>();
    expect(logs.user_logs.map((l) => l.action)).toEqual(['Password Set', 'Welcome Email Sent']);
  });

  it('an expired, superseded or unknown link is refused', async () => {
    const u = await createUser(t.deps, f.orgA.id);
    const old = await invite(u.id);
    const latest = await invite(u.id);
    expect((await setPassword(old, 'NewPassword42')).statusCode).toBe(422);
    expect((await setPassword('nonsense-token', 'NewPassword42')).statusCode).toBe(422);
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect((await setPassword(latest, 'NewPassword42')).statusCode).toBe(422);
    // The admin's session aged with the clock: the later tests sign in afresh.
    admin = await t.signIn(f.adminA.username, f.adminA.password);
  });

  it('refuses inviting an inactive user, and another org’s user is 404', async () => {
    const u = await createUser(t.deps, f.orgA.id, { status: 2 });
    expect((await admin.post(`${base()}/${u.id}/send_welcome_email`, {})).statusCode).toBe(422);
    expect((await admin.post(`${base()}/${f.userB.id}/send_welcome_email`, {})).statusCode).toBe(404);
    expect((await admin.post(`${base()}/${u.id}/send_welcome_email`, { user_id: 'x' })).statusCode).toBe(422);
  });

  it('the bulk invitation reaches every active user who never signed in', async () => {
    const fresh = await createUser(t.deps, f.orgA.id);
    const inactive = await createUser(t.deps, f.orgA.id, { status: 2 });
    const res = await admin.post(`${base()}/send_bulk_welcome_email`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string; sent: number }>().message).toBe('Invitation email sent to users.');
    const to = await rows<{ to_address: string }>(sql`select to_address from mail_outbox where org_id = ${f.orgA.id}`);
    const addresses = to.map((r) => r.to_address);
    expect(addresses).toContain(fresh.email);
    expect(addresses).not.toContain(inactive.email);
    expect(addresses).not.toContain(f.adminA.email);
  });

  it('the bulk invitation reaches every one of them past a batch, each once with a link of their own', async () => {
    const orgC = await createOrg(t.deps);
    const orgAdmin = await createUser(t.deps, orgC.id, { isAdmin: true });
    const many = INVITATION_BATCH + 5;
    await rows(sql`insert into org_users (org_id, first_name, last_name, email, username, password_hash)
                   select ${orgC.id}, 'Many', 'User ' || n, 'many.' || n || '.' || ${orgC.id} || '@example.com',
                          'many.' || n || '.' || ${orgC.id}, 'x'
                     from generate_series(1, ${many}) n`);
    // The admin has signed in (below); everyone else of the organisation never has.
    const asAdmin = await t.signIn(orgAdmin.username, orgAdmin.password);
    const res = await asAdmin.post(`/api/o/${orgC.id}/users/send_bulk_welcome_email`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ sent: number }>().sent).toBe(many);
    const [mails] = await rows<{ n: number; people: number; links: number }>(
      sql`select count(*)::int as n, count(distinct to_address)::int as people,
                 (select count(distinct token_hash)::int from password_tokens where org_id = ${orgC.id}) as links
            from mail_outbox where org_id = ${orgC.id}`,
    );
    expect(mails).toEqual({ n: many, people: many, links: many });
  });
});
