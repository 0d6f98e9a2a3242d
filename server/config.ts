import { createPrivateKey, createSecretKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

/** The only reader of process.env. Every variable, its default, and its meaning is in the README. */
export interface Config {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  fileStoreDir: string;
  seedDemo: boolean;
  webDist: string;
  appVersion: string;
  logLevel: string;
  communityUrl: string;
  maxUploadBytes: number;
  /**
   * A connection on which nothing moves either way for this long is closed: a client that sends a
   * request's headers and then nothing holds a socket and its memory until then.
   */
  clientIdleTimeoutMs: number;
  /**
   * A request whose headers and body have not all arrived this long after it began is answered 408
   * and its connection closed (a client that trickles its body); its headers within a minute at most.
   * Long enough for the largest upload on a slow line: 50 files of MAX_UPLOAD_MB.
   */
  requestTimeoutMs: number;
  sessionAbsoluteHours: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  loginRateLimitPerMinute: number;
  /** Where the application is reached from outside: links in e-mails start with it. */
  publicUrl: string;
  /** SMTP server for outgoing mail (smtp:// or smtps://, credentials in the URL); null: mail stays in the outbox. */
  smtpUrl: string | null;
  /** The From of every e-mail. */
  mailFrom: string;
  /**
   * Which proxies may set the client address with X-Forwarded-For: false (nobody, the default),
   * a list of addresses or CIDR ranges, or the number of proxy hops in front of the application.
   */
  trustProxy: false | string[] | number;
  /**
   * The key of the secrets stored in the database (identity-provider client secrets, API keys);
   * null: SECRETS_KEY is unset and the key file in dataDir is used (server/platform/secrets-key.ts).
   */
  secretsKey: KeyObject | null;
  /**
   * The key the secrets were sealed with before SECRETS_KEY (or the key file) changed: at start,
   * every secret that opens with it and not with the current key is sealed again with the current
   * one (server/modules/hstm-idp/reseal-secrets.ts). Null: no rotation.
   */
  secretsKeyPrevious: KeyObject | null;
  /**
   * The service provider's SAML signing key and its certificate (PEM), from SAML_SP_KEY_FILE and
   * SAML_SP_CERT_FILE: our AuthnRequests, LogoutRequests and LogoutResponses are signed with it and
   * the certificate is published in our metadata. Null: they go unsigned.
   */
  samlSigning: SamlSigning | null;
  /** Files go to S3-compatible storage when S3_BUCKET is set, else to fileStoreDir. */
  s3: {
    bucket: string;
    region: string;
    endpoint: string | null;
    accessKeyId: string | null;
    secretAccessKey: string | null;
  } | null;
}

export interface SamlSigning {
  privateKey: string;
  certificate: string;
}

function readVersion(): string {
  const pkgPath = path.resolve(import.meta.dirname, '..', 'package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string };
  return pkg.version;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a non-negative integer, got '${value}'`);
  return parsed;
}

/** proxy-addr's named ranges, accepted besides addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(value: string | undefined): false | string[] | number {
  const text = value?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'none') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const validBits =
      bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address ?? '') === 6 ? 128 : 32));
    if (!NAMED_RANGES.has(entry) && (extra !== undefined || !isIP(address ?? '') || !validBits)) {
      throw new Error(
        `TRUST_PROXY must be a hop count or a comma-separated list of addresses or CIDR ranges, got '${entry}'`,
      );
    }
  }
  return entries;
}

function smtpUrl(value: string | undefined): string | null {
  if (!value) return null;
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got '${protocol}'`);
  }
  return value;
}

/** AES-256 takes exactly 32 bytes: a shorter key must not be padded, nor a longer one cut. */
const SECRETS_KEY_BYTES = 32;

/**
 * A secrets key written as 64 hex digits or as base64 (standard or URL-safe, padded or not), as
 * `openssl rand -hex 32` or `openssl rand -base64 32` print it. `source` names it in the error.
 */
