import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../shared/api/errors';
import { createOrg, createUser } from '../test/factories';
import { fingerprintDatabase } from '../test/fingerprint';
import { createTestApp, type Agent, type TestApp } from '../test/harness';
import { createOrgAObjects, type OrgAObjects } from '../test/org-a-fixture';
import { fillUrl } from '../test/route-matrix';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let orgId: number;
let objects: OrgAObjects;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrg(t.deps);
  orgId = org.id;
  objects = await createOrgAObjects(t.deps, org);
  const user = await createUser(t.deps, org.id, { isAdmin: true });
  admin = await t.signIn(user.username, user.password);
});
afterAll(async () => t.close());

/** Every state-changing route, with real ids of the admin's own organisation in its path. */
const stateChangingRoutes = () =>
  t.app.routeTable
    .filter((route) => STATE_CHANGING.has(route.method) && route.url.startsWith('/api/'))
    .map((route) => ({ method: route.method, url: route.url, path: fillUrl(route.url, orgId, objects).path }));

const body = () => ({
  item: { item_type: 1, name: 'csrf probe' },
  pnp: { name: 'csrf probe', container_id: objects.folderId },
});

describe('every state-changing route refuses a request without a valid CSRF token, and writes nothing', () => {
  it('without the header', async () => {
    const routes = stateChangingRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const methods = new Set(routes.map((r) => r.method));
    for (const method of ['POST', 'PUT', 'DELETE']) expect(methods).toContain(method);
    const before = await fingerprintDatabase(t.deps);
    const accepted: string[] = [];
    for (const route of routes) {
      const res = await admin.raw({
        method: route.method,
        url: route.path,
        payload: body(),
        headers: { 'content-type': 'application/json' },
      });
      if (res.statusCode !== 403 || res.json().custom_error !== 'csrf')
        accepted.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(accepted).toEqual([]);
    expect(await fingerprintDatabase(t.deps)).toBe(before);
  }, 120_000);

  it('with a planted cookie and header pair that is not the session’s token', async () => {
    const before = await fingerprintDatabase(t.deps);
    const accepted: string[] = [];
    const forged = 'planted-token-0123456789abcdefghijklmnopqrstuv';
    for (const route of stateChangingRoutes()) {
      const res = await admin.raw({
        method: route.method,
        url: route.path,
        payload: body(),
        headers: {
          'content-type': 'application/json',
          cookie: `${SESSION_COOKIE}=${admin.cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${forged}`,
          [CSRF_HEADER]: forged,
        },
      });
      if (res.statusCode !== 403 || res.json().custom_error !== 'csrf')
        accepted.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(accepted).toEqual([]);
    expect(await fingerprintDatabase(t.deps)).toBe(before);
  }, 120_000);

  it('accepts the session’s own token (the walk above is refused for the token alone)', async () => {
    const res = await admin.post(`/api/o/${orgId}/containers`, { item: { item_type: 1, name: 'csrf control binder' } });
    expect(res.statusCode).toBe(201);
  });
});

describe('the CSRF token belongs to the session', () => {
  it('is issued anew at sign-in and set as the cookie', async () => {
    const agent = t.anonymous();
    await agent.get('/api/sessions');
    const anonymousToken = agent.cookies[CSRF_COOKIE];
    const user = await createUser(t.deps, orgId);
    const res = await agent.post('/api/auth/developer/login', {
      credentials: { login: user.username, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(agent.cookies[CSRF_COOKIE]).toBeTruthy();
    expect(agent.cookies[CSRF_COOKIE]).not.toBe(anonymousToken);
  });

  it('is handed to a browser by the API, never by the health check or what is not the API', async () => {
    const cookiesOf = async (url: string) => (await t.app.inject({ method: 'GET', url })).cookies.map((c) => c.name);
    expect(await cookiesOf('/api/sessions')).toEqual([CSRF_COOKIE]);
    expect(await cookiesOf('/api/health')).toEqual([]);
    expect(await cookiesOf('/api/health?probe=1')).toEqual([]);
    expect(await cookiesOf('/version.txt')).toEqual([]);
    expect(await cookiesOf('/api/docs/json')).toEqual([]);
  });

  it('gives a signed-in browser that lost its token cookie the session’s token back', async () => {
    const user = await createUser(t.deps, orgId);
    const agent = await t.signIn(user.username, user.password);
    const token = agent.cookies[CSRF_COOKIE];
    delete agent.cookies[CSRF_COOKIE];
    await agent.get('/api/sessions');
    expect(agent.cookies[CSRF_COOKIE]).toBe(token);
  });
});
