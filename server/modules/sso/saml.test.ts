import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../../../shared/api/errors';
import { orgUsers, ssoUsedAssertions } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createOrg, createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import {
  assertionXml,
  authnRequestId,
  mintResponse,
  responseXml,
  samlId,
  signElement,
  TEST_SAML_IDP_CERT,
  TEST_SAML_IDP_ENTITY,
  TEST_SAML_IDP_SSO_URL,
  type MintOptions,
} from './saml-test-idp';
import { SAML_BROWSER_COOKIE } from './saml.routes';

// Our SAML service provider against an IdP built in the test (responses signed with xml-crypto):
// a valid signed response opens a session; unsigned, wrapped, tampered, expired, wrong audience,
// wrong recipient and replayed responses are each refused, the reason logged, the person sent back
// to the tenant page with a clear message. A response is accepted only from the browser that
// started its sign-in (login CSRF).

let t: TestApp;
let staff: Agent;
const B = '/api/hstm/organizations';

beforeAll(async () => {
  // A proxy at 127.0.0.1 (app.inject's address) is trusted, so a test can say it came over TLS
  // (X-Forwarded-Proto); the other tests send no such header and stay on plain http.
  t = await createTestApp({ trustProxy: ['127.0.0.1'] });
  const s = await createStaff(t.deps, '3');
  staff = await t.signIn(s.username, s.password);
});
afterAll(async () => {
  await t.close();
});

interface SamlOrg {
  id: number;
  tenant: string;
  acsUrl: string;
  entityId: string;
}

