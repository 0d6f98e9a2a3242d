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
export interface SecurityHeaders {
  /** Sent on every response. */
  always: Record<string, string>;
  /**
   * Sent only on requests that arrived over TLS (directly, or through a proxy named in
   * TRUST_PROXY that says so): Strict-Transport-Security over plain HTTP is meaningless at best,
   * and on a server reached by address over HTTP it would pin browsers to an HTTPS it does not serve.
   */
  tlsOnly: Record<string, string>;
}

const TLS_ONLY = new Set(['strict-transport-security']);

export async function securityHeaders(options: FastifyHelmetOptions): Promise<SecurityHeaders> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', () => Promise.resolve(''));
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: SecurityHeaders = { always: {}, tlsOnly: {} };
  for (const [name, value] of Object.entries(response.headers)) {
    if (NOT_SECURITY.has(name) || value === undefined) continue;
    const into = TLS_ONLY.has(name) ? headers.tlsOnly : headers.always;
    into[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}
