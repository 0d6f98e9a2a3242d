import type { KeyObject } from 'node:crypto';
import { unprocessable } from '../../http/errors';
import { isSealed, openSecret, sealSecret, SecretUnreadableError } from '../../platform/secret-box';

/**
 * Which fields of org_idp_settings rows are secrets, sealed at rest (secret-box.ts); every other
 * field stays plain. Provider keys are written out (not taken from sso-config's OIDC_ROW) because
 * sso-config imports this file.
 */
export const SECRET_FIELDS: Readonly<Record<string, readonly string[]>> = {
  AD: ['client_secret'],
  OIDC_HSTREAM: ['client_secret'],
  OIDC_HSTREAM_HLC: ['client_secret'],
  HSTREAM_HLC: ['api_key'],
};

/** One secret field of one organisation's settings row. */
export interface IdpSecretRef {
  orgId: number;
  /** The row's provider key (org_idp_settings.provider). */
  provider: string;
  name: string;
}

/** A secret as the row stores it (sealed, or plain from before sealing), opened only where it is used. */
export interface StoredIdpSecret {
  ref: IdpSecretRef;
  stored: string;
}

const placeOf = (ref: IdpSecretRef) => ({ orgId: ref.orgId, field: `${ref.provider}.${ref.name}` });

/** The stored field as text ('' when missing or not a string). */
export function storedIdpSecret(ref: IdpSecretRef, settings: unknown): StoredIdpSecret {
  const value = (settings as Record<string, unknown> | null)?.[ref.name];
  return { ref, stored: typeof value === 'string' ? value : '' };
}

/** What a row stores for a secret typed in: sealed, or '' for none. */
export function sealIdpSecret(key: KeyObject, ref: IdpSecretRef, plain: string): string {
  return plain === '' ? '' : sealSecret(key, plain, placeOf(ref));
}

/**
 * The secret in plain text ('' when none is stored). A plain stored value (written before secrets
 * were sealed, and not yet sealed by the start-up step) is used as it is. A sealed value that does
 * not open throws SecretUnreadableError.
 */
export function openIdpSecret(key: KeyObject, secret: StoredIdpSecret): string {
  if (secret.stored === '' || !isSealed(secret.stored)) return secret.stored;
  return openSecret(key, secret.stored, placeOf(secret.ref));
}

/** Whether a usable secret is stored: one that cannot be opened counts as not set, so staff enter it again. */
export function idpSecretIsSet(key: KeyObject, secret: StoredIdpSecret): boolean {
  try {
    return openIdpSecret(key, secret) !== '';
  } catch (error) {
    if (error instanceof SecretUnreadableError) return false;
    throw error;
  }
}

/** The sentence staff read when a stored secret no longer opens (another key, or a copied row). */
export const unreadableSecretMessage = (label: string): string =>
  `The stored ${label} can no longer be read (it was saved under another secrets key): enter it again.`;

/** The stored secret for a save that keeps it; one that no longer opens is a 422 asking for it again. */
export function keptIdpSecret(key: KeyObject, secret: StoredIdpSecret, label: string): string {
  try {
    return openIdpSecret(key, secret);
  } catch (error) {
    if (error instanceof SecretUnreadableError) throw unprocessable(unreadableSecretMessage(label));
    throw error;
  }
}
