import { SsoTenantInfo } from '../../../shared/api/sso';
import { IDP_PROVIDER_LABELS } from '../../../shared/domain/statuses';
import { withSystem } from '../../db/tenant';
import type { Deps } from '../../http/deps';
import { notFound } from '../../http/errors';
import { publicRoute, type App } from '../../http/routes';
import { registerGroupMappingRoutes } from './group-mapping.routes';
import { orgOfTenant, registerOidcRoutes, TenantParams } from './oidc.routes';
import { registerSamlRoutes, startSamlSignIn } from './saml.routes';
import { findOrgSso } from './sso-config';

/**
 * Single sign-on through the tenant page t/{tenant} (issue 16): OpenID Connect for Azure AD,
 * hStream and hStream - HLC; SAML 2.0 for SAML SSO, with single logout. The sign-in routes are
 * public (the person is not signed in yet); every refusal returns to the tenant page with a code and
 * logs its reason. The staff routes of IdP group mapping live here too.
 */
export function registerSsoModule(app: App, deps: Deps): void {
  publicRoute(
    app,
    deps,
    {
      method: 'GET',
      url: '/api/t/:tenant/sso',
      summary: "How an organization's sign-in page offers single sign-on",
      schema: { params: TenantParams, response: { 200: SsoTenantInfo } },
    },
    async (_ctx, { params }) => {
      const org = await orgOfTenant(deps, params.tenant);
      if (!org) throw notFound('The organization');
      const sso = await withSystem(deps.database.db, (tx) => findOrgSso(tx, org.id, org.idpProvider));
      if (!sso) return { sso: false, provider: null, label: '', start_url: null };
      return {
        sso: true,
        provider: sso.provider,
        label: IDP_PROVIDER_LABELS[sso.provider],
        start_url: `/api/t/${org.tenant}/sso/start`,
      };
    },
  );
  registerOidcRoutes(app, deps, startSamlSignIn);
  registerSamlRoutes(app, deps);
  registerGroupMappingRoutes(app, deps);
}
