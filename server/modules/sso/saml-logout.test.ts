import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, ssoSamlSessions } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import {
  logoutRequestOf,
  logoutRequestXml,
  logoutResponseXml,
  redirectMessage,
  redirectQuery,
  signElement,
  TEST_SAML_IDP_SLO_URL,
} from './saml-test-idp';
import { samlOrg, samlSignIn, type SamlOrg } from './sso-test-setup';

// SAML single logout (issue 16) with the test IdP: signing out sends our LogoutRequest for the
// sign-in's NameID and SessionIndex to the IdP's SLO URL; its LogoutResponse comes back to our SLO
// URL; an IdP's own LogoutRequest must be signed and ends exactly the sessions it names.

let t: TestApp;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  const s = await createStaff(t.deps, '3');
  staff = await t.signIn(s.username, s.password);
});
afterAll(async () => t.close());

const valid = async (browser: Agent) => (await browser.get('/api/sessions')).json<{ valid: boolean }>().valid;
const sessionsOf = (orgId: number) =>
  withSystem(t.deps.database.db, (tx) => tx.select().from(sessions).where(eq(sessions.orgId, orgId)));

const postForm = (org: SamlOrg, fields: Record<string, string>) =>
  t.anonymous().raw({
    method: 'POST',
    url: `/saml/t/${org.tenant}/slo`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Runs `act` and returns the lines logged meanwhile at `level`. */
async function logged(level: 'warn' | 'info', act: () => Promise<void>): Promise<string[]> {
  const spy = vi.spyOn(t.deps.log, level);
  try {
    await act();
    return spy.mock.calls.map((c) => String(c[1]));
  } finally {
    spy.mockRestore();
  }
}
const warnings = (act: () => Promise<void>) => logged('warn', act);
const ACCEPTED = /signed the person out \(LogoutResponse\)/;

describe('our SP publishes its single logout service', () => {
  it('in the metadata and in the staff setup values', async () => {
    const org = await samlOrg(t, staff);
    const metadata = await t.anonymous().get(`/api/t/${org.tenant}/saml/metadata`);
    expect(metadata.body).toMatch(
      new RegExp(
        `<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${org.sloUrl}"`,
      ),
    );
    const overview = (await staff.get(`/api/hstm/organizations/${org.id}/idp_settings`)).json<{
      setup: { slo_url: string };
    }>();
    expect(overview.setup.slo_url).toBe(org.sloUrl);
  });
});

describe('signing out of a SAML organisation', () => {
  it("ends our session, then sends the IdP a LogoutRequest for the sign-in's NameID and SessionIndex; its LogoutResponse returns to the tenant page", async () => {
    const org = await samlOrg(t, staff, { idpSloUrl: TEST_SAML_IDP_SLO_URL });
    const nameId = `lena.logout.${org.id}@hospital.example`;
    const { browser, sessionIndex } = await samlSignIn(t, org, { nameId });
    expect(await valid(browser)).toBe(true);
    const [kept] = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(ssoSamlSessions).where(eq(ssoSamlSessions.orgId, org.id)),
    );
    expect(kept).toMatchObject({ nameId, sessionIndex });

    const res = await browser.get(`/api/t/${org.tenant}/logout`);
    expect(res.statusCode).toBe(200);
    const logoutUrl = res.json<{ logoutUrl: string }>().logoutUrl;
    expect(logoutUrl.startsWith(`${TEST_SAML_IDP_SLO_URL}?SAMLRequest=`)).toBe(true);
    // Unsigned: this deployment has no SP signing key (saml-signing.test.ts tests one that has).
    expect(new URL(logoutUrl).searchParams.get('Signature')).toBeNull();
    const request = logoutRequestOf(logoutUrl);
    expect(request).toMatchObject({
      destination: TEST_SAML_IDP_SLO_URL,
      issuer: org.entityId,
      nameId,
      nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
      sessionIndex,
    });
    expect(await valid(browser)).toBe(false);
    expect(await sessionsOf(org.id)).toHaveLength(0);
    const left = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(ssoSamlSessions).where(eq(ssoSamlSessions.orgId, org.id)),
    );
    expect(left).toHaveLength(0);

    // The IdP answers at our SLO URL (HTTP-Redirect, unsigned as many IdPs send it): the tenant page.
    const answer = logoutResponseXml({ destination: org.sloUrl, inResponseTo: request.id });
    const infos = await logged('info', async () => {
      const back = await t
        .anonymous()
        .get(`/saml/t/${org.tenant}/slo?${redirectQuery('SAMLResponse', answer.xml, { sign: false })}`);
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe(`/t/${org.tenant}`);
    });
    expect(infos.some((line) => ACCEPTED.test(line))).toBe(true);
  });

  it('a LogoutResponse to a request we never sent, from another issuer, or unsigned by POST is refused in the log (still the tenant page)', async () => {
    const org = await samlOrg(t, staff, { idpSloUrl: TEST_SAML_IDP_SLO_URL });
    const cases: Array<[string, () => Promise<{ headers: Record<string, unknown> }>, RegExp]> = [
      [
        'unknown InResponseTo',
        () =>
          t
            .anonymous()
            .get(
              `/saml/t/${org.tenant}/slo?${redirectQuery('SAMLResponse', logoutResponseXml({ destination: org.sloUrl, inResponseTo: '_never-sent' }).xml)}`,
            ),
        /InResponseTo is not valid/,
      ],
      [
        'another issuer',
        () =>
          t
            .anonymous()
            .get(
              `/saml/t/${org.tenant}/slo?${redirectQuery('SAMLResponse', logoutResponseXml({ destination: org.sloUrl, inResponseTo: null, issuer: 'https://evil.example' }).xml)}`,
            ),
        /Unknown SAML issuer/,
      ],
      [
        'unsigned POST',
        () =>
          postForm(org, {
            SAMLResponse: Buffer.from(logoutResponseXml({ destination: org.sloUrl, inResponseTo: null }).xml).toString(
              'base64',
            ),
          }),
        /Invalid signature/,
      ],
    ];
    for (const [what, send, reason] of cases) {
      let location: unknown;
      const logged = await warnings(async () => {
        location = (await send()).headers.location;
      });
      expect(location, what).toBe(`/t/${org.tenant}`);
      expect(
        logged.some((line) => reason.test(line)),
        `${what}: ${logged.join('\n')}`,
      ).toBe(true);
    }
    // A signed LogoutResponse by POST is accepted.
    const signed = logoutResponseXml({ destination: org.sloUrl, inResponseTo: null });
    const infos = await logged('info', async () => {
      const ok = await postForm(org, {
        SAMLResponse: Buffer.from(signElement(signed.xml, signed.id)).toString('base64'),
      });
      expect(ok.headers.location).toBe(`/t/${org.tenant}`);
    });
    expect(infos.some((line) => ACCEPTED.test(line))).toBe(true);
    // A signed one that did not sign the person out is said in the log.
    const partial = logoutResponseXml({
      destination: org.sloUrl,
      inResponseTo: null,
      status: 'urn:oasis:names:tc:SAML:2.0:status:Responder',
    });
    const partly = await warnings(async () => {
      await postForm(org, { SAMLResponse: Buffer.from(signElement(partial.xml, partial.id)).toString('base64') });
    });
    expect(partly.some((line) => /did not confirm the sign-out/.test(line))).toBe(true);
  });

  it('without an IdP SLO URL, and for a session opened before (no subject kept), sign-out returns to the tenant page', async () => {
    const org = await samlOrg(t, staff);
    const { browser } = await samlSignIn(t, org, { nameId: `no.slo.${org.id}@hospital.example` });
    expect((await browser.get(`/api/t/${org.tenant}/logout`)).json()).toEqual({ logoutUrl: `/t/${org.tenant}` });

    const withSlo = await samlOrg(t, staff, { idpSloUrl: TEST_SAML_IDP_SLO_URL });
    const second = await samlSignIn(t, withSlo, { nameId: `old.session.${withSlo.id}@hospital.example` });
    await withSystem(t.deps.database.db, (tx) =>
      tx.delete(ssoSamlSessions).where(eq(ssoSamlSessions.orgId, withSlo.id)),
    );
    expect((await second.browser.get(`/api/t/${withSlo.tenant}/logout`)).json()).toEqual({
      logoutUrl: `/t/${withSlo.tenant}`,
    });
  });
});

