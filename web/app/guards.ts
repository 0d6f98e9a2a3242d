/**
 * Route guards of spec §2 and §6, as route loaders: they run before a route renders, so a user
 * never sees a page they may not open. A refusal stores its message for the next route and redirects.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { Session } from '../../shared/api/sessions';
import { Messages } from '../../shared/domain/messages';
import { ensureSessionChecked, sessionCheckAnswered } from '../features/auth/session-sync';
import { alerts } from '../lib/alerts';
import { rememberReturnPath, takeReturnPath } from '../lib/return-path';
import { rememberedOrgId } from '../lib/session-store';
import { sessionFlags, type SessionFlags } from '../lib/session-flags';

function refuse(to: string): never {
  alerts.danger(Messages.notAuthorizedRoute, { scope: 'next' });
  throw redirect(to);
}

/**
 * A signed-out visitor is asked to sign in and then brought back here. A sign-in that did not
 * return by itself (single sign-on lands on the library) is sent on to where the visitor was going.
 */
async function signedIn(request: Request): Promise<Session> {
  const session = await ensureSessionChecked();
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}${url.hash}`;
  if (!session?.valid) {
    // Only a session the server said is gone: a check aborted as the page was left would otherwise
    // leave this path behind, and the next page of a signed-in tab would be sent back to it.
    if (sessionCheckAnswered()) rememberReturnPath(here);
    throw redirect('/login');
  }
  const pending = takeReturnPath();
  if (pending && pending !== here) throw redirect(pending);
  return session;
}

const orgHome = (session: Session): string => `/orgs/${session.org?.id ?? rememberedOrgId() ?? 'default'}/pnps`;

/** '' goes to orgs/{stored org id or 'default'}/pnps (spec §2). */
export function rootRedirect(): Response {
  return redirect(`/orgs/${rememberedOrgId() ?? 'default'}/pnps`);
}

/** orgs/{orgId}/...: org users only; staff go to their dashboard. Another org's id becomes ours. */
export async function orgGuard({ params, request }: LoaderFunctionArgs): Promise<null> {
  const session = await signedIn(request);
  if (sessionFlags(session).isHstmUser) refuse('/hstm/dashboard');
  const ownOrgId = session.org ? String(session.org.id) : null;
  if (ownOrgId && params.orgId !== ownOrgId) {
    const url = new URL(request.url);
    const rest = url.pathname.split('/').slice(3).join('/');
    throw redirect(`/orgs/${ownOrgId}/${rest || 'pnps'}${url.search}`);
  }
  return null;
}

/** self/...: an organisation user's own settings; provider staff have none and go to their dashboard. */
export async function orgUserGuard({ request }: LoaderFunctionArgs): Promise<null> {
  const session = await signedIn(request);
  if (sessionFlags(session).isHstmUser) refuse('/hstm/dashboard');
  return null;
}

/** hstm/...: provider staff only; org users go to their org's library. */
export async function staffGuard({ request }: LoaderFunctionArgs): Promise<null> {
  const session = await signedIn(request);
  if (!sessionFlags(session).isHstmUser) refuse(orgHome(session));
  return null;
}

/** A staff area that needs one permission number (spec §6: 2 users, 3 orgs, 4 login-as, 5 developer tools). */
export function staffPermissionGuard(permission: number) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const session = await signedIn(request);
    const flags = sessionFlags(session);
    if (!flags.isHstmUser) refuse(orgHome(session));
    if (!flags.staffPermissions.includes(permission)) refuse('/hstm/dashboard');
    return null;
  };
}

/** An org area that needs an org role (product rules: users and groups for admins, and so on). */
export function orgRoleGuard(allowed: (flags: SessionFlags) => boolean) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const session = await signedIn(request);
    if (sessionFlags(session).isHstmUser) refuse('/hstm/dashboard');
    if (!allowed(sessionFlags(session))) refuse(orgHome(session));
    return null;
  };
}
