import type { Actor } from '../../http/actor';
import type { Deps } from '../../http/deps';
import { withSystem } from '../../db/tenant';
import { findOrgByTenant } from '../auth/auth.repo';
import { describe, endSessionUrl } from './oidc-client';
import { findOrgSso, ssoSetupValues } from './sso-config';

/**
 * Where t/{tenant}/logout sends the browser after our session has ended: the identity provider's
 * end-session endpoint (OpenID Connect RP-initiated logout, returning to the tenant page) when the
 * person who signed out belongs to an organisation signing in through one; otherwise null (the
 * tenant page). A login-as session never signs the real person out of their IdP.
 */
export async function idpLogoutUrl(deps: Deps, tenant: string, actor: Actor | null): Promise<string | null> {
  if (!actor || actor.kind !== 'org' || actor.sudoer) return null;
  try {
    const org = await withSystem(deps.database.db, (tx) => findOrgByTenant(tx, tenant));
    if (!org || org.id !== actor.orgId) return null;
    const sso = await withSystem(deps.database.db, (tx) => findOrgSso(tx, org.id, org.idpProvider));
    if (!sso || sso.kind !== 'oidc') return null;
    return await endSessionUrl(deps, sso, ssoSetupValues(deps.config, org.tenant).post_logout_redirect_uri);
  } catch (error) {
    // The IdP being unreachable must not keep anyone signed in here: our session has ended already.
    deps.log.warn({ tenant, reason: describe(error) }, 'sso: no end-session address for sign-out');
    return null;
  }
}