async function samlOrg(createUnknown = true): Promise<SamlOrg> {
  const org = await createOrg(t.deps);
  const saved = await staff.post(`${B}/${org.id}/saml_org_settings`, {
    saml_org_setting: {
      entity_id: TEST_SAML_IDP_ENTITY,
      sso_url: TEST_SAML_IDP_SSO_URL,
      certificate: TEST_SAML_IDP_CERT,
    },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  await staff.put(`${B}/${org.id}/sso_settings`, { sso_setting: { create_unknown_users: createUnknown } });
  const base = t.deps.config.publicUrl;
  return {
    id: org.id,
    tenant: org.tenant,
    acsUrl: `${base}/saml/t/${org.tenant}/acs`,
    entityId: `${base}/api/t/${org.tenant}/saml/metadata`,
  };
}

/** A browser that started a SAML sign-in (a new one unless given): our AuthnRequest's id, read from the redirect. */
async function start(
  org: SamlOrg,
  browser: Agent = t.anonymous(),
  headers: Record<string, string> = {},
): Promise<{ browser: Agent; requestId: string; started: LightMyRequestResponse }> {
  const started = await browser.raw({ method: 'GET', url: `/api/t/${org.tenant}/sso/start`, headers });
  expect(started.statusCode, started.body).toBe(302);
  const location = String(started.headers.location);
  expect(location.startsWith(`${TEST_SAML_IDP_SSO_URL}?SAMLRequest=`)).toBe(true);
  return { browser, requestId: authnRequestId(location), started };
}

const bindingCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === SAML_BROWSER_COOKIE);

const post = (browser: Agent, org: SamlOrg, samlResponse: string) =>
  browser.raw({
    method: 'POST',
    url: `/saml/t/${org.tenant}/acs`,
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const options = (org: SamlOrg, requestId: string | null, extra: Partial<MintOptions> = {}): MintOptions => ({
  inResponseTo: requestId,
  acsUrl: org.acsUrl,
  audience: org.entityId,
  nameId: 'nurse.saml@hospital.example',
  email: 'nurse.saml@hospital.example',
  givenName: 'Nora',
  surname: 'Saml',
  ...extra,
});

/** Posts a response and expects the refusal `code`, with `reason` in the log. */
async function expectRefused(browser: Agent, org: SamlOrg, samlResponse: string, code: string, reason: RegExp) {
  const warn = vi.spyOn(t.deps.log, 'warn');
  try {
    const res = await post(browser, org, samlResponse);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(`/t/${org.tenant}?sso_error=${code}`);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    const logged = warn.mock.calls.map((call) => String(call[1]));
    expect(
      logged.some((line) => reason.test(line)),
      logged.join('\n'),
    ).toBe(true);
  } finally {
    warn.mockRestore();
  }
}

const usersOf = (orgId: number) =>
  withSystem(t.deps.database.db, (tx) => tx.select().from(orgUsers).where(eq(orgUsers.orgId, orgId)));

describe('SAML service provider', () => {
  it('publishes our metadata at a stable address per organisation', async () => {
    const org = await samlOrg();
    const res = await t.anonymous().get(`/api/t/${org.tenant}/saml/metadata`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain(`entityID="${org.entityId}"`);
    expect(res.body).toContain(`Location="${org.acsUrl}"`);
    expect(res.body).toContain('WantAssertionsSigned="true"');
    expect((await t.anonymous().get('/api/t/no-such-tenant-q/saml/metadata')).statusCode).toBe(404);
  });

  it('a valid signed response opens a session and lands in the library', async () => {
    const org = await samlOrg();
    const { browser, requestId, started } = await start(org);
    // The start binds the sign-in to this browser: an HttpOnly cookie for the ACS alone. Plain http
    // here, so Lax and not Secure (see the TLS test below).
    expect(bindingCookie(started)).toMatchObject({
      path: `/saml/t/${org.tenant}/acs`,
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 600,
    });
    expect(bindingCookie(started)?.secure).toBeFalsy();
    expect(bindingCookie(started)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { samlResponse, assertionId } = mintResponse(options(org, requestId));
    const res = await post(browser, org, samlResponse);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(`/orgs/${org.id}/pnps`);
    // Used up: the binding cookie is cleared, on the path it was set with.
    expect(bindingCookie(res)).toMatchObject({ value: '', path: `/saml/t/${org.tenant}/acs` });
    expect(browser.cookies[SAML_BROWSER_COOKIE]).toBeUndefined();
    const session = (await browser.get('/api/sessions')).json<{
      valid: boolean;
      user: { email: string; name: string };
    }>();
    expect(session).toMatchObject({ valid: true, user: { email: 'nurse.saml@hospital.example', name: 'Nora Saml' } });
    expect(await usersOf(org.id)).toHaveLength(1);
    const used = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(ssoUsedAssertions).where(eq(ssoUsedAssertions.orgId, org.id)),
    );
    expect(used.map((u) => u.assertionId)).toEqual([assertionId]);
  });

  it('refuses an unsigned response', async () => {
    const org = await samlOrg();
    const { browser, requestId } = await start(org);
    const { samlResponse } = mintResponse(options(org, requestId, { sign: false }));
    await expectRefused(browser, org, samlResponse, 'refused', /Invalid signature/);
    expect(await usersOf(org.id)).toHaveLength(0);
  });

  it('refuses a signature over a different element (wrapping)', async () => {
    const org = await samlOrg();
    const { browser, requestId } = await start(org);
    // A genuine signed assertion for someone else is hidden in the response, and the assertion that
    // is read carries a copy of its signature but names the attacker.
    const genuineId = samlId();
    const genuine = signElement(
      assertionXml({ ...options(org, requestId, { nameId: 'someone@hospital.example' }), assertionId: genuineId }),
      genuineId,
    );
    const signature = /<(?:ds:)?Signature[\s\S]*<\/(?:ds:)?Signature>/.exec(genuine)![0];
    const evilId = samlId();
    const evil = assertionXml({
      ...options(org, requestId, { nameId: 'attacker@evil.example', email: 'attacker@evil.example' }),
      assertionId: evilId,
    }).replace(`${TEST_SAML_IDP_ENTITY}</saml:Issuer>`, `${TEST_SAML_IDP_ENTITY}</saml:Issuer>${signature}`);
    const response = responseXml(options(org, requestId), evil).replace(
      '<samlp:Status>',
      `<samlp:Extensions>${genuine}</samlp:Extensions><samlp:Status>`,
    );
    await expectRefused(browser, org, Buffer.from(response).toString('base64'), 'refused', /signature/i);
    expect(await usersOf(org.id)).toHaveLength(0);
  });

  it('refuses a signed assertion whose attribute was changed afterwards', async () => {
    const org = await samlOrg();
    const { browser, requestId } = await start(org);
    const { samlResponse } = mintResponse(options(org, requestId));
    const tampered = Buffer.from(samlResponse, 'base64')
      .toString('utf8')
      .replace('<saml:AttributeValue>nurse.saml@hospital.example', '<saml:AttributeValue>chief@hospital.example');
    expect(tampered).toContain('chief@hospital.example');
    await expectRefused(browser, org, Buffer.from(tampered).toString('base64'), 'refused', /Invalid signature/);
  });

  it('refuses an expired assertion', async () => {
    const org = await samlOrg();
    const { browser, requestId } = await start(org);
    const { samlResponse } = mintResponse(options(org, requestId, { issuedAt: Date.now() - 60 * 60_000 }));
    // node-saml checks the bearer confirmation's window first, then the conditions'.
    await expectRefused(browser, org, samlResponse, 'refused', /No valid subject confirmation|expired/i);
  });

  it('refuses a wrong audience', async () => {
    const org = await samlOrg();
    const { browser, requestId } = await start(org);
    const { samlResponse } = mintResponse(options(org, requestId, { audience: 'https://another-app.example/sp' }));
    await expectRefused(browser, org, samlResponse, 'refused', /audience/i);
  });

  it('refuses a wrong recipient and a wrong destination', async () => {
    const org = await samlOrg();
    const first = await start(org);
    const toOther = mintResponse(options(org, first.requestId, { recipient: 'https://other.example/acs' }));
    await expectRefused(first.browser, org, toOther.samlResponse, 'refused', /Recipient/);
    const second = await start(org);
    const elsewhere = mintResponse(options(org, second.requestId, { destination: 'https://other.example/acs' }));
    await expectRefused(second.browser, org, elsewhere.samlResponse, 'refused', /Destination/);
  });

  it('refuses a replayed response, and a known assertion id under a new request', async () => {
    const org = await samlOrg();
    const { browser, requestId } = await start(org);
    const { samlResponse, assertionId } = mintResponse(options(org, requestId));
    expect((await post(browser, org, samlResponse)).headers.location).toBe(`/orgs/${org.id}/pnps`);
    // The same post again: its request was used up.
    await expectRefused(t.anonymous(), org, samlResponse, 'expired', /InResponseTo/);
    // The same assertion id answering a fresh request: remembered in the database, refused.
    const again = await start(org);
    const replay = mintResponse(options(org, again.requestId, { assertionId }));
    await expectRefused(again.browser, org, replay.samlResponse, 'refused', /already used \(replay\)/);
  });

  it('refuses a response nobody asked for (no InResponseTo) and a post without a response', async () => {
    const org = await samlOrg();
    const { samlResponse } = mintResponse(options(org, null));
    await expectRefused(t.anonymous(), org, samlResponse, 'refused', /InResponseTo|refused/);
    await expectRefused(t.anonymous(), org, Buffer.from('<not-xml').toString('base64'), 'refused', /refused/);
    const empty = await t.anonymous().raw({
      method: 'POST',
      url: `/saml/t/${org.tenant}/acs`,
      payload: 'RelayState=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(empty.headers.location).toBe(`/t/${org.tenant}?sso_error=refused`);
  });
});

describe('the browser that started the sign-in (login CSRF)', () => {
  /** A session in `browser`: valid or not. */
  const sessionOf = async (browser: Agent) => (await browser.get('/api/sessions')).json<{ valid: boolean }>().valid;

  it('over TLS the binding cookie is SameSite=None and Secure, so the IdP’s cross-site post carries it', async () => {
    const org = await samlOrg();
    const { browser, requestId, started } = await start(org, t.anonymous(), { 'x-forwarded-proto': 'https' });
    expect(bindingCookie(started)).toMatchObject({
      path: `/saml/t/${org.tenant}/acs`,
      httpOnly: true,
      sameSite: 'None',
      secure: true,
    });
    // Usernames are unique across organisations: a person of this test's own.
    const person = `tls.${org.id}@hospital.example`;
    const res = await post(
      browser,
      org,
      mintResponse(options(org, requestId, { nameId: person, email: person })).samlResponse,
    );
    expect(res.headers.location).toBe(`/orgs/${org.id}/pnps`);
  });

  it('refuses a response posted by a browser without the binding cookie, and opens no session', async () => {
    const org = await samlOrg();
    // The attacker starts a sign-in, signs in at the IdP and keeps the response for a page of theirs.
    const attacker = await start(org);
    const { samlResponse } = mintResponse(
      options(org, attacker.requestId, {
        nameId: `attacker.${org.id}@hospital.example`,
        email: `attacker.${org.id}@hospital.example`,
      }),
    );
    // A colleague's browser, which never started a sign-in, posts it.
    const victim = t.anonymous();
    await expectRefused(victim, org, samlResponse, 'refused', /another browser.*binding cookie missing/);
    expect(await sessionOf(victim)).toBe(false);
    expect(await usersOf(org.id)).toHaveLength(0);
    // The refused response is used up: not even the attacker's own browser can use it afterwards.
    await expectRefused(attacker.browser, org, samlResponse, 'expired', /InResponseTo/);
    expect(await usersOf(org.id)).toHaveLength(0);
  });

  it('refuses a response posted by a browser with another sign-in’s cookie; that browser’s own sign-in still works', async () => {
    const org = await samlOrg();
    const attacker = await start(org);
    const forged = mintResponse(
      options(org, attacker.requestId, {
        nameId: `attacker.${org.id}@hospital.example`,
        email: `attacker.${org.id}@hospital.example`,
      }),
    );
    // The colleague has started a sign-in of their own: their browser holds a binding cookie.
    const victim = await start(org);
    expect(victim.browser.cookies[SAML_BROWSER_COOKIE]).toBeTruthy();
    expect(victim.browser.cookies[SAML_BROWSER_COOKIE]).not.toBe(attacker.browser.cookies[SAML_BROWSER_COOKIE]);
    await expectRefused(victim.browser, org, forged.samlResponse, 'refused', /another browser.*of another browser/);
    expect(await sessionOf(victim.browser)).toBe(false);
    expect(await usersOf(org.id)).toHaveLength(0);
    // Their own response, from their own browser, signs them in as themselves.
    const own = mintResponse(
      options(org, victim.requestId, {
        nameId: `colleague.${org.id}@hospital.example`,
        email: `colleague.${org.id}@hospital.example`,
      }),
    );
    expect((await post(victim.browser, org, own.samlResponse)).headers.location).toBe(`/orgs/${org.id}/pnps`);
    const users = await usersOf(org.id);
    expect(users.map((u) => u.email)).toEqual([`colleague.${org.id}@hospital.example`]);
  });
});
