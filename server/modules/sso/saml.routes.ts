import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { withSystem } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import { notFound } from '../../http/errors';
import { publicRoute, type App, type PublicCtx } from '../../http/routes';
import { describe, SsoRefusal } from './oidc-client';
import { bindBrowser, finishSignIn, orgOfTenant, refuse, TenantParams, type Org } from './oidc.routes';
import { receiveLogout, type SloDelivery } from './saml-logout';
import { authorizeUrl, spAddresses, spMetadata, validateResponse } from './saml-sp';
import { findOrgSso, type SamlSso } from './sso-config';
import { signInIdentity } from './sso-users';
import { LOGIN_REQUEST_TTL_MS } from './sso.repo';

/** A SAMLResponse of a few KB is usual; 256 KB leaves room for large group lists, and no more. */
const ACS_BODY_LIMIT = 256 * 1024;
/** A logout message is far smaller: the HTTP-Redirect binding carries it in the address. */
const SLO_FIELD_LIMIT = 64 * 1024;

const addresses = (deps: Deps, org: Org) => spAddresses(deps.config, org.tenant);

/**
 * Binds a started SAML sign-in to the browser that started it (login CSRF: no one else's
 * SAMLResponse). Its own cookie, not the OIDC flow's, because it must travel with a different request.
 */
export const SAML_BROWSER_COOKIE = 'tenet_saml';

/**
 * The ACS receives the IdP's auto-posted form, a cross-site POST: only a SameSite=None cookie
 * travels with it, and browsers keep SameSite=None only with Secure, so over TLS it is both. On
 * plain http (development, tests) Secure cannot be set and a SameSite=None cookie without it would
 * be dropped, so it is Lax there, like the session cookie: it still travels when the IdP is on the
 * same site (a local test IdP on another port). Scoped to the ACS alone, which is the one address
 * that reads it.
 */
export function samlBrowserCookieOptions(req: FastifyRequest, tenant: string): CookieSerializeOptions {
  const tls = req.protocol === 'https';
  return {
    path: `/saml/t/${tenant}/acs`,
    httpOnly: true,
    sameSite: tls ? 'none' : 'lax',
    secure: tls,
    maxAge: LOGIN_REQUEST_TTL_MS / 1000,
  };
}

/** Sends the browser to the IdP with our AuthnRequest (its id remembered for InResponseTo, with this browser). */
export async function startSamlSignIn(ctx: PublicCtx, org: Org, sso: SamlSso): Promise<FastifyReply> {
  try {
    const browser = bindBrowser(ctx, SAML_BROWSER_COOKIE, samlBrowserCookieOptions(ctx.req, org.tenant));
    return ctx.reply.redirect(await authorizeUrl(ctx.deps, org.id, sso, addresses(ctx.deps, org), browser), 302);
  } catch (error) {
    if (error instanceof SsoRefusal) return refuse(ctx, org.tenant, error.code, error.reason);
    return refuse(ctx, org.tenant, 'unavailable', describe(error));
  }
}

const AcsBody = z.object({ SAMLResponse: z.string().max(ACS_BODY_LIMIT).optional() }).passthrough();

const sloField = z.string().max(SLO_FIELD_LIMIT).optional();
const SloFields = z
  .object({
    SAMLRequest: sloField,
    SAMLResponse: sloField,
    RelayState: z.string().max(1000).optional(),
    SigAlg: z.string().max(200).optional(),
    Signature: z.string().max(2000).optional(),
  })
  .passthrough();
type SloFields = z.infer<typeof SloFields>;

const plain = (fields: SloFields): Record<string, string | undefined> => ({
  SAMLRequest: fields.SAMLRequest,
  SAMLResponse: fields.SAMLResponse,
  RelayState: fields.RelayState,
  SigAlg: fields.SigAlg,
  Signature: fields.Signature,
});

/**
 * Our single logout service: a LogoutResponse to our LogoutRequest, or an IdP's LogoutRequest.
 * The browser always ends on the tenant page (or at the IdP, with our LogoutResponse); refusals
 * are logged and show nothing: our session has ended either way.
 */
async function singleLogout(ctx: PublicCtx, tenant: string, fields: SloFields, delivery: SloDelivery) {
  const { deps } = ctx;
  const org = await orgOfTenant(deps, tenant);
  const page = org ? `/t/${org.tenant}` : '/login';
  try {
    if (!org) throw new SsoRefusal('refused', 'a logout message for an unknown organization');
    const sso = await withSystem(deps.database.db, (tx) => findOrgSso(tx, org.id, org.idpProvider));
    if (!sso || sso.kind !== 'saml') throw new SsoRefusal('not_configured', 'the organization is not on SAML SSO');
    const outcome = await receiveLogout(deps, org.id, sso, addresses(deps, org), delivery, fields.RelayState ?? '');
    if (outcome.kind === 'response') {
      const line = outcome.success
        ? 'sso: the identity provider signed the person out (LogoutResponse)'
        : `sso: the identity provider did not confirm the sign-out (${outcome.status})`;
      deps.log[outcome.success ? 'info' : 'warn']({ requestId: ctx.requestId, orgId: org.id }, line);
      return ctx.reply.redirect(page, 302);
    }
    deps.log.info(
      { requestId: ctx.requestId, orgId: org.id, sessionsEnded: outcome.ended },
      'sso: signed out at the identity provider’s request (LogoutRequest)',
    );
    return ctx.reply.redirect(outcome.answerUrl ?? page, 302);
  } catch (error) {
    const reason = error instanceof SsoRefusal ? error.reason : describe(error);
    deps.log.warn({ requestId: ctx.requestId, tenant, reason }, `sso: logout message refused: ${reason}`);
    return ctx.reply.redirect(page, 302);
  }
}

