import { randomBytes, type KeyObject } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeSecretsKey, type Config } from '../config';

/**
 * The key of the secrets at rest (see secret-box.ts): SECRETS_KEY when set, else the key file
 * `$DATA_DIR/secrets.key`, made on first use (32 random bytes in base64, mode 0600), so a server
 * started with no configuration keeps working. Every process on one database needs the same key:
 * processes sharing DATA_DIR share the file; any others must be given one SECRETS_KEY.
 */

export type SecretsKeySource = Pick<Config, 'secretsKey' | 'dataDir'>;

export const secretsKeyFile = (dataDir: string): string => path.join(dataDir, 'secrets.key');

/** The key file of dataDir, created when missing; an unreadable or wrong-length file is an error naming it. */
export function loadKeyFile(dataDir: string): KeyObject {
  const file = secretsKeyFile(dataDir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
    text = createKeyFile(file);
  }
  return decodeSecretsKey(text, `The secrets key file ${file}`);
}

/**
 * Written under a temporary name, then linked into place: link() fails if the file exists, so two
 * processes starting at once both end up with the first one's key, and no reader ever sees a
 * half-written file.
 */
function createKeyFile(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  const text = `${randomBytes(32).toString('base64')}\n`;
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return text;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(temporary, { force: true });
  }
}

const fileKeys = new Map<string, KeyObject>();

/** The key to seal and open secrets with; the key file is read once per process. */
export function secretsKeyOf(source: SecretsKeySource): KeyObject {
  if (source.secretsKey) return source.secretsKey;
  let key = fileKeys.get(source.dataDir);
  if (!key) {
    key = loadKeyFile(source.dataDir);
    fileKeys.set(source.dataDir, key);
  }
  return key;
}
