import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('documents every API route in the OpenAPI document at /api/docs', async () => {
  const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect([200, 302]).toContain(ui.statusCode);
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
  expect(doc.openapi).toMatch(/^3\./);
  const documented = new Set(
    Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`)),
  );
  const routes = t.app.routeTable.filter((r) => r.access !== undefined && r.method !== 'HEAD');
  expect(routes.length).toBeGreaterThan(5);
  const missing = routes
    .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
    .filter((key) => !documented.has(key));
  expect(missing).toEqual([]);
});
