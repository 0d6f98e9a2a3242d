import { createVerify, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, samlSigningOf } from '../../config';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import {
  logoutRequestOf,
  logoutRequestXml,
  redirectMessage,
  redirectQuery,
  TEST_SAML_IDP_CERT,
  TEST_SAML_IDP_ENTITY,
  TEST_SAML_IDP_KEY,
  TEST_SAML_IDP_SLO_URL,
  TEST_SAML_IDP_SSO_URL,
} from './saml-test-idp';
import { samlOrg, samlSignIn } from './sso-test-setup';

// The service provider's SAML signing key (SAML_SP_KEY_FILE, SAML_SP_CERT_FILE): with it, every
// message we send by redirect carries SigAlg and a Signature an identity provider can check against
// the certificate our metadata publishes (ADFS refuses unsigned logout requests); without it,
// nothing is signed and the metadata says so. The test IdP's throw-away pair stands in for ours.

const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const certificateBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

/**
 * Whether a redirect's Signature verifies, as an identity provider checks it (SAML bindings 3.4.4.1):
 * over the query's own encoded SAMLRequest or SAMLResponse, RelayState and SigAlg, in that order.
 */
function redirectSignatureVerifies(location: string, certificate: string): boolean {
  const raw = new Map(
    new URL(location).search
      .slice(1)
      .split('&')
      .map((part) => [part.slice(0, part.indexOf('=')), part] as const),
  );
  const signed = ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg']
    .map((name) => raw.get(name))
    .filter((part): part is string => part !== undefined)
    .join('&');
  const signature = new URL(location).searchParams.get('Signature');
  if (!signature) return false;
  return createVerify('RSA-SHA256').update(signed).verify(certificate, signature, 'base64');
}

describe('the signing pair in the configuration', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tenet-saml-signing-'));
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    writeFileSync(at, text);
    return at;
  };
  const key = file('sp.key', TEST_SAML_IDP_KEY);
  const cert = file('sp.crt', TEST_SAML_IDP_CERT);

  it('is read from both files, and absent when neither is set', () => {
    expect(loadConfig({ SAML_SP_KEY_FILE: key, SAML_SP_CERT_FILE: cert }).samlSigning).toEqual({
      privateKey: TEST_SAML_IDP_KEY,
      certificate: TEST_SAML_IDP_CERT,
    });
    expect(loadConfig({}).samlSigning).toBeNull();
  });

  it('refuses to start with one file alone, a missing file, a key that is not the certificate’s, or not RSA', () => {
    expect(() => samlSigningOf(key, undefined)).toThrow(/SAML_SP_KEY_FILE and SAML_SP_CERT_FILE go together/);
    expect(() => samlSigningOf(undefined, cert)).toThrow(/go together/);
    expect(() => samlSigningOf(path.join(dir, 'missing.key'), cert)).toThrow(/SAML_SP_KEY_FILE: cannot read/);
    expect(() => samlSigningOf(key, file('not-a.crt', 'hello'))).toThrow(/SAML_SP_CERT_FILE: .* no X.509 certificate/);
    expect(() => samlSigningOf(file('not-a.key', 'hello'), cert)).toThrow(/SAML_SP_KEY_FILE: .* no private key/);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(() => samlSigningOf(file('other.key', String(other)), cert)).toThrow(/not the one of the key/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(() => samlSigningOf(file('ec.key', String(ec)), cert)).toThrow(/must hold an RSA key/);
  });
});

