import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { withSystem } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import { notFound } from '../../http/errors';
import { publicRoute, type App, type PublicCtx } from '../../http/routes';
import { describe, SsoRefusal } from './oidc-client';
import { finishSignIn, orgOfTenant, refuse, TenantParams, type Org } from './oidc.routes';
import { authorizeUrl, spMetadata, validateResponse, type SpAddresses } from './saml-sp';
import { findOrgSso, ssoSetupValues, type SamlSso } from './sso-config';
import { signInIdentity } from './sso-users';

/** A SAMLResponse of a few KB is usual; 256 KB leaves room for large group lists, and no more. */
const ACS_BODY_LIMIT = 256 * 1024;

function addresses(deps: Deps, org: Org): SpAddresses {
  const setup = ssoSetupValues(deps.config, org.tenant);
  return { entityId: setup.sp_entity_id, acsUrl: setup.acs_url };
}

/** Sends the browser to the IdP with our AuthnRequest (its id remembered for InResponseTo). */
export async function startSamlSignIn(ctx: PublicCtx, org: Org, sso: SamlSso): Promise<FastifyReply> {
  try {
    return ctx.reply.redirect(await authorizeUrl(ctx.deps, org.id, sso, addresses(ctx.deps, org)), 302);
  } catch (error) {
    if (error instanceof SsoRefusal) return refuse(ctx, org.tenant, error.code, error.reason);
    return refuse(ctx, org.tenant, 'unavailable', describe(error));
  }
}

const AcsBody = z.object({ SAMLResponse: z.string().max(ACS_BODY_LIMIT).optional() }).passthrough();

export function registerSamlRoutes(app: App, deps: Deps): void {
  publicRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/t/:tenant/saml/metadata',
      summary: 'Our SAML service provider metadata for an organization (its entity id and ACS URL)',
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

  // The IdP's browser POST comes from another site without our CSRF header: the ACS URL lives
  // outside /api (where that header is required) and is protected by what it checks instead
  // (signature, InResponseTo of a request we made, audience, Destination, Recipient, one use).
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
          const identity = await validateResponse(deps, org.id, sso, addresses(deps, org), body.SAMLResponse);
          const signed = await withSystem(deps.database.db, (tx) =>
            signInIdentity(deps, tx, org, identity, { ip: ctx.ip, userAgent: ctx.req.headers['user-agent'] ?? null }),
          );
          deps.log.info({ orgId: org.id, userId: signed.userId, provider: 'SAML_SSO' }, 'sso: signed in');
          return await finishSignIn(ctx, org, signed);
        } catch (error) {
          if (error instanceof SsoRefusal) return refuse(ctx, org.tenant, error.code, error.reason);
          return refuse(ctx, org.tenant, 'refused', describe(error));
        }
      },
    );
    done();
  });
}
