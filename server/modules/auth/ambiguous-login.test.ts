import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, type TestOrg } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { hashPassword } from './password';

let t: TestApp;
let firstOrg: TestOrg;
let secondOrg: TestOrg;
const MAX_FAILURES = 3;
const WRONG_PASSWORD = 'wrong-pass-1';

beforeAll(async () => {
  t = await createTestApp({ loginMaxFailures: MAX_FAILURES, loginLockMinutes: 15 });
  firstOrg = await createOrg(t.deps);
  secondOrg = await createOrg(t.deps);
});
afterAll(async () => t.close());

/** An e-mail held by one user in each of two organisations, with the password each is given. */
async function sharedEmail(secondUserPassword?: string) {
  const email = `shared.${randomBytes(4).toString('hex')}@example.com`;
  const first = await createUser(t.deps, firstOrg.id, { email });
  const second = await createUser(t.deps, secondOrg.id, {
    email,
    ...(secondUserPassword ? { passwordHash: await hashPassword(secondUserPassword) } : {}),
  });
  return { email, first, second };
}

const attempt = (login: string, password: string, tenant?: string) =>
  t.anonymous().post('/api/auth/developer/login', { credentials: { login, password }, ...(tenant ? { tenant } : {}) });

// The request id differs on every answer; everything else must be the same.
const withoutRequestId = (body: Record<string, unknown>) => ({ ...body, request_id: undefined });

describe('an e-mail shared by several organisations', () => {
  it('answers a wrong password exactly like an unknown e-mail', async () => {
    const { email } = await sharedEmail();
    const shared = await attempt(email, WRONG_PASSWORD);
    const unknown = await attempt(`nobody.${email}`, WRONG_PASSWORD);
    expect(shared.statusCode).toBe(401);
    expect(shared.statusCode).toBe(unknown.statusCode);
    expect(withoutRequestId(shared.json())).toEqual(withoutRequestId(unknown.json()));
  });

  it('counts wrong passwords and locks after the same number of attempts as an unknown e-mail', async () => {
    const { email, first } = await sharedEmail();
    const unknownEmail = `ghost.${email}`;
    const sharedAnswers: Array<[number, unknown]> = [];
    const unknownAnswers: Array<[number, unknown]> = [];
    for (let i = 0; i < MAX_FAILURES + 1; i++) {
      const shared = await attempt(email, WRONG_PASSWORD);
      const unknown = await attempt(unknownEmail, WRONG_PASSWORD);
      sharedAnswers.push([shared.statusCode, shared.json().errors]);
      unknownAnswers.push([unknown.statusCode, unknown.json().errors]);
    }
    expect(sharedAnswers.map(([status]) => status)).toEqual([401, 401, 423, 423]);
    expect(sharedAnswers).toEqual(unknownAnswers);
    // The accounts behind the e-mail were the ones locked.
    expect((await attempt(first.username, first.password)).statusCode).toBe(423);
    t.clock.advance(16 * 60_000);
    expect((await attempt(first.username, first.password)).statusCode).toBe(200);
  }, 30_000);

  it('tells a caller with the right password that the e-mail is ambiguous, and the username or tenant resolves it', async () => {
    const { email, first, second } = await sharedEmail();
    const res = await attempt(email, first.password);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      custom_error: 'ambiguous_login',
      errors: [
        "This email address belongs to more than one organization. Sign in with your username or your organization's sign-in page.",
      ],
    });
    expect((await attempt(second.username, second.password)).statusCode).toBe(200);
    expect((await attempt(email, first.password, firstOrg.tenant)).statusCode).toBe(200);
  });

  it('says so too when the password is right for only one of the accounts', async () => {
    const { email } = await sharedEmail('Another-password-9');
    const res = await attempt(email, 'Another-password-9');
    expect(res.statusCode).toBe(409);
    expect(res.json().custom_error).toBe('ambiguous_login');
    expect((await attempt(email, 'Another-password-9', secondOrg.tenant)).statusCode).toBe(200);
  });
});
