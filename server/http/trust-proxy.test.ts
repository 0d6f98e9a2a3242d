import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/harness';

const SIGN_INS = 130;

/** 130 sign-ins (refused as invalid input, so no password hashing) each claiming another address. */
async function signInsWithRotatingAddresses(t: TestApp): Promise<number[]> {
  const agent = t.anonymous();
  await agent.get('/api/sessions');
  const statuses: number[] = [];
  for (let i = 0; i < SIGN_INS; i++) {
    const res = await agent.post(
      '/api/auth/developer/login',
      { credentials: { login: '', password: '' } },
      { 'x-forwarded-for': `203.0.113.${i % 250}` },
    );
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('X-Forwarded-For is believed only from the proxies named in TRUST_PROXY', () => {
  describe('by default (no proxy trusted)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('130 sign-ins with rotating forwarded addresses hit the per-address rate limit', async () => {
      expect(t.deps.config.trustProxy).toBe(false);
      const statuses = await signInsWithRotatingAddresses(t);
      expect(statuses.filter((s) => s === 429).length).toBe(SIGN_INS - t.deps.config.loginRateLimitPerMinute);
    }, 60_000);
  });

  describe('behind a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ trustProxy: ['127.0.0.1'] });
    });
    afterAll(async () => t.close());

    it('each forwarded address is its own client', async () => {
      const statuses = await signInsWithRotatingAddresses(t);
      expect(statuses.filter((s) => s === 429)).toEqual([]);
    }, 60_000);
  });
});

describe('TRUST_PROXY', () => {
  it('is none by default, a hop count, or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      'loopback',
      '::1',
    ]);
  });

  it('refuses anything else with a clear message', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY must be/);
  });
});
