import { randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../../shared/api/errors';
import type { SsoErrorCode } from '../../../shared/api/sso';
import { OrgStatus } from '../../../shared/domain/statuses';
import { withSystem } from '../../db/tenant';
import { setCsrfCookie } from '../../http/csrf';
import type { Deps } from '../../http/deps';
import { publicRoute, type App, type PublicCtx } from '../../http/routes';
import { sessionCookieOptions } from '../../http/session-context';
import { findOrgByTenant } from '../auth/auth.repo';
import { deleteSession } from '../auth/sessions.repo';
import { groupClaimNames, groupMappingSetup } from './group-mapping';
import {
  buildAuthorization,
  completeAuthorization,
  describe,
  fetchUserClaims,
  SsoRefusal,
  type IdClaims,
} from './oidc-client';
import { findOrgSso, ssoSetupValues, type OidcSso, type OrgSso } from './sso-config';
import { signInIdentity, type SsoIdentity } from './sso-users';
import { insertLoginRequest, LOGIN_REQUEST_TTL_MS, sameBrowserHash, takeLoginRequest } from './sso.repo';

/** Binds a started sign-in to the browser that started it (login CSRF: no one else's callback). */
export const SSO_BROWSER_COOKIE = 'tenet_sso';

export const TenantParams = z.object({ tenant: z.string().max(200) });
const TENANT_KEY = /^[A-Za-z0-9_-]{1,64}$/;

export type Org = NonNullable<Awaited<ReturnType<typeof findOrgByTenant>>>;

/** Back to the tenant page with a code the page turns into a sentence; the reason goes to the log. */
export function refuse(ctx: PublicCtx, tenant: string, code: SsoErrorCode, reason: string): FastifyReply {
  ctx.deps.log.warn({ requestId: ctx.requestId, tenant, code, reason }, `sso: sign-in refused (${code}): ${reason}`);
  const page = TENANT_KEY.test(tenant) ? `/t/${tenant}` : '/login';
  return ctx.reply.redirect(`${page}?sso_error=${code}`, 302);
}

/** The organisation of a tenant key, or null (unknown keys and malformed ones alike). */
export async function orgOfTenant(deps: Deps, tenant: string): Promise<Org | null> {
  if (!TENANT_KEY.test(tenant)) return null;
  return withSystem(deps.database.db, (tx) => findOrgByTenant(tx, tenant));
}

export const browserCookieOptions = (req: FastifyRequest, tenant: string) => ({
  ...sessionCookieOptions(req),
  path: `/api/t/${tenant}`,
  maxAge: LOGIN_REQUEST_TTL_MS / 1000,
});

/**
 * Sets a binding cookie and returns its value: an existing well-formed value is kept, so two tabs
 * signing in do not clash. Shared by the OIDC and SAML flows, each with its own cookie and path.
 */
export function bindBrowser(ctx: PublicCtx, name: string, options: CookieSerializeOptions): string {
  const current = ctx.req.cookies[name];
  const value = current && /^[A-Za-z0-9_-]{43}$/.test(current) ? current : randomBytes(32).toString('base64url');
  ctx.reply.setCookie(name, value, options);
  return value;
}

/** The browser's binding value for an OIDC sign-in. */
export function browserBinding(ctx: PublicCtx, tenant: string): string {
  return bindBrowser(ctx, SSO_BROWSER_COOKIE, browserCookieOptions(ctx.req, tenant));
}

export function sameBrowser(ctx: PublicCtx, expectedHash: string): boolean {
  return sameBrowserHash(ctx.req.cookies[SSO_BROWSER_COOKIE], expectedHash);
}

const claimText = (claims: IdClaims, key: string): string => {
  const value = claims[key];
  return typeof value === 'string' ? value.trim() : '';
};

/** The identity in a verified ID token: Azure by directory (tid) and object id (oid), others by subject. */
export function identityOf(sso: OidcSso, claims: IdClaims): SsoIdentity {
  let externalId = claims.sub;
  if (sso.provider === 'AD') {
    const tid = claimText(claims, 'tid');
    const oid = claimText(claims, 'oid');
    if (!tid || tid.toLowerCase() !== (sso.azureTenantId ?? '').toLowerCase()) {
      throw new SsoRefusal('refused', `the token's directory (tid ${tid || 'missing'}) is not the organization's`);
    }
    if (!oid) throw new SsoRefusal('refused', 'the Azure token has no object id (oid)');
    externalId = oid;
  }
  const email = claimText(claims, 'email') || (sso.provider === 'AD' ? claimText(claims, 'preferred_username') : '');
  const name = claimText(claims, 'name').split(/\s+/).filter(Boolean);
  return {
    provider: sso.provider,
    protocol: 'oidc',
    externalId,
    email: email.includes('@') ? email : '',
    firstName: claimText(claims, 'given_name') || name[0] || '',
    lastName: claimText(claims, 'family_name') || name.slice(1).join(' '),
    attributes: { ...claims },
  };
}

/**
 * The claims groups are read from: the ID token's, plus the userinfo endpoint's when the org maps
 * groups and the ID token does not carry the claim (hStream may put groups there only). Azure puts
 * groups in the ID token or nowhere (its userinfo never has them), so it is not asked. A userinfo
 * endpoint that fails leaves the groups unknown (memberships stay), not the sign-in refused.
 */
async function groupClaimsOf(
  deps: Deps,
  sso: OidcSso,
  claims: IdClaims,
  accessToken: string,
  orgId: number,
): Promise<{ claims: IdClaims; groupsUnknown?: string }> {
  if (sso.provider === 'AD') return { claims };
  const setup = await withSystem(deps.database.db, (tx) => groupMappingSetup(tx, orgId));
  const names = groupClaimNames('oidc', setup.claim).map((n) => n.toLowerCase());
  if (!setup.mapped || Object.keys(claims).some((k) => names.includes(k.toLowerCase()))) return { claims };
  try {
    const userinfo = await fetchUserClaims(deps, sso, accessToken, claims.sub);
    if (!userinfo) return { claims };
    const found = Object.entries(userinfo).filter(([k]) => names.includes(k.toLowerCase()));
    return { claims: { ...claims, ...Object.fromEntries(found) } as IdClaims };
  } catch (error) {
    return { claims, groupsUnknown: `the userinfo endpoint could not be read: ${describe(error)}` };
  }
}

/** Sets the new session's cookies (the presented session, perhaps planted, ends) and goes to the library. */
export async function finishSignIn(
  ctx: PublicCtx,
  org: Org,
  signed: { token: string; csrfToken: string },
): Promise<FastifyReply> {
  const presented = ctx.actor;
  if (presented) await withSystem(ctx.deps.database.db, (tx) => deleteSession(tx, presented.sessionId));
  ctx.reply.clearCookie(SSO_BROWSER_COOKIE, browserCookieOptions(ctx.req, org.tenant));
  ctx.reply.setCookie(SESSION_COOKIE, signed.token, sessionCookieOptions(ctx.req));
  setCsrfCookie(ctx.req, ctx.reply, signed.csrfToken);
  return ctx.reply.redirect(`/orgs/${org.id}/pnps`, 302);
}

const CallbackQuery = z
  .object({
    code: z.string().max(4000).optional(),
    state: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
  })
  .passthrough();

/** SAML's start is its own module's; passed in so that the two flows share one start address. */
type SamlStart = (ctx: PublicCtx, org: Org, sso: Extract<OrgSso, { kind: 'saml' }>) => Promise<FastifyReply>;

export function registerOidcRoutes(app: App, deps: Deps, startSaml: SamlStart): void {
  publicRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/t/:tenant/sso/start',
      summary: "Starts single sign-on: a redirect to the organization's identity provider",
      schema: { params: TenantParams },
    },
    async (ctx, { params }) => {
      const org = await orgOfTenant(deps, params.tenant);
      if (!org) return refuse(ctx, params.tenant, 'not_configured', 'unknown organization');
      if (org.status === OrgStatus.Locked) return refuse(ctx, org.tenant, 'org_locked', 'the organization is locked');
      if (org.status !== OrgStatus.Enabled) {
        return refuse(ctx, org.tenant, 'org_disabled', 'the organization is disabled');
      }
      const sso = await withSystem(deps.database.db, (tx) => findOrgSso(tx, org.id, org.idpProvider));
      if (!sso) return refuse(ctx, org.tenant, 'not_configured', `no single sign-on for ${org.idpProvider ?? 'none'}`);
      if (sso.kind === 'saml') return startSaml(ctx, org, sso);
      const redirectUri = ssoSetupValues(deps.config, org.tenant).redirect_uri;
      try {
        const start = await buildAuthorization(deps, sso, redirectUri);
        const browser = browserBinding(ctx, org.tenant);
        await withSystem(deps.database.db, (tx) =>
          insertLoginRequest(tx, {
            orgId: org.id,
            provider: sso.provider,
            state: start.state,
            browser,
            codeVerifier: start.codeVerifier,
            nonce: start.nonce,
            now: ctx.now,
          }),
        );
        return ctx.reply.redirect(start.url, 302);
      } catch (error) {
        if (error instanceof SsoRefusal) return refuse(ctx, org.tenant, error.code, error.reason);
        return refuse(ctx, org.tenant, 'unavailable', describe(error));
      }
    },
  );

  publicRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/t/:tenant/sso/callback',
      summary: "The identity provider's answer: checks it, opens the session and goes to the library",
      schema: { params: TenantParams, querystring: CallbackQuery },
    },
    async (ctx, { params, query }) => {
      const org = await orgOfTenant(deps, params.tenant);
      if (!org) return refuse(ctx, params.tenant, 'refused', 'callback for an unknown organization');
      try {
        if (!query.state) throw new SsoRefusal('refused', 'the answer has no state');
        const state = query.state;
        const request = await withSystem(deps.database.db, (tx) => takeLoginRequest(tx, org.id, state));
        if (!request) throw new SsoRefusal('expired', 'unknown or already used state');
        if (request.expiresAt <= ctx.now) throw new SsoRefusal('expired', 'the sign-in request expired');
        if (!sameBrowser(ctx, request.browserHash)) {
          throw new SsoRefusal('refused', 'the answer arrived in another browser than the one that started');
        }
        if (query.error) throw new SsoRefusal('cancelled', `the identity provider answered ${query.error}`);
        const sso = await withSystem(deps.database.db, (tx) => findOrgSso(tx, org.id, org.idpProvider));
        if (!sso || sso.kind !== 'oidc' || sso.provider !== request.provider) {
          throw new SsoRefusal('not_configured', 'the organization changed its sign-in source meanwhile');
        }
        const setup = ssoSetupValues(deps.config, org.tenant);
        const currentUrl = new URL(ctx.req.url, setup.redirect_uri);
        const answer = await completeAuthorization(deps, sso, currentUrl, {
          state,
          nonce: request.nonce,
          codeVerifier: request.codeVerifier,
          redirectUri: setup.redirect_uri,
        });
        const read = await groupClaimsOf(deps, sso, answer.claims, answer.accessToken, org.id);
        const identity = identityOf(sso, read.claims);
        if (read.groupsUnknown) identity.groupsUnknown = read.groupsUnknown;
        const signed = await withSystem(deps.database.db, (tx) => signInIdentity(ctx, tx, org, identity));
        deps.log.info({ orgId: org.id, userId: signed.userId, provider: sso.provider }, 'sso: signed in');
        return await finishSignIn(ctx, org, signed);
      } catch (error) {
        if (error instanceof SsoRefusal) return refuse(ctx, org.tenant, error.code, error.reason);
        return refuse(ctx, org.tenant, 'refused', describe(error));
      }
    },
  );
}
