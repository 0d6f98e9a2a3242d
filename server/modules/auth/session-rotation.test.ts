import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../../shared/api/errors';
import { createOrg, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('signing in while presenting a planted session cookie issues a new session and ends the planted one', async () => {
  const org = await createOrg(t.deps);
  const attacker = await createUser(t.deps, org.id);
  const victim = await createUser(t.deps, org.id);
  const attackerAgent = await t.signIn(attacker.username, attacker.password);
  const planted = attackerAgent.cookies[SESSION_COOKIE]!;
  const plantedCsrf = attackerAgent.cookies[CSRF_COOKIE]!;

  // The victim's browser carries the attacker's cookies (set, say, from a sibling subdomain).
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/developer/login',
    headers: {
      cookie: `${SESSION_COOKIE}=${planted}; ${CSRF_COOKIE}=${plantedCsrf}`,
      [CSRF_HEADER]: plantedCsrf,
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ credentials: { login: victim.username, password: victim.password } }),
  });
  expect(res.statusCode).toBe(200);
  const issued = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  expect(issued).toBeTruthy();
  expect(issued).not.toBe(planted);
  const issuedCsrf = res.cookies.find((c) => c.name === CSRF_COOKIE)?.value;
  expect(issuedCsrf).toBeTruthy();
  expect(issuedCsrf).not.toBe(plantedCsrf);

  // The planted session is gone: the attacker holds nothing that reaches the victim's account.
  const withPlanted = await t.app.inject({
    method: 'GET',
    url: '/api/sessions',
    headers: { cookie: `${SESSION_COOKIE}=${planted}` },
  });
  expect(withPlanted.json().valid).toBe(false);
  const withIssued = await t.app.inject({
    method: 'GET',
    url: '/api/sessions',
    headers: { cookie: `${SESSION_COOKIE}=${issued}` },
  });
  expect(withIssued.json()).toMatchObject({ valid: true, user: { username: victim.username } });
});
