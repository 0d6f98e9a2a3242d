import { createSecretKey, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openSecret, sealSecret } from './secret-box';
import { loadKeyFile, secretsKeyFile, secretsKeyOf } from './secrets-key';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tenet-secrets-key-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const place = { orgId: 1, field: 'AD.client_secret' };
const bytesOf = (key: ReturnType<typeof createSecretKey>): string => key.export().toString('hex');

describe('SECRETS_KEY', () => {
  it('takes 32 bytes as hex or base64 (standard or URL-safe, with or without padding)', () => {
    const bytes = randomBytes(32);
    for (const text of [
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('base64url'),
      ` ${bytes.toString('base64')}\n`,
    ]) {
      const key = loadConfig({ SECRETS_KEY: text }).secretsKey;
      expect(key && bytesOf(key), text).toBe(bytes.toString('hex'));
    }
    expect(loadConfig({}).secretsKey).toBeNull();
  });

  it('refuses any other length, or text that is neither hex nor base64, saying what it expects', () => {
    expect(() => loadConfig({ SECRETS_KEY: randomBytes(16).toString('base64') })).toThrow(
      /^SECRETS_KEY must be 32 bytes written as 64 hex digits or in base64 .* got 16 bytes$/,
    );
    expect(() => loadConfig({ SECRETS_KEY: randomBytes(33).toString('hex') })).toThrow(/got 33 bytes/);
    expect(() => loadConfig({ SECRETS_KEY: 'not a key!' })).toThrow(/got neither hex nor base64/);
  });
});

describe('the key file used when SECRETS_KEY is unset', () => {
  it('is created on first use in DATA_DIR (made when missing) with mode 0600, then read back as the same key', () => {
    const dataDir = path.join(tempDir(), 'not-yet');
    const first = loadKeyFile(dataDir);
    const file = secretsKeyFile(dataDir);
    expect(file).toBe(path.join(dataDir, 'secrets.key'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    // Another process (or a restart) reads the same key: what one sealed, the other opens.
    const again = loadKeyFile(dataDir);
    expect(bytesOf(again)).toBe(bytesOf(first));
    expect(openSecret(again, sealSecret(first, 'kept', place), place)).toBe('kept');
  });

  it('a file of the wrong length stops the start with an error naming it', () => {
    const dataDir = tempDir();
    writeFileSync(secretsKeyFile(dataDir), randomBytes(20).toString('base64'));
    expect(() => loadKeyFile(dataDir)).toThrow(`The secrets key file ${secretsKeyFile(dataDir)} must be 32 bytes`);
  });

  it('SECRETS_KEY wins: no key file is read or made', () => {
    const dataDir = tempDir();
    const key = createSecretKey(randomBytes(32));
    expect(secretsKeyOf({ secretsKey: key, dataDir })).toBe(key);
    expect(existsSync(secretsKeyFile(dataDir))).toBe(false);
    const fromFile = secretsKeyOf({ secretsKey: null, dataDir });
    expect(existsSync(secretsKeyFile(dataDir))).toBe(true);
    expect(bytesOf(fromFile)).toBe(bytesOf(loadKeyFile(dataDir)));
  });
});
