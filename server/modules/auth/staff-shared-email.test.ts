import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserStatus } from '../../../shared/domain/statuses';
import { hstmUsers } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createOrg, createStaff, createUser, type TestOrg } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * An org user may share an e-mail with a provider staff user (usernames are unique across both,
 * e-mails are not). Signing in by that e-mail once checked the org user's password against the
 * staff user's alone: the org user could never sign in by e-mail, and each try counted as a failure
 * of the staff account.
 */
const MAX_FAILURES = 3;
let t: TestApp;
let org: TestOrg;
beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: MAX_FAILURES, loginLockMinutes: 15 });
  org = await createOrg(t.deps);
});
afterAll(async () => t.close());

const attempt = (login: string, password: string) =>
  t.anonymous().post('/api/auth/developer/login', { credentials: { login, password } });

const SHARED_MESSAGE = 'This email address belongs to more than one account. Sign in with your username.';

async function sharedWithStaff() {
  const email = `shared.${randomBytes(4).toString('hex')}@example.com`;
  const staff = await createStaff(t.deps, '2');
  await withSystem(t.deps.database.db, (tx) => tx.update(hstmUsers).set({ email }).where(eq(hstmUsers.id, staff.id)));
  const user = await createUser(t.deps, org.id, { email });
  return { email, staff, user };
}

describe("an org user's e-mail that a staff user also has", () => {
  it('tells the org user with their right password to use their username, which signs them in', async () => {
    const { email, user } = await sharedWithStaff();
    const res = await attempt(email, user.password);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ custom_error: 'ambiguous_login', errors: [SHARED_MESSAGE] });
    expect((await attempt(user.username, user.password)).statusCode).toBe(200);
  });

  it('tells the staff user the same, and their username signs them in', async () => {
    const { email, staff } = await sharedWithStaff();
    expect((await attempt(email, staff.password)).json()).toMatchObject({ errors: [SHARED_MESSAGE] });
    const signedIn = await attempt(staff.username, staff.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().isHstmUser).toBe(true);
  });

  it('answers a wrong password like an unknown e-mail, and locks both accounts alike', async () => {
    const { email, staff, user } = await sharedWithStaff();
    const answers: number[] = [];
    for (let i = 0; i < MAX_FAILURES; i++) answers.push((await attempt(email, 'wrong-pass-1')).statusCode);
    expect(answers).toEqual([401, 401, 423]);
    expect((await attempt(user.username, user.password)).statusCode).toBe(423);
    expect((await attempt(staff.username, staff.password)).statusCode).toBe(423);
  }, 30_000);

  it('signs the org user in by e-mail when the staff user who had it is deleted', async () => {
    const { email, staff, user } = await sharedWithStaff();
    await withSystem(t.deps.database.db, (tx) =>
      tx.update(hstmUsers).set({ status: UserStatus.Deleted }).where(eq(hstmUsers.id, staff.id)),
    );
    expect((await attempt(email, user.password)).statusCode).toBe(200);
  });
});
