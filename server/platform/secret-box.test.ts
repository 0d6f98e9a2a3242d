import { createSecretKey, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, openSecret, sealSecret, SecretUnreadableError } from './secret-box';

const key = createSecretKey(randomBytes(32));
const place = { orgId: 7, field: 'AD.client_secret' };
const SECRET = 'Sécret~with.dots_and-ünïcode 🔑';

/** The stored value with one part replaced (0: IV, 1: ciphertext, 2: tag). */
function withPart(stored: string, index: number, change: (bytes: Buffer) => Buffer): string {
  const parts = stored.slice('enc:v1:'.length).split('.');
  parts[index] = change(Buffer.from(parts[index]!, 'base64url')).toString('base64url');
  return `enc:v1:${parts.join('.')}`;
}
const flipFirstBit = (bytes: Buffer): Buffer => {
  const copy = Buffer.from(bytes);
  copy[0] = copy[0]! ^ 1;
  return copy;
};

describe('secret box', () => {
  it('seals to a self-describing string that opens to the same value at the same place', () => {
    const stored = sealSecret(key, SECRET, place);
    expect(stored).toMatch(/^enc:v1:[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(stored).not.toContain('Sécret');
    expect(isSealed(stored)).toBe(true);
    expect(isSealed(SECRET)).toBe(false);
    expect(openSecret(key, stored, place)).toBe(SECRET);
    expect(openSecret(key, sealSecret(key, '', place), place)).toBe('');
  });

  it('two seals of one value differ (a fresh IV each time), and both open', () => {
    const a = sealSecret(key, SECRET, place);
    const b = sealSecret(key, SECRET, place);
    expect(a).not.toBe(b);
    expect(a.split('.')[0]).not.toBe(b.split('.')[0]);
    expect([openSecret(key, a, place), openSecret(key, b, place)]).toEqual([SECRET, SECRET]);
  });

  it('refuses a tampered ciphertext, IV or tag, and a truncated tag', () => {
    const stored = sealSecret(key, SECRET, place);
    for (const index of [0, 1, 2]) {
      expect(() => openSecret(key, withPart(stored, index, flipFirstBit), place)).toThrow(SecretUnreadableError);
    }
    expect(() =>
      openSecret(
        key,
        withPart(stored, 2, (tag) => tag.subarray(0, 12)),
        place,
      ),
    ).toThrow(/malformed/);
  });

  it('refuses another key, another organisation and another field', () => {
    const stored = sealSecret(key, SECRET, place);
    const otherKey = createSecretKey(randomBytes(32));
    expect(() => openSecret(otherKey, stored, place)).toThrow(SecretUnreadableError);
    expect(() => openSecret(key, stored, { ...place, orgId: 8 })).toThrow(SecretUnreadableError);
    expect(() => openSecret(key, stored, { ...place, field: 'OIDC_HSTREAM.client_secret' })).toThrow(
      /cannot be decrypted/,
    );
  });

  it('refuses plain text, an unknown format and malformed values with a clear error, never garbage', () => {
    const stored = sealSecret(key, SECRET, place);
    expect(() => openSecret(key, SECRET, place)).toThrow('The value is not a sealed secret.');
    expect(() => openSecret(key, stored.replace('enc:v1:', 'enc:v2:'), place)).toThrow(/unknown format/);
    for (const bad of ['enc:v1:', 'enc:v1:a.b', `${stored}.x`, stored.replace('.', '.!')]) {
      expect(() => openSecret(key, bad, place), bad).toThrow(SecretUnreadableError);
    }
  });
});
