import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_ROOT, CSRF_COOKIE, CSRF_HEADER } from '../../shared/api/errors';
import { Messages } from '../../shared/domain/messages';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The health check's path (web.ts). */
export const HEALTH_PATH = `${API_ROOT}/health`;

/** The token cookie is readable by our own script (that is the point: it echoes it in a header). */
export function setCsrfCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: req.protocol === 'https',
  });
}

const TOKEN_BYTES = 32;
/**
 * Tokens are cut from a pool of random bytes refilled 128 tokens at a time: every first request
 * without the cookie gets one, and one call to the system's generator per request was the largest
 * cost of our own code on the no-database route. Each token still uses bytes no other token used.
 */
let pool = Buffer.alloc(0);
let poolOffset = 0;
function newCsrfToken(): string {
  if (poolOffset + TOKEN_BYTES > pool.length) {
    pool = randomBytes(TOKEN_BYTES * 128);
    poolOffset = 0;
  }
  const token = pool.subarray(poolOffset, poolOffset + TOKEN_BYTES).toString('base64url');
  poolOffset += TOKEN_BYTES;
  return token;
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const refused = (): AppError => new AppError(403, [Messages.csrfMissing], 'csrf');

/**
 * Where a browser without the cookie is given one: the API, which the web client reads before its
 * first write (api-client.ts primes it with GET sessions). Not the health check, which monitors and
 * load balancers ask and never a browser, nor the pages and assets: a Set-Cookie on a hashed asset
 * keeps shared caches from holding it, and each one cost the server a cookie it did not need.
 */
const handsOutToken = (req: FastifyRequest): boolean =>
  req.url.startsWith(`${API_ROOT}/`) &&
  req.url.split('?', 1)[0] !== HEALTH_PATH &&
  !req.url.startsWith(`${API_ROOT}/docs`);

const changesState = (req: FastifyRequest): boolean =>
  !SAFE_METHODS.has(req.method) && req.url.startsWith(`${API_ROOT}/`);

/**
 * First check, before the session is read: a request that changes something must echo the
 * XSRF-TOKEN cookie in the X-XSRF-TOKEN header (spec §7). A cross-site page can make the browser
 * send the cookie but cannot read it. Without a match: 403 and nothing runs.
 */
export function csrfGuard(req: FastifyRequest): void {
  if (!changesState(req)) return;
  const cookie = req.cookies[CSRF_COOKIE];
  const header = req.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !same(cookie, header)) throw refused();
}

/**
 * Second check, once the session is known: the token belongs to the session (issued at sign-in and
 * stored with it), so a cookie and header pair planted by someone else is refused. Requests without
 * a session (sign-in) rely on the first check. The cookie is (re)set to the session's token when it
 * is missing or differs, so a browser that lost it recovers on its next read.
 */
export function csrfSessionGuard(req: FastifyRequest, reply: FastifyReply, sessionToken: string | null): void {
  const cookie = req.cookies[CSRF_COOKIE];
  if (sessionToken === null) {
    if (!cookie && handsOutToken(req)) setCsrfCookie(req, reply, newCsrfToken());
    return;
  }
  if (cookie !== sessionToken) setCsrfCookie(req, reply, sessionToken);
  if (!changesState(req)) return;
  const header = req.headers[CSRF_HEADER];
  if (typeof header !== 'string' || !same(header, sessionToken)) throw refused();
}
