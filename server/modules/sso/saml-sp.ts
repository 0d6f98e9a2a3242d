import { DOMParser } from '@xmldom/xmldom';
import { and, eq, gt } from 'drizzle-orm';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { ssoLoginRequests } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import { describe, SsoRefusal } from './oidc-client';
import type { Config } from '../../config';
import { ssoSetupValues, type SamlSso } from './sso-config';
import type { SsoIdentity } from './sso-users';
import { insertLoginRequest, LOGIN_REQUEST_TTL_MS, rememberAssertion, sameBrowserHash, sha256 } from './sso.repo';

/**
 * Our SAML 2.0 service provider (@node-saml/node-saml) for one organisation. node-saml checks the
 * signature of the assertion (required: wantAssertionsSigned; one assertion only, so a wrapped copy
 * is refused), the audience (our entity id), the time window (NotBefore / NotOnOrAfter, one
 * minute of clock skew) and InResponseTo (a request we made, kept in sso_login_requests so any
 * process can check it, used once). We add what it leaves out: Destination and Recipient must be
 * our ACS URL, an assertion id is accepted once only (sso_used_assertions), and the response must
 * be posted by the browser that started the sign-in (login CSRF): the hash of that browser's binding
 * cookie is kept with the request id, and the ACS's lookup of InResponseTo compares it.
 */

export interface SpAddresses {
  entityId: string;
  acsUrl: string;
  /** Our single logout service: LogoutResponses and the IdP's LogoutRequests come here. */
  sloUrl: string;
}

/** Our addresses for one organisation, as the IdP knows them. */
export function spAddresses(config: Pick<Config, 'publicUrl' | 'samlSigning'>, tenant: string): SpAddresses {
  const setup = ssoSetupValues(config, tenant);
  return { entityId: setup.sp_entity_id, acsUrl: setup.acs_url, sloUrl: setup.slo_url };
}

/**
 * node-saml's request-id cache, kept in the database per organisation. `browser` is the sign-in's
 * binding cookie: stored (hashed) with the AuthnRequest's id at the start, and at the ACS the value
 * the posting browser presents, which must match. `checkBrowser` is off for logout messages: they
 * grant nothing, and the IdP's LogoutResponse may reach us without any cookie of ours.
 */
function requestCache(deps: Deps, orgId: number, browser: string | undefined, checkBrowser: boolean): CacheProvider {
  return {
    saveAsync: async (key: string, value: string) => {
      await withSystem(deps.database.db, (tx) =>
        insertLoginRequest(tx, {
          orgId,
          provider: 'SAML_SSO',
          state: key,
          browser: browser ?? '',
          codeVerifier: '',
          nonce: '',
          now: deps.clock.now(),
        }),
      );
      return { value, createdAt: deps.clock.now().getTime() };
    },
    getAsync: async (key: string) => {
      if (!key) return null;
      const [row] = await withSystem(deps.database.db, (tx) =>
        tx
          .select({ createdAt: ssoLoginRequests.createdAt, browserHash: ssoLoginRequests.browserHash })
          .from(ssoLoginRequests)
          .where(
            and(
              eq(ssoLoginRequests.orgId, orgId),
              eq(ssoLoginRequests.stateHash, sha256(key)),
              eq(ssoLoginRequests.provider, 'SAML_SSO'),
              gt(ssoLoginRequests.expiresAt, deps.clock.now()),
            ),
          )
          .limit(1),
      );
      if (!row) return null;
      // Thrown, not null: node-saml would call null "InResponseTo is not valid" (an expired sign-in),
      // and this is someone else's sign-in. node-saml still removes the request on its way out, so
      // the response cannot be tried again, as the OIDC flow's state is used up by a wrong browser.
      if (checkBrowser && !sameBrowserHash(browser, row.browserHash)) {
        throw new SsoRefusal(
          'refused',
          `the SAML response arrived in another browser than the one that started the sign-in (binding cookie ${browser ? 'of another browser' : 'missing'})`,
        );
      }
      // node-saml reads the value as the time the request was made.
      return row.createdAt.toISOString();
    },
    removeAsync: async (key: string | null) => {
      if (!key) return null;
      const removed = await withSystem(deps.database.db, (tx) =>
        tx
          .delete(ssoLoginRequests)
          .where(and(eq(ssoLoginRequests.orgId, orgId), eq(ssoLoginRequests.stateHash, sha256(key))))
          .returning({ id: ssoLoginRequests.id }),
      );
      return removed.length > 0 ? key : null;
    },
  };
}

