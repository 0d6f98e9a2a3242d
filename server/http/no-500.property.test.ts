import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../shared/api/errors';
import { systemMessages, visitorLogs } from '../db/schema/index';
import { withSystem } from '../db/tenant';
import { createOrg, createStaff, createUser } from '../test/factories';
import { fingerprintDatabase } from '../test/fingerprint';
import { createTestApp, type Agent, type TestApp } from '../test/harness';
import {
  arbitraryFor,
  baseValue,
  calendarEndsAlone,
  oneHostileLeaf,
  pathParamFor,
  plausiblePathParam,
  rawBodies,
  toJson,
  toQuery,
} from '../test/hostile-inputs';
import { createOrgAObjects, type OrgAObjects } from '../test/org-a-fixture';
import { idForParam } from '../test/route-matrix';
import type { RouteRecord } from './app';

/**
 * No input gives a 500, and a refused request writes nothing. Every registered API route is called
 * as a signed-in admin of an organisation with data, and every staff and public route again as a
 * provider staff user holding every staff permission (the admin reaches no staff route past its
 * guard), with bodies, query strings and path ids generated from the route's own schemas and mixed
 * with hostile values; each 4xx is checked against a fingerprint of the whole database taken just
 * before it.
 */
const RUNS_PER_ROUTE = Number(process.env.NO_500_RUNS ?? 6);
/** Signing out would end the walk's own session; those two routes hold no input worth generating. */
const SIGN_OUT = new Set(['DELETE /api/sessions', 'GET /api/t/:tenant/logout']);

/** Who walks the routes: a session, and the ids that exist for them. */
interface Walker {
  agent: Agent;
  /** Real ids, tried in paths, queries and bodies; the first is a plausible body's id. */
  ids: number[];
  /** Path parameters given one value in every request (the admin's own organisation). */
  fixedParams: Record<string, string>;
  /** A real id for a path parameter of a plausible request, by its name and the segment before it. */
  plausibleParam: (name: string, previousSegment: string) => number | undefined;
  /** A new session, when a route ended this one (a user made inactive, say). */
  signInAgain: () => Promise<Agent>;
}

let t: TestApp;
let objects: OrgAObjects;
let orgAdmin: Walker;
let staffUser: Walker;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  const org = await createOrg(t.deps);
  objects = await createOrgAObjects(t.deps, org);
  const signInNewAdmin = async (): Promise<Agent> => {
    const admin = await createUser(t.deps, org.id, { isAdmin: true, isPolicyOwner: true });
    return t.signIn(admin.username, admin.password);
  };
  const adminUser = await createUser(t.deps, org.id, { isAdmin: true, isPolicyOwner: true });
  orgAdmin = {
    agent: await t.signIn(adminUser.username, adminUser.password),
    ids: [
      objects.binderId,
      objects.folderId,
      objects.pnpId,
      objects.otherPnpId,
      objects.draftDocId,
      objects.activeDocId,
      objects.userId,
    ],
    fixedParams: { org: String(org.id) },
    plausibleParam: () => undefined,
    signInAgain: signInNewAdmin,
  };

  // The staff walk's rows: a colleague holding less (whom every staff-user route may act on), a
  // system message, and the admin's sign-in in the visitor log.
  const colleague = await createStaff(t.deps, '5');
  const [message] = await withSystem(t.deps.database.db, (tx) =>
    tx
      .insert(systemMessages)
      .values({
        message: 'Walk probe',
        startDatetime: new Date('2026-01-01T00:00:00Z'),
        endDatetime: new Date('2026-01-02T00:00:00Z'),
        location: 'Login',
      })
      .returning({ id: systemMessages.id }),
  );
  const [visit] = await withSystem(t.deps.database.db, (tx) =>
    tx.select({ id: visitorLogs.id }).from(visitorLogs).where(eq(visitorLogs.userId, adminUser.id)).limit(1),
  );
  const idBySegment: Record<string, number> = {
    organizations: org.id,
    users: adminUser.id,
    hstm_users: colleague.id,
    system_messages: message!.id,
  };
  const signInNewStaff = async (): Promise<Agent> => {
    const staff = await createStaff(t.deps, '2 3 4 5');
    return t.signIn(staff.username, staff.password);
  };
  staffUser = {
    agent: await signInNewStaff(),
    ids: [org.id, adminUser.id, objects.userId, colleague.id, message!.id, visit!.id],
    fixedParams: {},
    plausibleParam: (name, previousSegment) => {
      if (name === 'orgId') return org.id;
      if (name === 'logId') return visit!.id;
      return name === 'id' ? idBySegment[previousSegment] : undefined;
    },
    signInAgain: signInNewStaff,
  };
});
afterAll(async () => t.close());

interface Generated {
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  raw: { contentType: string; body: string } | null;
}