describe('with a signing key', () => {
  let t: TestApp;
  let staff: Agent;
  beforeAll(async () => {
    t = await createTestApp({ samlSigning: { privateKey: TEST_SAML_IDP_KEY, certificate: TEST_SAML_IDP_CERT } });
    const s = await createStaff(t.deps, '3');
    staff = await t.signIn(s.username, s.password);
  });
  afterAll(async () => t.close());

  it('the metadata says our requests are signed and publishes the certificate for signing', async () => {
    const org = await samlOrg(t, staff);
    const metadata = (await t.anonymous().get(`/api/t/${org.tenant}/saml/metadata`)).body;
    expect(metadata).toMatch(/<SPSSODescriptor[^>]*AuthnRequestsSigned="true"/);
    const published = /<KeyDescriptor use="signing">[\s\S]*?<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(
      metadata,
    );
    expect(published?.[1]?.replace(/\s+/g, '')).toBe(certificateBody(TEST_SAML_IDP_CERT));
  });

  it('tells staff on the IdP settings which certificate it signs with (its SHA-256 fingerprint)', async () => {
    const org = await samlOrg(t, staff);
    const overview = await staff.get(`/api/hstm/organizations/${org.id}/idp_settings`);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().setup.saml_signing_certificate_sha256).toBe(
      new X509Certificate(TEST_SAML_IDP_CERT).fingerprint256,
    );
    expect(overview.json().setup.saml_signing_certificate_sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('signs the AuthnRequest, the LogoutRequest and the LogoutResponse it sends by redirect', async () => {
    const org = await samlOrg(t, staff, { idpSloUrl: TEST_SAML_IDP_SLO_URL });
    const started = await t.anonymous().get(`/api/t/${org.tenant}/sso/start`);
    const authorize = String(started.headers.location);
    expect(authorize.startsWith(`${TEST_SAML_IDP_SSO_URL}?`)).toBe(true);
    expect(new URL(authorize).searchParams.get('SigAlg')).toBe(RSA_SHA256);
    expect(redirectSignatureVerifies(authorize, TEST_SAML_IDP_CERT)).toBe(true);
    expect(redirectMessage(authorize, 'SAMLRequest')).toContain('<samlp:AuthnRequest');

    // Signing out: our LogoutRequest, signed.
    const nameId = `sid.signed.${org.id}@hospital.example`;
    const { browser } = await samlSignIn(t, org, { nameId });
    const logoutUrl = (await browser.get(`/api/t/${org.tenant}/logout`)).json<{ logoutUrl: string }>().logoutUrl;
    expect(logoutRequestOf(logoutUrl)).toMatchObject({ nameId, issuer: org.entityId });
    expect(redirectSignatureVerifies(logoutUrl, TEST_SAML_IDP_CERT)).toBe(true);
    // A signature the certificate does not hold fails: the check above is not a formality.
    const forged = logoutUrl.replace(
      /Signature=[^&]+/,
      `Signature=${encodeURIComponent(Buffer.alloc(256, 1).toString('base64'))}`,
    );
    expect(redirectSignatureVerifies(forged, TEST_SAML_IDP_CERT)).toBe(false);

    // The IdP signs another person out on its own: our LogoutResponse, signed.
    const other = `ola.other.${org.id}@hospital.example`;
    await samlSignIn(t, org, { nameId: other });
    const request = logoutRequestXml({ destination: org.sloUrl, issuer: TEST_SAML_IDP_ENTITY, nameId: other });
    const answered = await t.anonymous().get(`/saml/t/${org.tenant}/slo?${redirectQuery('SAMLRequest', request.xml)}`);
    const response = String(answered.headers.location);
    expect(response.startsWith(`${TEST_SAML_IDP_SLO_URL}?SAMLResponse=`)).toBe(true);
    expect(redirectSignatureVerifies(response, TEST_SAML_IDP_CERT)).toBe(true);
  });
});

describe('without a signing key', () => {
  let t: TestApp;
  let staff: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    const s = await createStaff(t.deps, '3');
    staff = await t.signIn(s.username, s.password);
  });
  afterAll(async () => t.close());

  it('sends its requests unsigned and its metadata says so, with no signing certificate', async () => {
    const org = await samlOrg(t, staff);
    const metadata = (await t.anonymous().get(`/api/t/${org.tenant}/saml/metadata`)).body;
    expect(metadata).toMatch(/AuthnRequestsSigned="false"/);
    expect(metadata).not.toContain('<KeyDescriptor');
    const started = await t.anonymous().get(`/api/t/${org.tenant}/sso/start`);
    const authorize = new URL(String(started.headers.location));
    expect(authorize.searchParams.get('Signature')).toBeNull();
    expect(authorize.searchParams.get('SigAlg')).toBeNull();
    const overview = await staff.get(`/api/hstm/organizations/${org.id}/idp_settings`);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().setup.saml_signing_certificate_sha256).toBeNull();
  });
});
