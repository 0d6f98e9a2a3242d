import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) byName.set(name, values);
  }
  return byName;
}

const URLS = ['/api/health', '/api/sessions', '/api/not-a-route', '/no-such-page'];

describe('security headers on every response', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => t.close());

  it.each(URLS)('%s: a policy without inline scripts, no framing by others, no sniffing', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('object-src')).not.toContain('*');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it.each(URLS)('%s: no Strict-Transport-Security over plain HTTP', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each(URLS)('%s: Strict-Transport-Security when a trusted proxy says the request came over TLS', async (url) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000; includeSubDomains/);
  });

  it('an untrusted client cannot claim TLS to get (or pin) Strict-Transport-Security', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