function requestFor(route: RouteRecord, walker: Walker): fc.Arbitrary<Generated> {
  const names = route.url
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
  const params = fc.record(
    Object.fromEntries(
      names.map((name) => {
        const fixed = walker.fixedParams[name];
        return [name, fixed !== undefined ? fc.constant(fixed) : pathParamFor(route.schema?.params, name, walker.ids)];
      }),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fc.record({
    params,
    query: route.schema?.querystring ? arbitraryFor(route.schema.querystring, walker.ids) : fc.constant(undefined),
    body: withBody && route.schema?.body ? arbitraryFor(route.schema.body, walker.ids) : fc.constant(undefined),
    raw: withBody ? fc.option(fc.constantFrom(...rawBodies), { freq: 4 }) : fc.constant(null),
  });
}

/** The path parameters of a plausible request: fixed, a real id for the name, or an enum's first value or the first id. */
function plausibleParams(route: RouteRecord, walker: Walker): Record<string, string> {
  const segments = route.url.split('/');
  return Object.fromEntries(
    segments.flatMap((segment, index) => {
      if (!segment.startsWith(':')) return [];
      const name = segment.slice(1);
      const realId = walker.plausibleParam(name, segments[index - 1] ?? '');
      const value =
        walker.fixedParams[name] ??
        (realId !== undefined ? String(realId) : plausiblePathParam(route.schema?.params, name, walker.ids));
      return [[name, value]];
    }),
  );
}

/** Examples run before the random ones: a plausible request with exactly one hostile field. */
function oneHostileFieldEach(route: RouteRecord, walker: Walker): Generated[] {
  const params = plausibleParams(route, walker);
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  const body = withBody ? route.schema?.body : undefined;
  const query = route.schema?.querystring;
  const baseQuery = query ? baseValue(query, walker.ids) : undefined;
  const baseBody = body ? baseValue(body, walker.ids) : undefined;
  return [
    ...(query ? oneHostileLeaf(query, walker.ids).map((q) => ({ params, query: q, body: baseBody, raw: null })) : []),
    ...(query
      ? calendarEndsAlone(query, walker.ids).map((q) => ({ params, query: q, body: baseBody, raw: null }))
      : []),
    ...(body ? oneHostileLeaf(body, walker.ids).map((b) => ({ params, query: baseQuery, body: b, raw: null })) : []),
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

async function send(route: RouteRecord, input: Generated, agent: Agent) {
  const query = toQuery(input.query);
  const url = `${pathOf(route, input.params)}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = {
    cookie: `${SESSION_COOKIE}=${agent.cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${agent.cookies[CSRF_COOKIE]}`,
    [CSRF_HEADER]: agent.cookies[CSRF_COOKIE] ?? '',
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

/** A route may have ended the walker's session (a user made inactive, say): sign in again. */
async function keepSignedIn(walker: Walker): Promise<void> {
  const session = await walker.agent.get('/api/sessions');
  if (session.json().valid === true) return;
  walker.agent = await walker.signInAgain();
}

/** Each route with its examples, then RUNS_PER_ROUTE random requests: the failures, and how many requests were sent. */
async function walk(walker: Walker, routes: RouteRecord[]): Promise<{ failures: string[]; requests: number }> {
  const failures: string[] = [];
  let requests = 0;
  for (const route of routes) {
    const examples = oneHostileFieldEach(route, walker).map((example) => [example] as [Generated]);
    const result = await fc.check(
      fc.asyncProperty(requestFor(route, walker), async (input) => {
        const before = await fingerprintDatabase(t.deps);
        const res = await send(route, input, walker.agent);
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
      const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      failures.push(
        `${route.method} ${route.url}: ${error} with ${JSON.stringify(result.counterexample)?.slice(0, 300)}`,
      );
    }
    await keepSignedIn(walker);
  }
  return { failures, requests };
}

const apiRoutes = (): RouteRecord[] =>
  t.app.routeTable.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/docs') &&
      route.method !== 'HEAD' &&
      !SIGN_OUT.has(`${route.method} ${route.url}`),
  );

/**
 * The walk is cut into shards, each its own test with its own time limit: every route added makes
 * the walk longer (the staff area and the reports added about 200 requests), and one time limit for
 * the whole walk would be reached on a busy machine long before anything is wrong.
 */
const SHARDS = 4;

for (let shard = 0; shard < SHARDS; shard += 1) {
  it(`no route answers 500 to any generated or hostile input, and a refused request writes nothing (part ${shard + 1} of ${SHARDS})`, async () => {
    const all = apiRoutes();
    expect(all.length).toBeGreaterThan(50);
    const routes = all.filter((_, index) => index % SHARDS === shard);
    const { failures, requests } = await walk(orgAdmin, routes);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(routes.length * RUNS_PER_ROUTE);
    console.info(`no-500 walk, part ${shard + 1}: ${routes.length} routes, ${requests} requests`);
  }, 300_000);
}

/**
 * The staff area and the public routes again, as provider staff holding every permission: the
 * admin above is refused at every staff route's guard, before its body is read, so a staff route's
 * own code (a system message's dates, say) was never reached. Run after the admin's walk: staff
 * routes may disable the organisation or delete its users.
 */
const STAFF_SHARDS = 2;

for (let shard = 0; shard < STAFF_SHARDS; shard += 1) {
  it(`no staff or public route answers 500 to a staff user holding every permission, and a refused request writes nothing (staff part ${shard + 1} of ${STAFF_SHARDS})`, async () => {
    const all = apiRoutes().filter((route) => route.access === 'staff' || route.access === 'public');
    expect(all.filter((route) => route.access === 'staff').length).toBeGreaterThan(40);
    const routes = all.filter((_, index) => index % STAFF_SHARDS === shard);
    const { failures, requests } = await walk(staffUser, routes);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(routes.length * RUNS_PER_ROUTE);
    console.info(`no-500 walk as staff, part ${shard + 1}: ${routes.length} routes, ${requests} requests`);
  }, 300_000);
}
