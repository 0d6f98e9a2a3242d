/**
 * The outgoing HTTP of directory and HLC sync: a client-credentials token from the Microsoft
 * identity platform, the Graph users list (and its delta), and the HLC users pages. Every call has
 * a clock and a body bound; every failure becomes a DirectoryError with a sentence, never a throw
 * of some network library's error into a request or a job.
 */

export class DirectoryError extends Error {}

const TIMEOUT_MS = 15_000;
/** A Graph page is at most 999 users of a few hundred bytes each: 8 MB is far above that. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Pages followed in one sync: 999 users a page makes this about half a million accounts. */
export const MAX_PAGES = 500;

export interface AzureConfig {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  graphBaseUrl: string;
  tokenBaseUrl: string;
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

async function readBody(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new DirectoryError('The answer was too large.');
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop by the throw cancels the rest of the stream.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) throw new DirectoryError('The answer was too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One request: its JSON answer, or a DirectoryError saying what went wrong in words. */
async function requestJson(what: string, url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new DirectoryError(`${what} did not answer within ${TIMEOUT_MS / 1000} seconds.`);
    }
    throw new DirectoryError(`${what} could not be reached (${new URL(url).host}).`);
  }
  let body: string;
  try {
    body = await readBody(response);
  } catch (error) {
    if (error instanceof DirectoryError) throw new DirectoryError(`${what}: ${error.message}`);
    throw new DirectoryError(`${what} broke off its answer.`);
  }
  let json: unknown = null;
  try {
    json = JSON.parse(body);
  } catch {
    json = null;
  }
  const object =
    json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  if (!response.ok) {
    const detail = describeError(object);
    throw new DirectoryError(`${what} refused the request (HTTP ${response.status}${detail ? `: ${detail}` : ''}).`);
  }
  if (!object) throw new DirectoryError(`${what} did not answer with JSON.`);
  return object;
}

/** The short reason the Microsoft endpoints give ("error_description" or Graph's error.message). */
function describeError(body: Record<string, unknown> | null): string {
  if (!body) return '';
  const description = body.error_description;
  if (typeof description === 'string') return description.split('\n')[0]!.slice(0, 200);
  const error = body.error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message.slice(0, 200);
  }
  if (typeof error === 'string') return error.slice(0, 200);
  return '';
}

/** A client-credentials access token for the Graph API. */
export async function azureToken(config: AzureConfig): Promise<string> {
  const url = `${trimSlash(config.tokenBaseUrl)}/${encodeURIComponent(config.tenantId)}/oauth2/v2.0/token`;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: config.clientId,
    client_secret: config.clientSecret,
    scope: `${new URL(config.graphBaseUrl).origin}/.default`,
  });
  const body = await requestJson('The token endpoint', url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new DirectoryError('The token endpoint answered without an access token.');
  }
  return body.access_token;
}

/** What the Graph users list gives per user (delta pages add `@removed`). */
export interface GraphUser {
  id: string;
  displayName: string | null;
  givenName: string | null;
  surname: string | null;
  mail: string | null;
  userPrincipalName: string | null;
  accountEnabled: boolean | null;
  removed: boolean;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function toGraphUser(value: unknown): GraphUser | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const id = str(v.id);
  if (!id) return null;
  return {
    id,
    displayName: str(v.displayName),
    givenName: str(v.givenName),
    surname: str(v.surname),
    mail: str(v.mail),
    userPrincipalName: str(v.userPrincipalName),
    accountEnabled: typeof v.accountEnabled === 'boolean' ? v.accountEnabled : null,
    removed: v['@removed'] !== undefined,
  };
}

const SELECT = 'id,displayName,givenName,surname,mail,userPrincipalName,accountEnabled';

