import * as client from 'openid-client';
import type { SsoErrorCode } from '../../../shared/api/sso';
import type { Deps } from '../../http/deps';
import { SecretUnreadableError } from '../../platform/secret-box';
import { secretsKeyOf } from '../../platform/secrets-key';
import { openIdpSecret } from '../hstm-idp/idp-secrets';
import type { OidcSso } from './sso-config';

/**
 * The OpenID Connect side of sign-in (openid-client): discovery of the issuer (cached per process
 * for ten minutes: it rarely changes and the sign-in page should not wait for it), the
 * authorization URL with PKCE (S256), state and nonce, and the code exchange whose ID token is
 * checked for signature, issuer, audience, expiry, nonce and state. Our clock (deps.clock) is the
 * one tokens are judged by, so tests can move time.
 */

const DISCOVERY_TTL_MS = 10 * 60_000;
const TIMEOUT_SECONDS = 10;

const discovered = new Map<string, { metadata: client.ServerMetadata; at: number }>();
const jwksCaches = new Map<string, client.ExportedJWKSCache>();

/** A failure with the reason for the log and the code the user's page shows. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const insecure = (issuer: string): boolean => issuer.startsWith('http:');

async function serverMetadata(sso: OidcSso): Promise<client.ServerMetadata> {
  const cached = discovered.get(sso.issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.metadata;
  let config: client.Configuration;
  try {
    config = await client.discovery(new URL(sso.issuer), sso.clientId, undefined, undefined, {
      timeout: TIMEOUT_SECONDS,
      ...(insecure(sso.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    throw new SsoRefusal('unavailable', `discovery of ${sso.issuer} failed: ${describe(error)}`);
  }
  const metadata = config.serverMetadata();
  discovered.set(sso.issuer, { metadata, at: Date.now() });
  return metadata;
}

/**
 * The client secret in plain text, for this request only. One that no longer opens (saved under
 * another secrets key) refuses the sign-in before the person is sent to the identity provider.
 */
function clientSecretOf(deps: Deps, sso: OidcSso): string {
  try {
    // Trimmed, as sign-in has always read the stored value.
    return openIdpSecret(secretsKeyOf(deps.config), sso.clientSecret).trim();
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    throw new SsoRefusal(
      'not_configured',
      `the stored client secret of ${sso.provider} cannot be decrypted with this server's secrets key: staff must enter it again`,
    );
  }
}

/** A client configuration for one request, judging time by our clock. */
async function configurationFor(deps: Deps, sso: OidcSso): Promise<client.Configuration> {
  const secret = clientSecretOf(deps, sso);
  const metadata = await serverMetadata(sso);
  const skewSeconds = Math.round((deps.clock.now().getTime() - Date.now()) / 1000);
  const config = new client.Configuration(
    metadata,
    sso.clientId,
    { [client.clockSkew]: skewSeconds, [client.clockTolerance]: 60 },
    secret ? client.ClientSecretPost(secret) : client.None(),
  );
  config.timeout = TIMEOUT_SECONDS;
  if (insecure(sso.issuer)) client.allowInsecureRequests(config);
  const jwks = jwksCaches.get(sso.issuer);
  if (jwks) client.setJwksCache(config, jwks);
  return config;
}

export interface AuthorizationStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function buildAuthorization(deps: Deps, sso: OidcSso, redirectUri: string): Promise<AuthorizationStart> {
  const config = await configurationFor(deps, sso);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

export type IdClaims = client.IDToken;

/** Exchanges the code: the verified ID token's claims and the access token; every failure is an SsoRefusal. */
export async function completeAuthorization(
  deps: Deps,
  sso: OidcSso,
  currentUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
): Promise<{ claims: IdClaims; accessToken: string }> {
  const config = await configurationFor(deps, sso);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(
      config,
      currentUrl,
      {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: checks.redirectUri },
    );
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError) {
      throw new SsoRefusal('cancelled', `the identity provider answered ${error.error}`);
    }
    const code = (error as { code?: string }).code;
    if (code === 'OAUTH_TIMEOUT' || code === 'ECONNREFUSED' || (error as { name?: string }).name === 'TimeoutError') {
      throw new SsoRefusal('unavailable', `the token endpoint could not be reached: ${describe(error)}`);
    }
    throw new SsoRefusal('refused', `the sign-in response was refused: ${describe(error)}`);
  }
  const jwks = client.getJwksCache(config);
  if (jwks) jwksCaches.set(sso.issuer, jwks);
  const claims = tokens.claims();
  if (!claims) throw new SsoRefusal('refused', 'the token response had no ID token');
  return { claims, accessToken: tokens.access_token };
}

/**
 * The userinfo claims of the person the ID token named (the subject must match), or null when the
 * issuer publishes no userinfo endpoint. Read only when a claim we need is not in the ID token.
 */
export async function fetchUserClaims(
  deps: Deps,
  sso: OidcSso,
  accessToken: string,
  subject: string,
): Promise<Record<string, unknown> | null> {
  const config = await configurationFor(deps, sso);
  if (!config.serverMetadata().userinfo_endpoint) return null;
  return client.fetchUserInfo(config, accessToken, subject);
}

/** The IdP's end-session address (RP-initiated logout), or null when it publishes none. */
export async function endSessionUrl(deps: Deps, sso: OidcSso, postLogoutRedirectUri: string): Promise<string | null> {
  const config = await configurationFor(deps, sso);
  if (!config.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(config, {
    client_id: sso.clientId,
    post_logout_redirect_uri: postLogoutRedirectUri,
  }).href;
}

/** One line for the log: the library's message and, for wrapped errors, their cause. */
export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${code ? `${code}: ` : ''}${error.message}${cause}`.slice(0, 500);
}

/** Tests: forget discovered issuers (a stand-in restarted on another port). */
export function forgetDiscoveredIssuers(): void {
  discovered.clear();
  jwksCaches.clear();
}