describe("the IdP's own LogoutRequest", () => {
  async function twoSessionsAndAColleague(org: SamlOrg) {
    const nameId = `ida.initiated.${org.id}@hospital.example`;
    const first = await samlSignIn(t, org, { nameId });
    const second = await samlSignIn(t, org, { nameId });
    const colleague = await samlSignIn(t, org, { nameId: `colin.colleague.${org.id}@hospital.example` });
    return { nameId, first, second, colleague };
  }

  it('signed (HTTP-Redirect), ends the session of its SessionIndex only, and is answered with a LogoutResponse at the IdP', async () => {
    const org = await samlOrg(t, staff, { idpSloUrl: TEST_SAML_IDP_SLO_URL });
    const { nameId, first, second, colleague } = await twoSessionsAndAColleague(org);
    const request = logoutRequestXml({ destination: org.sloUrl, nameId, sessionIndex: first.sessionIndex });
    const query = redirectQuery('SAMLRequest', request.xml, { relayState: 'idp-state-1' });
    const res = await t.anonymous().get(`/saml/t/${org.tenant}/slo?${query}`);
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(`${TEST_SAML_IDP_SLO_URL}?SAMLResponse=`)).toBe(true);
    expect(new URL(location).searchParams.get('RelayState')).toBe('idp-state-1');
    const answer = redirectMessage(location, 'SAMLResponse');
    expect(answer).toContain(`InResponseTo="${request.id}"`);
    expect(answer).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');
    expect(await valid(first.browser)).toBe(false);
    expect(await valid(second.browser)).toBe(true);
    expect(await valid(colleague.browser)).toBe(true);

    // The same request again (a replay) is refused and ends nothing more.
    const again = await warnings(async () => {
      const replay = await t.anonymous().get(`/saml/t/${org.tenant}/slo?${query}`);
      expect(replay.headers.location).toBe(`/t/${org.tenant}`);
    });
    expect(again.some((line) => /already used \(replay\)/.test(line))).toBe(true);
    expect(await valid(second.browser)).toBe(true);
  });

  it('signed (HTTP-POST) without a SessionIndex, ends every session of its NameID in this organisation only', async () => {
    const org = await samlOrg(t, staff, { idpSloUrl: TEST_SAML_IDP_SLO_URL });
    const other = await samlOrg(t, staff, { idpSloUrl: TEST_SAML_IDP_SLO_URL });
    const { nameId, first, second, colleague } = await twoSessionsAndAColleague(org);
    const elsewhere = await samlSignIn(t, other, { nameId });
    const request = logoutRequestXml({ destination: org.sloUrl, nameId });
    const res = await postForm(org, {
      SAMLRequest: Buffer.from(signElement(request.xml, request.id)).toString('base64'),
    });
    expect(String(res.headers.location).startsWith(`${TEST_SAML_IDP_SLO_URL}?SAMLResponse=`)).toBe(true);
    expect(await valid(first.browser)).toBe(false);
    expect(await valid(second.browser)).toBe(false);
    expect(await valid(colleague.browser)).toBe(true);
    expect(await valid(elsewhere.browser)).toBe(true);
    const rows = await withSystem(t.deps.database.db, (tx) =>
      tx
        .select()
        .from(ssoSamlSessions)
        .where(and(eq(ssoSamlSessions.orgId, org.id), eq(ssoSamlSessions.nameId, nameId))),
    );
    expect(rows).toHaveLength(0);
  });

  it('unsigned, signed by another key, stale, or from another issuer: refused, nobody signed out', async () => {
    const org = await samlOrg(t, staff, { idpSloUrl: TEST_SAML_IDP_SLO_URL });
    const { nameId, first } = await twoSessionsAndAColleague(org);
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string;
    const fresh = () => logoutRequestXml({ destination: org.sloUrl, nameId });
    const cases: Array<[string, string, RegExp]> = [
      ['unsigned', redirectQuery('SAMLRequest', fresh().xml, { sign: false }), /not signed/],
      ['another key', redirectQuery('SAMLRequest', fresh().xml, { key: otherKey }), /Invalid query signature/],
      [
        'stale',
        redirectQuery(
          'SAMLRequest',
          logoutRequestXml({ destination: org.sloUrl, nameId, issuedAt: Date.now() - 60 * 60_000 }).xml,
        ),
        /last ten minutes/,
      ],
      [
        'another issuer',
        redirectQuery(
          'SAMLRequest',
          logoutRequestXml({ destination: org.sloUrl, nameId, issuer: 'https://evil.example' }).xml,
        ),
        /Unknown SAML issuer/,
      ],
    ];
    for (const [what, query, reason] of cases) {
      const logged = await warnings(async () => {
        const res = await t.anonymous().get(`/saml/t/${org.tenant}/slo?${query}`);
        expect(res.headers.location, what).toBe(`/t/${org.tenant}`);
      });
      expect(
        logged.some((line) => reason.test(line)),
        `${what}: ${logged.join('\n')}`,
      ).toBe(true);
    }
    const unsignedPost = await postForm(org, { SAMLRequest: Buffer.from(fresh().xml).toString('base64') });
    expect(unsignedPost.headers.location).toBe(`/t/${org.tenant}`);
    expect(await valid(first.browser)).toBe(true);
  });

  it('malformed messages, an unknown tenant and an org not on SAML never answer 500', async () => {
    const org = await samlOrg(t, staff, { idpSloUrl: TEST_SAML_IDP_SLO_URL });
    for (const path of [
      `/saml/t/${org.tenant}/slo`,
      `/saml/t/${org.tenant}/slo?SAMLRequest=not-base64!!&Signature=x&SigAlg=y`,
      `/saml/t/${org.tenant}/slo?SAMLResponse=${encodeURIComponent(Buffer.from('<x').toString('base64'))}`,
      '/saml/t/no-such-tenant-slo/slo?SAMLResponse=abc',
      '/saml/t/%00bad/slo',
    ]) {
      const res = await t.anonymous().get(path);
      expect(res.statusCode, path).toBeLessThan(500);
    }
    const junk = await postForm(org, { SAMLRequest: 'PHg+' });
    expect(junk.headers.location).toBe(`/t/${org.tenant}`);
  });
});
