import { Messages } from '../../../shared/domain/messages';
import { alerts } from '../../lib/alerts';
import { local } from '../../lib/browser-storage';
import { navigateTo } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { clearSession, getSession } from '../../lib/session-store';
import { sessionApi } from './api/session-api';

/** Remembers that this browser signed in through a tenant page, so sign-out goes back through it. */
const TENANT_SIGN_IN_KEY = 'signedInViaTenant';

export function rememberSignInRoute(tenant: string | null): void {
  if (tenant) local.set(TENANT_SIGN_IN_KEY, tenant);
  else local.remove(TENANT_SIGN_IN_KEY);
}

let signingOut = false;

/**
 * Ends the session on the server and in the browser, then shows the sign-in page. Navigation comes
 * before clearing the stored session so that no guard redirects in between (which would swallow a
 * message meant for the next route).
 */
export async function signOut(options: { reason?: 'inactivity' } = {}): Promise<void> {
  if (signingOut) return;
  signingOut = true;
  try {
    const tenant = local.get(TENANT_SIGN_IN_KEY);
    const session = getSession();
    let target = '/login';
    if (options.reason === 'inactivity') alerts.info(Messages.loggedOutInactivity, { scope: 'next' });
    // Ending a login-as session returns to the staff user's own session (the server restores it when it
    // is still live): a fresh load of the staff area picks it up, or its guard asks for a sign-in.
    if (session?.valid && session.sudo) {
      try {
        await sessionApi.logout();
      } catch {
        // As below: the session may already be over.
      }
      clearSession();
      queryClient.clear();
      window.location.assign('/hstm/dashboard');
      return;
    }
    try {
      if (tenant && session?.valid) {
        const { logoutUrl } = await sessionApi.tenantLogout(tenant);
        if (logoutUrl) target = logoutUrl;
      } else {
        await sessionApi.logout();
      }
    } catch {
      // The server may have ended the session already; signing out locally is what matters.
    }
    rememberSignInRoute(null);
    if (/^https?:\/\//.test(target) && !target.startsWith(window.location.origin)) {
      clearSession();
      queryClient.clear();
      window.location.assign(target);
      return;
    }
    await navigateTo(target.replace(window.location.origin, '') || '/login', { replace: true });
    clearSession();
    queryClient.clear();
  } finally {
    signingOut = false;
  }
}
