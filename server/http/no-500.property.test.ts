import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../shared/api/errors';
import { createOrg, createUser, type TestUser } from '../test/factories';
import { fingerprintDatabase } from '../test/fingerprint';
import { createTestApp, type Agent, type TestApp } from '../test/harness';
import {
  arbitraryFor,
  baseValue,
  calendarEndsAlone,
  oneHostileLeaf,
  pathParam,
  rawBodies,
  toJson,
  toQuery,
} from '../test/hostile-inputs';
import { createOrgAObjects, type OrgAObjects } from '../test/org-a-fixture';
import { idForParam } from '../test/route-matrix';
import type { RouteRecord } from './app';

/**
 * No input gives a 500, and a refused request writes nothing. Every registered API route is called
 * as a signed-in admin of an organisation with data, with bodies, query strings and path ids
 * generated from the route's own schemas and mixed with hostile values; each 4xx is checked
 * against a fingerprint of the whole database taken just before it.
 */
const RUNS_PER_ROUTE = Number(process.env.NO_500_RUNS ?? 6);
/** Signing out would end the walk's own session; those two routes hold no input worth generating. */
const SIGN_OUT = new Set(['DELETE /api/sessions', 'GET /api/t/:tenant/logout']);

let t: TestApp;
let orgId: number;
let objects: OrgAObjects;
let adminUser: TestUser;
let admin: Agent;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  const org = await createOrg(t.deps);
  orgId = org.id;
  objects = await createOrgAObjects(t.deps, org);
  adminUser = await createUser(t.deps, org.id, { isAdmin: true, isPolicyOwner: true });
  admin = await t.signIn(adminUser.username, adminUser.password);
  ids = [
    objects.binderId,
    objects.folderId,
    objects.pnpId,
    objects.otherPnpId,
    objects.draftDocId,
    objects.activeDocId,
    objects.userId,
  ];
});
afterAll(async () => t.close());

interface Generated {
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  raw: { contentType: string; body: string } | null;
}

function requestFor(route: RouteRecord): fc.Arbitrary<Generated> {
  const names = route.url
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
  const params = fc.record(
    Object.fromEntries(names.map((name) => [name, name === 'org' ? fc.constant(String(orgId)) : pathParam(ids)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fc.record({
    params,
    query: route.schema?.querystring ? arbitraryFor(route.schema.querystring, ids) : fc.constant(undefined),
    body: withBody && route.schema?.body ? arbitraryFor(route.schema.body, ids) : fc.constant(undefined),
    raw: withBody ? fc.option(fc.constantFrom(...rawBodies), { freq: 4 }) : fc.constant(null),
  });
}

/** Examples run before the random ones: a plausible request with exactly one hostile field. */
function oneHostileFieldEach(route: RouteRecord): Generated[] {
  const params = Object.fromEntries(
    route.url
      .split('/')
      .filter((segment) => segment.startsWith(':'))
      .map((segment) => [segment.slice(1), segment === ':org' ? String(orgId) : String(ids[0])]),
  );
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  const body = withBody ? route.schema?.body : undefined;
  const query = route.schema?.querystring;
  const baseQuery = query ? baseValue(query, ids) : undefined;
  const baseBody = body ? baseValue(body, ids) : undefined;
  return [
    ...(query ? oneHostileLeaf(query, ids).map((q) => ({ params, query: q, body: baseBody, raw: null })) : []),
    ...(query ? calendarEndsAlone(query, ids).map((q) => ({ params, query: q, body: baseBody, raw: null })) : []),
    ...(body ? oneHostileLeaf(body, ids).map((b) => ({ params, query: baseQuery, body: b, raw: null })) : []),
  ];
}

function pathOf(route: RouteRecord, params: Record<string, string>): string {
  const segments = route.url.split('/');
  return segments
    .map((segment, index) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      const value = params[name];
      // A name the fixture knows (idForParam) keeps its real id in the first runs.
      return value ?? String(idForParam(name, segments[index - 1] ?? '', objects) ?? 1);
    })
    .join('/');
}

async function send(route: RouteRecord, input: Generated) {
  const query = toQuery(input.query);
  const url = `${pathOf(route, input.params)}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = {
    cookie: `${SESSION_COOKIE}=${admin.cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${admin.cookies[CSRF_COOKIE]}`,
    [CSRF_HEADER]: admin.cookies[CSRF_COOKIE] ?? '',
  };
  let payload: string | undefined;
  if (input.raw) {
    headers['content-type'] = input.raw.contentType;
    payload = input.raw.body;
  } else if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = toJson(input.body);
  }
  return t.app.inject({ method: route.method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
}

/** A route may have ended the admin's session (a user made inactive, say): sign in again. */
async function keepSignedIn(): Promise<void> {
  const session = await admin.get('/api/sessions');
  if (session.json().valid === true) return;
  adminUser = await createUser(t.deps, orgId, { isAdmin: true, isPolicyOwner: true });
  admin = await t.signIn(adminUser.username, adminUser.password);
}

/**
 * The walk is cut into shards, each its own test with its own time limit: every route added makes
 * the walk longer (the staff area and the reports added about 200 requests), and one time limit for
 * the whole walk would be reached on a busy machine long before anything is wrong.
 */
const SHARDS = 4;

for (let shard = 0; shard < SHARDS; shard += 1) {
  it(`no route answers 500 to any generated or hostile input, and a refused request writes nothing (part ${shard + 1} of ${SHARDS})`, async () => {
    const all = t.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/docs') &&
        route.method !== 'HEAD' &&
        !SIGN_OUT.has(`${route.method} ${route.url}`),
    );
    expect(all.length).toBeGreaterThan(50);
    const routes = all.filter((_, index) => index % SHARDS === shard);
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const examples = oneHostileFieldEach(route).map((example) => [example] as [Generated]);
      const result = await fc.check(
        fc.asyncProperty(requestFor(route), async (input) => {
          const before = await fingerprintDatabase(t.deps);
          const res = await send(route, input);
          requests++;
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
          if (res.statusCode >= 400 && (await fingerprintDatabase(t.deps)) !== before) {
            throw new Error(`${res.statusCode} but the database changed`);
          }
        }),
        {
          // Examples count towards numRuns: each runs, then RUNS_PER_ROUTE random requests.
          numRuns: examples.length + RUNS_PER_ROUTE,
          examples,
          endOnFailure: true,
          seed: 20_261_123,
        },
      );
      if (result.failed) {
        const error =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(
          `${route.method} ${route.url}: ${error} with ${JSON.stringify(result.counterexample)?.slice(0, 300)}`,
        );
      }
      await keepSignedIn();
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(routes.length * RUNS_PER_ROUTE);
    console.info(`no-500 walk, part ${shard + 1}: ${routes.length} routes, ${requests} requests`);
  }, 300_000);
}
