import type { Actor } from '../../http/actor';
import type { Deps } from '../../http/deps';
import { withSystem } from '../../db/tenant';
import { findOrgByTenant } from '../auth/auth.repo';
import { describe, endSessionUrl } from './oidc-client';
import { samlLogoutUrl } from './saml-logout';
import { takeSamlSession } from './saml-sessions.repo';
import { spAddresses } from './saml-sp';
import { findOrgSso, ssoSetupValues } from './sso-config';

/**
 * Where t/{tenant}/logout sends the browser after our session has ended: for an organisation
 * signing in through OpenID Connect, the identity provider's end-session endpoint (RP-initiated
 * logout, returning to the tenant page); for SAML with an SLO URL, that URL with our LogoutRequest
 * for the NameID and SessionIndex of the sign-in (single logout); otherwise null (the tenant
 * page). A login-as session never signs the real person out of their IdP.
 */
export async function idpLogoutUrl(deps: Deps, tenant: string, actor: Actor | null): Promise<string | null> {
  if (!actor || actor.kind !== 'org' || actor.sudoer) return null;
  try {
    const org = await withSystem(deps.database.db, (tx) => findOrgByTenant(tx, tenant));
    if (!org || org.id !== actor.orgId) return null;
    const sso = await withSystem(deps.database.db, (tx) => findOrgSso(tx, org.id, org.idpProvider));
    if (!sso) return null;
    if (sso.kind === 'saml') {
      // Read once, whatever follows: the session it belonged to has ended.
      const subject = await withSystem(deps.database.db, (tx) => takeSamlSession(tx, org.id, actor.sessionId));
      if (!subject || !sso.sloUrl) return null;
      return await samlLogoutUrl(deps, org.id, sso, spAddresses(deps.config, org.tenant), subject);
    }
    return await endSessionUrl(deps, sso, ssoSetupValues(deps.config, org.tenant).post_logout_redirect_uri);
  } catch (error) {
    // The IdP being unreachable must not keep anyone signed in here: our session has ended already.
    deps.log.warn({ tenant, reason: describe(error) }, 'sso: no end-session address for sign-out');
    return null;
  }
}
