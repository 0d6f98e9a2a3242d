import { z } from 'zod';
import { IdpProviderKey } from './hstm-idp';

/**
 * Single sign-on through the tenant page t/{tenant} (issue 16). The browser is sent to
 * /api/t/{tenant}/sso/start; the identity provider answers at the callback (OpenID Connect) or the
 * ACS URL (SAML); any refusal comes back to t/{tenant}?sso_error={code}, which the page turns into
 * one of these sentences (the code, never free text, travels in the address).
 */

export const SSO_ERROR_MESSAGES = {
  not_configured: 'Single sign-on is not set up for this organization. Please contact your administrator.',
  unavailable: "We could not reach your organization's sign-in service. Please try again in a moment.",
  expired: 'Your sign-in took too long or was already used. Please sign in again.',
  refused: 'Your sign-in could not be verified. Please sign in again or contact your administrator.',
  cancelled: "Your organization's sign-in service did not sign you in. Please try again.",
  unknown_user:
    'Your account is not set up in this organization yet. Please contact your administrator to be given access.',
  not_linked:
    'An account with your e-mail address already exists in this organization but is not linked to your sign-in. Please contact your administrator.',
  inactive: 'Your account is inactive. Please contact your administrator.',
  org_disabled: 'Your organization has been disabled. Please contact your administrator.',
  org_locked: 'Your organization is locked. Please contact your administrator.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERROR_MESSAGES;
export const SSO_ERROR_CODES = Object.keys(SSO_ERROR_MESSAGES) as SsoErrorCode[];

/** The sentence for a code read from the address; anything unknown gets the generic refusal. */
export function ssoErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return (SSO_ERROR_MESSAGES as Record<string, string>)[code] ?? SSO_ERROR_MESSAGES.refused;
}

/** GET /api/t/{tenant}/sso: how the tenant page offers sign-in. */
export const SsoTenantInfo = z.object({
  /** true: the page shows 'Sign in with {label}' instead of the password form. */
  sso: z.boolean(),
  provider: IdpProviderKey.nullable(),
  label: z.string(),
  start_url: z.string().nullable(),
});
export type SsoTenantInfo = z.infer<typeof SsoTenantInfo>;