/**
 * `logout`: the single logout service's variant. It checks the issuer of logout messages (the
 * IdP's entity id), and InResponseTo only where one is present: node-saml looks for it on a
 * Response element only, so a posted LogoutResponse would otherwise always be refused. Nothing is
 * granted on a LogoutResponse (our session has ended already), so an unmatched one costs nothing.
 * `browser`: the sign-in's binding cookie (see requestCache); none at the ACS means refused.
 */
export function serviceProvider(
  deps: Deps,
  orgId: number,
  sso: SamlSso | null,
  sp: SpAddresses,
  variant: 'sign-in' | 'logout' = 'sign-in',
  browser?: string,
): SAML {
  return new SAML({
    callbackUrl: sp.acsUrl,
    logoutCallbackUrl: sp.sloUrl,
    issuer: sp.entityId,
    audience: sp.entityId,
    // Metadata is published before the IdP is known; a certificate is needed to build the object.
    idpCert: sso?.certificate ?? 'none',
    entryPoint: sso?.ssoUrl ?? sp.acsUrl,
    ...(sso?.sloUrl ? { logoutUrl: sso.sloUrl } : {}),
    ...(variant === 'logout' && sso ? { idpIssuer: sso.idpEntityId } : {}),
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: variant === 'logout' ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: LOGIN_REQUEST_TTL_MS,
    cacheProvider: requestCache(deps, orgId, browser, variant === 'sign-in'),
    acceptedClockSkewMs: 60_000,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    // With the deployment's signing key, node-saml signs every message it sends by redirect
    // (AuthnRequest, LogoutRequest, LogoutResponse): SigAlg and Signature in the query.
    ...(deps.config.samlSigning ? { privateKey: deps.config.samlSigning.privateKey } : {}),
  });
}

/** The IdP address our AuthnRequest (HTTP-Redirect binding) goes to; its id is kept bound to `browser`. */
export async function authorizeUrl(
  deps: Deps,
  orgId: number,
  sso: SamlSso,
  sp: SpAddresses,
  browser: string,
): Promise<string> {
  try {
    return await serviceProvider(deps, orgId, sso, sp, 'sign-in', browser).getAuthorizeUrlAsync('', undefined, {});
  } catch (error) {
    throw new SsoRefusal('unavailable', `the SAML request could not be built: ${describe(error)}`);
  }
}

export function spMetadata(deps: Deps, orgId: number, sp: SpAddresses): string {
  // With a signing key: AuthnRequestsSigned="true" and the certificate as a signing KeyDescriptor.
  return serviceProvider(deps, orgId, null, sp).generateServiceProviderMetadata(
    null,
    deps.config.samlSigning?.certificate ?? null,
  );
}

const parser = () =>
  new DOMParser({
    // Malformed XML is refused, not repaired.
    errorHandler: (level: string, message: unknown) => {
      if (level !== 'warning') throw new Error(String(message));
    },
  });

const first = (doc: Document, localName: string) => doc.getElementsByTagNameNS('*', localName).item(0);

const ATTRIBUTE_NAMES = {
  email: ['email', 'mail', 'emailaddress', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'],
  firstName: [
    'givenname',
    'firstname',
    'given_name',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  ],
  lastName: [
    'surname',
    'sn',
    'lastname',
    'family_name',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  ],
};

function attribute(profile: Profile, names: string[]): string {
  for (const [key, value] of Object.entries(profile as Record<string, unknown>)) {
    if (!names.includes(key.toLowerCase())) continue;
    const text: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof text === 'string' && text.trim()) return text.trim();
  }
  return '';
}

