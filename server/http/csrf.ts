import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_ROOT, CSRF_COOKIE, CSRF_HEADER } from '../../shared/api/errors';
import { Messages } from '../../shared/domain/messages';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The token cookie is readable by our own script (that is the point: it echoes it in a header). */
export function setCsrfCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'lax', secure: req.protocol === 'https' });
}

const newCsrfToken = (): string => randomBytes(32).toString('base64url');

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit cookie (spec §7): every API request that changes something must echo the
 * XSRF-TOKEN cookie in the X-XSRF-TOKEN header; a cross-site page can send the cookie but cannot
 * read it. Without a match: 403 and nothing runs.
 */
export function csrfGuard(req: FastifyRequest, reply: FastifyReply): void {
  const cookie = req.cookies[CSRF_COOKIE];
  if (!cookie) setCsrfCookie(req, reply, newCsrfToken());
  if (SAFE_METHODS.has(req.method) || !req.url.startsWith(`${API_ROOT}/`)) return;
  const header = req.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
    throw new AppError(403, [Messages.csrfMissing], 'csrf');
  }
}