export function decodeSecretsKey(text: string, source: string): KeyObject {
  const value = text.trim();
  let bytes: Buffer | null = null;
  // Base64 of 32 bytes is 43 characters, or 44 ending in '=': never an even run of hex digits.
  if (/^(?:[0-9a-fA-F]{2})+$/.test(value)) bytes = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) bytes = Buffer.from(value, 'base64');
  if (!bytes || bytes.length !== SECRETS_KEY_BYTES) {
    const got = bytes ? `${bytes.length} bytes` : 'neither hex nor base64';
    throw new Error(
      `${source} must be ${SECRETS_KEY_BYTES} bytes written as 64 hex digits or in base64 ` +
        `(for example the output of 'openssl rand -base64 32'), got ${got}`,
    );
  }
  return createSecretKey(bytes);
}

/**
 * The SAML signing pair from its two files: both or neither, each readable and what it claims to be,
 * and the certificate's public key the private key's (an identity provider would refuse every
 * signature made with a key its published certificate does not hold, with no word of why).
 */
export function samlSigningOf(keyFile: string | undefined, certFile: string | undefined): SamlSigning | null {
  if (!keyFile && !certFile) return null;
  if (!keyFile || !certFile) {
    throw new Error('SAML_SP_KEY_FILE and SAML_SP_CERT_FILE go together: set both (or neither, to sign nothing).');
  }
  const read = (file: string, name: string): string => {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`${name}: cannot read '${file}' (${(error as Error).message})`);
    }
  };
  const privateKey = read(keyFile, 'SAML_SP_KEY_FILE');
  const certificate = read(certFile, 'SAML_SP_CERT_FILE');
  let key: KeyObject;
  try {
    key = createPrivateKey(privateKey);
  } catch {
    throw new Error(`SAML_SP_KEY_FILE: '${keyFile}' holds no private key in PEM form`);
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new Error(`SAML_SP_KEY_FILE: '${keyFile}' must hold an RSA key (SAML signs with RSA-SHA256)`);
  }
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certificate);
  } catch {
    throw new Error(`SAML_SP_CERT_FILE: '${certFile}' holds no X.509 certificate in PEM form`);
  }
  if (!cert.checkPrivateKey(key)) {
    throw new Error('SAML_SP_CERT_FILE: the certificate is not the one of the key in SAML_SP_KEY_FILE');
  }
  return { privateKey, certificate };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = int(env.PORT, 3000, 'PORT');
  return {
    nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    fileStoreDir: path.resolve(env.FILE_STORE_DIR ?? path.join(dataDir, 'files')),
    seedDemo: bool(env.SEED_DEMO, true),
    webDist: path.resolve(env.WEB_DIST ?? 'web/dist'),
    appVersion: readVersion(),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    communityUrl: env.COMMUNITY_URL ?? 'https://community.tenet.example/',
    maxUploadBytes: int(env.MAX_UPLOAD_MB, 50, 'MAX_UPLOAD_MB') * 1024 * 1024,
    clientIdleTimeoutMs: int(env.CLIENT_IDLE_TIMEOUT_SECONDS, 300, 'CLIENT_IDLE_TIMEOUT_SECONDS') * 1000,
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_SECONDS, 1800, 'REQUEST_TIMEOUT_SECONDS') * 1000,
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12, 'SESSION_ABSOLUTE_HOURS'),
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5, 'LOGIN_MAX_FAILURES'),
    loginLockMinutes: int(env.LOGIN_LOCK_MINUTES, 15, 'LOGIN_LOCK_MINUTES'),
    loginRateLimitPerMinute: int(env.LOGIN_RATE_LIMIT_PER_MINUTE, 100, 'LOGIN_RATE_LIMIT_PER_MINUTE'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'Tenet <no-reply@localhost>',
    trustProxy: trustProxy(env.TRUST_PROXY),
    secretsKey: env.SECRETS_KEY ? decodeSecretsKey(env.SECRETS_KEY, 'SECRETS_KEY') : null,
    secretsKeyPrevious: env.SECRETS_KEY_PREVIOUS
      ? decodeSecretsKey(env.SECRETS_KEY_PREVIOUS, 'SECRETS_KEY_PREVIOUS')
      : null,
    samlSigning: samlSigningOf(env.SAML_SP_KEY_FILE || undefined, env.SAML_SP_CERT_FILE || undefined),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          endpoint: env.S3_ENDPOINT || null,
          accessKeyId: env.S3_ACCESS_KEY_ID || null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
        }
      : null,
  };
}