/** Only links on the configured Graph origin are followed: the directory cannot send us elsewhere. */
function sameOrigin(link: string, base: string): boolean {
  try {
    return new URL(link).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

/**
 * Reads the users delta: from the stored delta link when there is one (changes since the last
 * run), else from the start (every user). Follows @odata.nextLink to the @odata.deltaLink.
 */
export async function readAzureUsers(
  config: AzureConfig,
  deltaLink: string | null,
  signal?: AbortSignal,
): Promise<{ users: GraphUser[]; deltaLink: string | null; full: boolean }> {
  const token = await azureToken(config);
  const base = trimSlash(config.graphBaseUrl);
  const resume = deltaLink && sameOrigin(deltaLink, base) ? deltaLink : null;
  let next: string | null = resume ?? `${base}/users/delta?$select=${SELECT}`;
  const users: GraphUser[] = [];
  let newDelta: string | null = null;
  for (let page = 0; next; page += 1) {
    if (signal?.aborted) throw new DirectoryError('The sync was stopped before it finished.');
    if (page >= MAX_PAGES) throw new DirectoryError(`The directory has more than ${MAX_PAGES} pages of users.`);
    const body = await requestJson('The Graph users list', next, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    if (!Array.isArray(body.value)) throw new DirectoryError('The Graph users list answered without a "value" list.');
    for (const item of body.value) {
      const user = toGraphUser(item);
      if (user) users.push(user);
    }
    const nextLink = str(body['@odata.nextLink']);
    const delta = str(body['@odata.deltaLink']);
    if (nextLink && !sameOrigin(nextLink, base))
      throw new DirectoryError('The Graph users list pointed to another server.');
    next = nextLink;
    if (delta) newDelta = delta;
  }
  return { users, deltaLink: newDelta, full: resume === null };
}

/** Checks the settings: a token, then one user of the users list. Answers a sentence either way. */
export async function checkAzure(config: AzureConfig): Promise<{ ok: boolean; message: string }> {
  let token: string;
  try {
    token = await azureToken(config);
  } catch (error) {
    if (error instanceof DirectoryError) return { ok: false, message: `No access token: ${error.message}` };
    throw error;
  }
  try {
    const body = await requestJson(
      'The Graph users list',
      `${trimSlash(config.graphBaseUrl)}/users?$top=1&$select=id`,
      {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      },
    );
    if (!Array.isArray(body.value))
      return { ok: false, message: 'An access token was issued, but the users list answered without a "value" list.' };
  } catch (error) {
    if (error instanceof DirectoryError) {
      return { ok: false, message: `An access token was issued, but the users could not be read: ${error.message}` };
    }
    throw error;
  }
  return {
    ok: true,
    message: 'The settings are valid: an access token was issued and the directory users can be read.',
  };
}

/**
 * One HLC user, as the HLC users endpoint lists them (docs/sso.md): pages of
 * `{ "users": [{ "id", "first_name", "last_name", "email", "username"?, "active"? }], "next": url | null }`.
 */
export interface HlcUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string | null;
  active: boolean;
}

function toHlcUser(value: unknown): HlcUser | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const id = typeof v.id === 'number' ? String(v.id) : str(v.id);
  const email = str(v.email);
  if (!id || !email) return null;
  return {
    id,
    firstName: str(v.first_name) ?? '',
    lastName: str(v.last_name) ?? '',
    email,
    username: str(v.username),
    active: v.active !== false,
  };
}

/** Every HLC user, following `next` on the endpoint's own origin. */
export async function readHlcUsers(usersUrl: string, apiKey: string | null, signal?: AbortSignal): Promise<HlcUser[]> {
  const users: HlcUser[] = [];
  let next: string | null = usersUrl;
  for (let page = 0; next; page += 1) {
    if (signal?.aborted) throw new DirectoryError('The sync was stopped before it finished.');
    if (page >= MAX_PAGES) throw new DirectoryError(`The HLC endpoint has more than ${MAX_PAGES} pages of users.`);
    const body = await requestJson('The HLC users endpoint', next, {
      headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    });
    if (!Array.isArray(body.users)) throw new DirectoryError('The HLC users endpoint answered without a "users" list.');
    for (const item of body.users) {
      const user = toHlcUser(item);
      if (user) users.push(user);
    }
    const nextLink = str(body.next);
    if (nextLink && !sameOrigin(nextLink, usersUrl))
      throw new DirectoryError('The HLC users endpoint pointed to another server.');
    next = nextLink;
  }
  return users;
}
