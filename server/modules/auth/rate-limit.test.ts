import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimitPerMinute: 3 });
});
afterAll(async () => t.close());

it('limits sign-in attempts per address, whatever the username, with a clear message', async () => {
  const agent = t.anonymous();
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await agent.post('/api/auth/developer/login', { credentials: { login: `nobody.${i}`, password: 'whatever12' } });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) expect(res.json().errors).toEqual(['Too many requests. Please wait a moment and try again.']);
  }
  expect(statuses).toEqual([401, 401, 401, 429]);
});