/**
 * Checks a posted SAMLResponse completely and returns who signed in; every failure is an SsoRefusal.
 * `browser`: the binding cookie the posting browser presented (undefined when it sent none).
 */
export async function validateResponse(
  deps: Deps,
  orgId: number,
  sso: SamlSso,
  sp: SpAddresses,
  samlResponse: string,
  browser: string | undefined,
): Promise<SsoIdentity> {
  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(deps, orgId, sso, sp, 'sign-in', browser).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (error) {
    // Our own refusal from the request cache (another browser's response) keeps its reason.
    if (error instanceof SsoRefusal) throw error;
    const reason = describe(error);
    // A request id we no longer know: the sign-in took too long or its answer was already used.
    const stale = /InResponseTo is not valid/i.test(reason);
    throw new SsoRefusal(stale ? 'expired' : 'refused', `SAML response refused: ${reason}`);
  }
  if (!profile) throw new SsoRefusal('refused', 'SAML response without an assertion');

  let response: Document;
  let assertion: Document;
  try {
    response = parser().parseFromString(profile.getSamlResponseXml?.() ?? '', 'text/xml');
    assertion = parser().parseFromString(profile.getAssertionXml?.() ?? '', 'text/xml');
  } catch (error) {
    throw new SsoRefusal('refused', `SAML response unreadable: ${describe(error)}`);
  }
  const destination = response.documentElement?.getAttribute('Destination') ?? '';
  if (destination && destination !== sp.acsUrl) {
    throw new SsoRefusal('refused', `SAML response Destination ${destination} is not our ACS URL`);
  }
  const recipient = first(assertion, 'SubjectConfirmationData')?.getAttribute('Recipient') ?? '';
  if (recipient !== sp.acsUrl) {
    throw new SsoRefusal('refused', `SAML assertion Recipient ${recipient || '(none)'} is not our ACS URL`);
  }
  const assertionId = assertion.documentElement?.getAttribute('ID') ?? '';
  if (!assertionId) throw new SsoRefusal('refused', 'SAML assertion without an ID');
  const notOnOrAfter = Date.parse(first(assertion, 'Conditions')?.getAttribute('NotOnOrAfter') ?? '');
  const now = deps.clock.now();
  const keepUntil = new Date(
    Math.max(Number.isFinite(notOnOrAfter) ? notOnOrAfter : 0, now.getTime() + LOGIN_REQUEST_TTL_MS) + 60_000,
  );
  const fresh = await withSystem(deps.database.db, (tx) => rememberAssertion(tx, orgId, assertionId, keepUntil, now));
  if (!fresh) throw new SsoRefusal('refused', `SAML assertion ${assertionId} was already used (replay)`);

  const nameId = profile.nameID?.trim() ?? '';
  const email = attribute(profile, ATTRIBUTE_NAMES.email) || (nameId.includes('@') ? nameId : '');
  const attributes = profile.attributes;
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  return {
    provider: 'SAML_SSO',
    protocol: 'saml',
    externalId: nameId.slice(0, 255),
    email: email.includes('@') ? email : '',
    firstName: attribute(profile, ATTRIBUTE_NAMES.firstName),
    lastName: attribute(profile, ATTRIBUTE_NAMES.lastName),
    attributes: typeof attributes === 'object' && attributes !== null ? (attributes as Record<string, unknown>) : {},
    // The NameID exactly as the IdP sent it (untrimmed): a LogoutRequest must name it the same way.
    saml: {
      nameId: profile.nameID ?? '',
      nameIdFormat: text(profile.nameIDFormat),
      nameQualifier: text(profile.nameQualifier),
      spNameQualifier: text(profile.spNameQualifier),
      sessionIndex: text(profile.sessionIndex),
    },
  };
}
