import { inflateRawSync } from 'node:zlib';
import type { Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { withSystem } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import { describe, SsoRefusal } from './oidc-client';
import { serviceProvider, type SpAddresses } from './saml-sp';
import { endSamlSessions, type SamlSessionRow } from './saml-sessions.repo';
import type { SamlSso } from './sso-config';
import { rememberAssertion } from './sso.repo';

/**
 * SAML single logout (issue 16), with @node-saml/node-saml:
 * - signing out here sends the browser to the IdP's SLO URL with our LogoutRequest for the NameID
 *   and SessionIndex of the sign-in (HTTP-Redirect binding; unsigned, as we hold no SP signing
 *   key: node-saml signs only when given one);
 * - the IdP's LogoutResponse comes back to our SLO URL (HTTP-Redirect or HTTP-POST) and is checked;
 *   nothing rests on it, since our session ended first;
 * - an IdP's own LogoutRequest (another application was signed out) must be signed, by the IdP's
 *   certificate, recent, and used once; it ends the sessions of its NameID (and SessionIndex), and
 *   we answer with a LogoutResponse at the IdP's SLO URL.
 */

const UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
/** How far an IdP's LogoutRequest may be from our clock, and how long its id is remembered. */
const REQUEST_WINDOW_MS = 10 * 60_000;
/** A logout message is a few hundred bytes; an inflated one past this is refused. */
const MESSAGE_MAX_BYTES = 256 * 1024;

/** The IdP's SLO address carrying our LogoutRequest for the subject of a session that has ended. */
export async function samlLogoutUrl(
  deps: Deps,
  orgId: number,
  sso: SamlSso,
  sp: SpAddresses,
  row: SamlSessionRow,
): Promise<string> {
  const subject: Profile = {
    issuer: sso.idpEntityId,
    nameID: row.nameId,
    nameIDFormat: row.nameIdFormat ?? UNSPECIFIED,
    ...(row.nameQualifier ? { nameQualifier: row.nameQualifier } : {}),
    ...(row.spNameQualifier ? { spNameQualifier: row.spNameQualifier } : {}),
    ...(row.sessionIndex ? { sessionIndex: row.sessionIndex } : {}),
  };
  return serviceProvider(deps, orgId, sso, sp, 'logout').getLogoutUrlAsync(subject, '', {});
}

/** A logout message at our SLO URL, as its binding delivered it. */
export type SloDelivery =
  | { binding: 'redirect'; query: Record<string, string | undefined>; rawQuery: string }
  | { binding: 'post'; body: Record<string, string | undefined> };

/** What a checked logout message said and what we did. */
export type SloOutcome =
  { kind: 'response'; success: boolean; status: string } | { kind: 'request'; ended: number; answerUrl: string | null };

const parse = (xml: string): Document =>
  new DOMParser({
    errorHandler: (level: string, message: unknown) => {
      if (level !== 'warning') throw new Error(String(message));
    },
  }).parseFromString(xml, 'text/xml');

function messageXml(delivery: SloDelivery, field: 'SAMLRequest' | 'SAMLResponse'): string {
  const value = delivery.binding === 'redirect' ? delivery.query[field] : delivery.body[field];
  const bytes = Buffer.from(value ?? '', 'base64');
  return (
    delivery.binding === 'redirect' ? inflateRawSync(bytes, { maxOutputLength: MESSAGE_MAX_BYTES }) : bytes
  ).toString('utf8');
}

const first = (doc: Document, localName: string) => doc.getElementsByTagNameNS('*', localName).item(0);

async function checkResponse(deps: Deps, orgId: number, sso: SamlSso, sp: SpAddresses, delivery: SloDelivery) {
  const saml = serviceProvider(deps, orgId, sso, sp, 'logout');
  if (delivery.binding === 'redirect') {
    // Checks the issuer, the status (Success only), InResponseTo (a LogoutRequest we sent) and the
    // query signature when there is one.
    await saml.validateRedirectAsync(delivery.query, delivery.rawQuery);
    return { kind: 'response' as const, success: true, status: SUCCESS };
  }
  // A posted LogoutResponse must carry a valid signature of the IdP; node-saml reads no more of
  // it, so the issuer and the status are read here.
  const result = await saml.validatePostResponseAsync({ SAMLResponse: delivery.body.SAMLResponse ?? '' });
  if (!result.loggedOut || result.profile) throw new Error('not a LogoutResponse');
  const doc = parse(messageXml(delivery, 'SAMLResponse'));
  const issuer = first(doc, 'Issuer')?.textContent?.trim() ?? '';
  if (issuer !== sso.idpEntityId) throw new Error(`LogoutResponse issuer ${issuer || '(none)'} is not the IdP's`);
  const status = first(doc, 'StatusCode')?.getAttribute('Value') ?? '';
  return { kind: 'response' as const, success: status === SUCCESS, status };
}

async function checkRequest(deps: Deps, orgId: number, sso: SamlSso, sp: SpAddresses, delivery: SloDelivery) {
  const saml = serviceProvider(deps, orgId, sso, sp, 'logout');
  let profile: Profile;
  if (delivery.binding === 'redirect') {
    // node-saml accepts a redirect without a signature; a request that signs someone out must have one.
    if (!delivery.query.Signature || !delivery.query.SigAlg) throw new Error('the LogoutRequest is not signed');
    const result = await saml.validateRedirectAsync(delivery.query, delivery.rawQuery);
    if (!result.profile) throw new Error('not a LogoutRequest');
    profile = result.profile;
  } else {
    // The XML signature of the whole request, by the IdP's certificate, and its issuer.
    profile = (await saml.validatePostRequestAsync({ SAMLRequest: delivery.body.SAMLRequest ?? '' })).profile;
  }
  if (profile.issuer !== sso.idpEntityId) throw new Error(`LogoutRequest issuer ${profile.issuer} is not the IdP's`);
  const doc = parse(messageXml(delivery, 'SAMLRequest'));
  const issued = Date.parse(doc.documentElement?.getAttribute('IssueInstant') ?? '');
  const now = deps.clock.now();
  if (!Number.isFinite(issued) || Math.abs(issued - now.getTime()) > REQUEST_WINDOW_MS) {
    throw new Error('the LogoutRequest was not issued in the last ten minutes');
  }
  const id = profile.ID ?? '';
  const fresh = await withSystem(deps.database.db, (tx) =>
    rememberAssertion(tx, orgId, `logout:${id}`, new Date(now.getTime() + 2 * REQUEST_WINDOW_MS), now),
  );
  if (!fresh) throw new Error(`LogoutRequest ${id} was already used (replay)`);
  return profile;
}

/**
 * Checks a logout message at our SLO URL and acts on it; any failure is an SsoRefusal with the
 * reason for the log. `relayState` goes back to the IdP with our LogoutResponse.
 */
export async function receiveLogout(
  deps: Deps,
  orgId: number,
  sso: SamlSso,
  sp: SpAddresses,
  delivery: SloDelivery,
  relayState: string,
): Promise<SloOutcome> {
  const fields = delivery.binding === 'redirect' ? delivery.query : delivery.body;
  try {
    if (fields.SAMLResponse) return await checkResponse(deps, orgId, sso, sp, delivery);
    if (!fields.SAMLRequest) throw new Error('neither a SAMLRequest nor a SAMLResponse');
    const profile = await checkRequest(deps, orgId, sso, sp, delivery);
    const ended = await withSystem(deps.database.db, (tx) =>
      endSamlSessions(tx, orgId, profile.nameID, profile.sessionIndex ?? null),
    );
    const answerUrl = sso.sloUrl
      ? await serviceProvider(deps, orgId, sso, sp, 'logout').getLogoutResponseUrlAsync(profile, relayState, {}, true)
      : null;
    return { kind: 'request', ended, answerUrl };
  } catch (error) {
    if (error instanceof SsoRefusal) throw error;
    throw new SsoRefusal('refused', `SAML logout message refused: ${describe(error)}`);
  }
}
