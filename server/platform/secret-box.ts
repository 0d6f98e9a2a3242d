import { createCipheriv, createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Secrets sealed for storage: AES-256-GCM, a fresh 12-byte IV per value, the 16-byte tag checked on
 * opening. The stored form names its format, `enc:v1:<iv>.<ciphertext>.<tag>` (base64url), so a
 * sealed value is told from a plain one at a glance and a later format can sit beside this one.
 * The associated data binds a value to its place (organisation and field): a sealed value copied
 * into another organisation's row or another field does not open.
 */

/** Every sealed format starts with this; `enc:v1:` is the one written today. */
export const SEALED_MARK = 'enc:';
const V1 = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const CIPHER = 'aes-256-gcm';
const B64URL = /^[A-Za-z0-9_-]*$/;

/** Where a sealed value belongs: it opens only there. */
export interface SecretPlace {
  orgId: number;
  /** The field, qualified enough to be unique within the organisation (e.g. `AD.client_secret`). */
  field: string;
}

/** A value that is not sealed in a known format, or does not open with this key at this place. */
export class SecretUnreadableError extends Error {
  override readonly name = 'SecretUnreadableError';
}

/** Whether a stored value is sealed (in any format), as opposed to plain text. */
export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_MARK);

// JSON of a tuple: unambiguous whatever characters the field name holds.
const associatedData = (place: SecretPlace): Buffer =>
  Buffer.from(JSON.stringify(['tenet-secret', 1, place.orgId, place.field]), 'utf8');

export function sealSecret(key: KeyObject, plain: string, place: SecretPlace): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(place));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url'));
  return `${V1}${parts.join('.')}`;
}

/** The plain value, or a SecretUnreadableError: never bytes that failed authentication. */
export function openSecret(key: KeyObject, stored: string, place: SecretPlace): string {
  if (!stored.startsWith(V1)) {
    throw new SecretUnreadableError(
      isSealed(stored) ? 'The secret is sealed in an unknown format.' : 'The value is not a sealed secret.',
    );
  }
  const parts = stored.slice(V1.length).split('.');
  if (parts.length !== 3 || !parts.every((part) => B64URL.test(part))) {
    throw new SecretUnreadableError('The sealed secret is malformed.');
  }
  const [iv, ciphertext, tag] = parts.map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretUnreadableError('The sealed secret is malformed.');
  }
  try {
    const decipher = createDecipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(place));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadableError(
      'The secret cannot be decrypted: it was sealed with another key, or altered, or moved from another place.',
    );
  }
}
