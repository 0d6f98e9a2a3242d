import { createSign, randomBytes } from 'node:crypto';
import { stringify } from 'node:querystring';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML identity provider for tests, built here: it reads our AuthnRequest from the redirect and
 * mints Responses signed with its own key (xml-crypto), with every field a test may want to get
 * wrong. The key pair is a throw-away self-signed one made for these tests (valid 2026-2046).
 */

export const TEST_SAML_IDP_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC6GX6f1qcnmi9O
P+VAdTpV1Vav3W7trny61YI9Zg16YtEx53RsHkIH7+4QIZ16jsXKi5FeowSaeIgO
hWJxetE1LnHwmAdfsuUijKCyFJJZtfh8STQd06kPSMjXwhAVFXpXKNoJXe3sW8FF
JCdKzI8pI3Ym8+mfU3u9Ne+vGd/2AE/yfEmkTgXG1/1s6BhJSZmYGjl1T8cOAYqb
92XsAHeDUSse+s3G+6SS7a6OmVYI9ns+DVLEsMJmFoN1bTj0jbnDsLmR/7F1Age9
DKXGyXDuRJuHEg8ywIL5Fq9Z9axdTVYbGHpXG4/Tm50s2VbYDll/Q5DWztZuqcly
7Y2pnMfNAgMBAAECggEAHJNSmVoyqNw+MaPntfnqKbOMT+J5UzTCQUa3QhScCDQJ
OZeijawoaSNDKPtIZ5ZpskazsoDnRuLayBlc0DOoJnmJvwRRHuA6L+UWaGchQSDg
gBEWLWhKotFYdEzU/wUhF9DAM2+sBhQ2vUD7vuVh1tLI+dqP1R+oC0SEwnHU17yE
FJrM5dckx3yCVzPt8++8ikqz9Tv6Tkyyzu35cP8b38lzRxzF5rdhiDa8iGDt8rhE
Wd4k2URTrbonrXjvgLIIfeTLXuRYN8fvKg/PhWu9R26bRm/UZKlO5vU6Ux9lmsgd
rD9pQ+xk7cOy6xxpIlWg2lo3EQSV0DiGYmSWAT7TjwKBgQD0XUSOaEkMw3yt6Oju
ZN8PfSxo8XzBXFP/JR+lLZMNNuhwnlldlKRQ7KyGaMlqEaaijuu/L5frx6DKFCfY
ihgbZs/F73plmYwkULhWlKGDRefvz5HxkgTa3J1CAyn0hNedWiM+dqDlD7ryca//
/yyEsZQkNFLsD6IOsfF35/9jSwKBgQDC9f8AbQBzL7LTg8lN/nlTFV9tt/9qxA7F
ZQ7JIHk0lO/Rbh9KWPNoVVrceKgA3n+1a/rgt3ceKVMWMj9v6vPV0Fpp1o0jJrOt
d2voDPPs4bNsCXATipmWbJRTg3LnW337be0XzcxlA9dsbkrf7vLE4hglt3nhYzkr
CnIZvNP6RwKBgQC3GF8y2N7LSnpUEGzfmwMrpt2ssCyK8TQau+UvLau+PgMBxxQs
syA/ZmaKu18XM6yIps/rS6zoRIasg1ervyT6+xj5NUufbuJ7n2PPs8QlCS8VF5FB
0OgEWUMXYCmChjrMMuqvddFucE/iMt7t0HO55Rib2/y51ajWm+vSrSlFawKBgAVj
78z/Nof4xaT7e9FgO9KEQMMz1ygIi7ABf0soTrGZfJf5x3uywegclAqMe3iqrjVB
6wnTiMOYuOdgNEjP4jYDMLzEZdqW81jUeHNOCGCATQmrqSGhL2XtUpyMgdzLtswA
2hFSa1hPpuEkm4VdgfDXn3tLe18z8xyxiT4U7nd5AoGBANglw3PluvewJ/rX+Ujx
g6SEs9SOUZzHX9jrNiA2bUUzx2UXB4vrXpVQ4Ilh2sQuEGUPjbkQGo80Q/RTsqdv
MAdCzLkiIkZ42oIFkgefz3nrn25XKePgtCnFJI66gx8LZVL2LvcQVj7q/a55ktrQ
nF+J9zUxXN+rxaEWMS2iIBNM
-----END PRIVATE KEY-----
`;

export const TEST_SAML_IDP_CERT = `-----BEGIN CERTIFICATE-----
MIIDQTCCAimgAwIBAgIUK62oGHjdIPCKvd3NRAzpDRbYzMQwDQYJKoZIhvcNAQEL
BQAwMDEWMBQGA1UEAwwNc2FtbC1pZHAudGVzdDEWMBQGA1UECgwNVGVzdCBTQU1M
IElkUDAeFw0yNjExMjMxNzIzMzlaFw00NjExMTgxNzIzMzlaMDAxFjAUBgNVBAMM
DXNhbWwtaWRwLnRlc3QxFjAUBgNVBAoMDVRlc3QgU0FNTCBJZFAwggEiMA0GCSqG
SIb3DQEBAQUAA4IBDwAwggEKAoIBAQC6GX6f1qcnmi9OP+VAdTpV1Vav3W7trny6
1YI9Zg16YtEx53RsHkIH7+4QIZ16jsXKi5FeowSaeIgOhWJxetE1LnHwmAdfsuUi
jKCyFJJZtfh8STQd06kPSMjXwhAVFXpXKNoJXe3sW8FFJCdKzI8pI3Ym8+mfU3u9
Ne+vGd/2AE/yfEmkTgXG1/1s6BhJSZmYGjl1T8cOAYqb92XsAHeDUSse+s3G+6SS
7a6OmVYI9ns+DVLEsMJmFoN1bTj0jbnDsLmR/7F1Age9DKXGyXDuRJuHEg8ywIL5
Fq9Z9axdTVYbGHpXG4/Tm50s2VbYDll/Q5DWztZuqcly7Y2pnMfNAgMBAAGjUzBR
MB0GA1UdDgQWBBQpClLmqxC60Gzm7zu1a/2lPXtJDjAfBgNVHSMEGDAWgBQpClLm
qxC60Gzm7zu1a/2lPXtJDjAPBgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3DQEBCwUA
A4IBAQAumvuuRIvfdSLEus+/DJ2XsZAq/OnSJtlLL8OoxktISdgEdVk9JE6Uh245
YkCkwA0X4QqpM+7juDaePIm//NgtF9YJs8DDkaAWIqqPHeJRqhp10kcrqEUw/QVK
ObXzCjJppDHC6Uiq5Ck7v0xh7LrPUtFhKtkZJmMfm7GxMQpzke33+FGB1anRsOBp
MFqxYwZqWtgtEjgHDHI3Rnr2NN2PAnkk5D36Rg5f3ZLqPxNLA5YgK7HP0r2uqJRI
rRl21Qrym6PB/E2RM0NgIyAUyz38Xiouor9YqEH0ck8q2vx3Mbkxvr65plYSbgsT
5JAay6pXG7ai9B1xuoJlWtYMtA9o
-----END CERTIFICATE-----
`;

export const TEST_SAML_IDP_ENTITY = 'https://idp.saml-test.example/metadata';
export const TEST_SAML_IDP_SSO_URL = 'https://idp.saml-test.example/sso';
export const TEST_SAML_IDP_SLO_URL = 'https://idp.saml-test.example/slo';

const iso = (ms: number) => new Date(ms).toISOString();
export const samlId = () => `_${randomBytes(16).toString('hex')}`;

/** The ID of the AuthnRequest in a redirect to the IdP (HTTP-Redirect binding: deflated, base64). */
export function authnRequestId(location: string): string {
  const request = new URL(location).searchParams.get('SAMLRequest') ?? '';
  const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
  const id = /\sID="([^"]+)"/.exec(xml)?.[1];
  if (!id) throw new Error(`no ID in the AuthnRequest: ${xml.slice(0, 200)}`);
  return id;
}

export interface MintOptions {
  inResponseTo: string | null;
  acsUrl: string;
  audience: string;
  nameId: string;
  email?: string;
  givenName?: string;
  surname?: string;
  assertionId?: string;
  destination?: string;
  recipient?: string;
  /** Milliseconds since the epoch (default: now); the assertion is valid five minutes from it. */
  issuedAt?: number;
  sign?: boolean;
  /** More attributes, each with its values (group lists, say). */
  attributes?: Record<string, string[]>;
}

export function assertionXml(o: MintOptions & { assertionId: string }): string {
  const now = o.issuedAt ?? Date.now();
  const inResponseTo = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : '';
  const attribute = (name: string, value: string | undefined) =>
    value === undefined
      ? ''
      : `<saml:Attribute Name="${name}"><saml:AttributeValue>${value}</saml:AttributeValue></saml:Attribute>`;
  const more = Object.entries(o.attributes ?? {})
    .map(
      ([name, values]) =>
        `<saml:Attribute Name="${name}">${values.map((v) => `<saml:AttributeValue>${v}</saml:AttributeValue>`).join('')}</saml:Attribute>`,
    )
    .join('');
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${o.assertionId}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${TEST_SAML_IDP_ENTITY}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${o.nameId}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${iso(now + 5 * 60_000)}" Recipient="${o.recipient ?? o.acsUrl}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${iso(now + 5 * 60_000)}">` +
    `<saml:AudienceRestriction><saml:Audience>${o.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${o.assertionId}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
    `</saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attribute('email', o.email)}${attribute('givenname', o.givenName)}${attribute('surname', o.surname)}${more}</saml:AttributeStatement>` +
    `</saml:Assertion>`
  );
}

/** Signs the element with ID `id` in `xml` (enveloped, exclusive c14n, RSA-SHA256). */
export function signElement(xml: string, id: string): string {
  const sig = new SignedXml({
    privateKey: TEST_SAML_IDP_KEY,
    publicCert: TEST_SAML_IDP_CERT,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: `//*[@ID='${id}']`,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  sig.computeSignature(xml, {
    location: { reference: `//*[@ID='${id}']/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return sig.getSignedXml();
}

export function responseXml(o: MintOptions, assertion: string): string {
  const inResponseTo = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : '';
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${samlId()}" Version="2.0" IssueInstant="${iso(o.issuedAt ?? Date.now())}" Destination="${o.destination ?? o.acsUrl}"${inResponseTo}>` +
    `<saml:Issuer>${TEST_SAML_IDP_ENTITY}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertion +
    `</samlp:Response>`
  );
}

/** A whole Response as an IdP posts it (base64), its assertion signed unless `sign: false`. */
export function mintResponse(o: MintOptions): { samlResponse: string; assertionId: string } {
  const assertionId = o.assertionId ?? samlId();
  let assertion = assertionXml({ ...o, assertionId });
  if (o.sign !== false) assertion = signElement(assertion, assertionId);
  return { samlResponse: Buffer.from(responseXml(o, assertion)).toString('base64'), assertionId };
}

// ---------------------------------------------------------------- single logout

const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

/** A SAML message of a redirect (HTTP-Redirect binding: deflated, base64), as XML. */
export function redirectMessage(location: string, field: 'SAMLRequest' | 'SAMLResponse'): string {
  const value = new URL(location).searchParams.get(field) ?? '';
  return inflateRawSync(Buffer.from(value, 'base64')).toString('utf8');
}

/** The fields of our LogoutRequest in a redirect to the IdP's SLO URL. */
export function logoutRequestOf(location: string) {
  const xml = redirectMessage(location, 'SAMLRequest');
  const pick = (re: RegExp) => re.exec(xml)?.[1] ?? null;
  return {
    xml,
    id: pick(/<samlp:LogoutRequest[^>]*\sID="([^"]+)"/),
    destination: pick(/\sDestination="([^"]+)"/),
    issuer: pick(/<saml:Issuer[^>]*>([^<]+)</),
    nameId: pick(/<saml:NameID[^>]*>([^<]+)</),
    nameIdFormat: pick(/<saml:NameID[^>]*Format="([^"]+)"/),
    sessionIndex: pick(/SessionIndex[^>]*>([^<]+)</),
  };
}

export interface LogoutMessageOptions {
  destination: string;
  id?: string;
  issuer?: string;
  /** Milliseconds since the epoch (default: now). */
  issuedAt?: number;
}

/** The IdP's LogoutResponse to our LogoutRequest. */
export function logoutResponseXml(o: LogoutMessageOptions & { inResponseTo: string | null; status?: string }): {
  xml: string;
  id: string;
} {
  const id = o.id ?? samlId();
  const inResponseTo = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : '';
  const status = o.status ?? 'urn:oasis:names:tc:SAML:2.0:status:Success';
  return {
    id,
    xml:
      `<samlp:LogoutResponse xmlns:samlp="${PROTOCOL}" xmlns:saml="${ASSERTION}" ID="${id}" Version="2.0" IssueInstant="${iso(o.issuedAt ?? Date.now())}" Destination="${o.destination}"${inResponseTo}>` +
      `<saml:Issuer>${o.issuer ?? TEST_SAML_IDP_ENTITY}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="${status}"/></samlp:Status>` +
      `</samlp:LogoutResponse>`,
  };
}

/** An IdP-initiated LogoutRequest for a NameID (and SessionIndex). */
export function logoutRequestXml(o: LogoutMessageOptions & { nameId: string; sessionIndex?: string }): {
  xml: string;
  id: string;
} {
  const id = o.id ?? samlId();
  const sessionIndex = o.sessionIndex ? `<samlp:SessionIndex>${o.sessionIndex}</samlp:SessionIndex>` : '';
  return {
    id,
    xml:
      `<samlp:LogoutRequest xmlns:samlp="${PROTOCOL}" xmlns:saml="${ASSERTION}" ID="${id}" Version="2.0" IssueInstant="${iso(o.issuedAt ?? Date.now())}" Destination="${o.destination}">` +
      `<saml:Issuer>${o.issuer ?? TEST_SAML_IDP_ENTITY}</saml:Issuer>` +
      `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${o.nameId}</saml:NameID>` +
      sessionIndex +
      `</samlp:LogoutRequest>`,
  };
}

/**
 * The query of an HTTP-Redirect carrying `xml`: deflated, base64, and (unless `sign` is false)
 * signed by the IdP's key over SAMLRequest/SAMLResponse, RelayState and SigAlg as the binding says.
 */
export function redirectQuery(
  field: 'SAMLRequest' | 'SAMLResponse',
  xml: string,
  options: { relayState?: string; sign?: boolean; key?: string } = {},
): string {
  const signed: Record<string, string> = { [field]: deflateRawSync(Buffer.from(xml)).toString('base64') };
  if (options.relayState) signed.RelayState = options.relayState;
  if (options.sign === false) return stringify(signed);
  signed.SigAlg = RSA_SHA256;
  const query = stringify(signed);
  const signature = createSign('RSA-SHA256')
    .update(query)
    .sign(options.key ?? TEST_SAML_IDP_KEY, 'base64');
  return `${query}&${stringify({ Signature: signature })}`;
}
