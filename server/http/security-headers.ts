import Fastify from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Headers of the probe's own response, not of the security policy. */
const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The security headers helmet sends, computed once. @fastify/helmet builds helmet's middleware
 * again on every request (parsing the content security policy each time: a few percent of the
 * CPU of a cheap request), although with no nonces every response gets the same headers. A probe
 * application with the plugin answers one request at start-up; its headers are then set as they are.
 */
export async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', () => Promise.resolve(''));
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (NOT_SECURITY.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}