export function registerSamlRoutes(app: App, deps: Deps): void {
  publicRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/t/:tenant/saml/metadata',
      summary: 'Our SAML service provider metadata for an organization (entity id, ACS URL, SLO URL)',
      schema: { params: TenantParams },
    },
    async (ctx, { params }) => {
      const org = await orgOfTenant(deps, params.tenant);
      if (!org) throw notFound('The organization');
      return ctx.reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .send(spMetadata(deps, org.id, addresses(deps, org)));
    },
  );

  publicRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/saml/t/:tenant/slo',
      summary: "SAML single logout (HTTP-Redirect): the IdP's LogoutResponse, or its signed LogoutRequest",
      schema: { params: TenantParams, querystring: SloFields },
    },
    async (ctx, { params, query }) => {
      // The signature of a redirect covers the address's own encoding: node-saml needs it raw.
      const rawQuery = ctx.req.url.includes('?') ? ctx.req.url.slice(ctx.req.url.indexOf('?') + 1) : '';
      return singleLogout(ctx, params.tenant, query, { binding: 'redirect', query: plain(query), rawQuery });
    },
  );

  // The IdP's browser POST comes from another site without our CSRF header: the ACS and SLO URLs
  // live outside /api (where that header is required) and are protected by what they check
  // instead (signature, InResponseTo of a request we made, audience, Destination, Recipient, one use;
  // at the ACS also the binding cookie of the browser that made the request).
  void app.register((child, _options, done) => {
    child.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT * 2 },
      (_req, body, next) => {
        try {
          next(null, Object.fromEntries(new URLSearchParams(String(body))));
        } catch (error) {
          next(error as Error);
        }
      },
    );
    publicRoute(
      child as App,
      deps,
      {
        method: 'POST',
        url: '/saml/t/:tenant/acs',
        summary: "SAML assertion consumer service: checks the IdP's response and opens the session",
        bodyLimit: ACS_BODY_LIMIT * 2,
        schema: { params: TenantParams, body: AcsBody },
      },
      async (ctx, { params, body }) => {
        const org = await orgOfTenant(deps, params.tenant);
        if (!org) return refuse(ctx, params.tenant, 'refused', 'SAML response for an unknown organization');
        try {
          const sso = await withSystem(deps.database.db, (tx) => findOrgSso(tx, org.id, org.idpProvider));
          if (!sso || sso.kind !== 'saml')
            throw new SsoRefusal('not_configured', 'the organization is not on SAML SSO');
          if (!body.SAMLResponse) throw new SsoRefusal('refused', 'no SAMLResponse in the post');
          const identity = await validateResponse(
            deps,
            org.id,
            sso,
            addresses(deps, org),
            body.SAMLResponse,
            ctx.req.cookies[SAML_BROWSER_COOKIE],
          );
          const signed = await withSystem(deps.database.db, (tx) => signInIdentity(ctx, tx, org, identity));
          deps.log.info({ orgId: org.id, userId: signed.userId, provider: 'SAML_SSO' }, 'sso: signed in');
          // Used: the request it bound is gone. Kept on a refusal, as the OIDC flow keeps its own,
          // so that another tab's sign-in in this browser (same value) is not broken.
          ctx.reply.clearCookie(SAML_BROWSER_COOKIE, samlBrowserCookieOptions(ctx.req, org.tenant));
          return await finishSignIn(ctx, org, signed);
        } catch (error) {
          if (error instanceof SsoRefusal) return refuse(ctx, org.tenant, error.code, error.reason);
          return refuse(ctx, org.tenant, 'refused', describe(error));
        }
      },
    );
    publicRoute(
      child as App,
      deps,
      {
        method: 'POST',
        url: '/saml/t/:tenant/slo',
        summary: "SAML single logout (HTTP-POST): the IdP's signed LogoutResponse or LogoutRequest",
        bodyLimit: SLO_FIELD_LIMIT * 3,
        schema: { params: TenantParams, body: SloFields },
      },
      async (ctx, { params, body }) => singleLogout(ctx, params.tenant, body, { binding: 'post', body: plain(body) }),
    );
    done();
  });
}
