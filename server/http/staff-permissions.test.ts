import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffPermission } from '../../shared/domain/roles';
import { createOrg, createStaff, createUser } from '../test/factories';
import { createTestApp, type Agent, type TestApp } from '../test/harness';
import type { RouteRecord } from './app';

/**
 * Spec §6: each staff permission number gates exactly its routes (2 user management, 3 org
 * management, 4 login as another user, 5 developer tools), and no organisation user reaches any
 * staff route. The expected number comes from this table, by path, so a route registered with the
 * wrong permission (or none) fails here; every staff route must match one row.
 */
const EXPECTED: readonly [RegExp, number | null][] = [
  [/^\/api\/hstm\/dash\//, null],
  [/^\/api\/hstm\/hstm_users(\/|$)/, StaffPermission.UserManagement],
  [/^\/api\/hstm\/users\/get_hstream_id_by_email$/, StaffPermission.DeveloperTools],
  [/^\/api\/hstm\/users(\/|$)/, StaffPermission.OrgManagement],
  [/^\/api\/hstm\/organizations\/:orgId\/sso_group_mapping$/, StaffPermission.OrgManagement],
  [/^\/api\/hstm\/organizations(\/|$)/, StaffPermission.OrgManagement],
  [/^\/api\/hstm\/pnp_templates$/, StaffPermission.OrgManagement],
  [/^\/api\/auth\/developer\/sudo_login_generate_url$/, StaffPermission.LoginAs],
  [/^\/api\/hstm\/(system_messages|mail_outbox|staff_action_logs)(\/|$)/, StaffPermission.DeveloperTools],
];
const ALL = [
  StaffPermission.UserManagement,
  StaffPermission.OrgManagement,
  StaffPermission.LoginAs,
  StaffPermission.DeveloperTools,
];
/** Ids nobody has: a permitted call answers 404 or 422 and changes nothing. */
const path = (url: string): string =>
  url.replace(/:[A-Za-z]+/g, (param) => (param === ':provider' ? 'hstream' : '987654321'));

let t: TestApp;
let routes: RouteRecord[];
let orgAdmin: Agent;
const staffWith = new Map<string, Agent>();

async function staff(permissions: readonly number[]): Promise<Agent> {
  const key = permissions.join(' ');
  const known = staffWith.get(key);
  if (known) return known;
  const made = await createStaff(t.deps, key);
  const agent = await t.signIn(made.username, made.password);
  staffWith.set(key, agent);
  return agent;
}

function call(agent: Agent, route: RouteRecord) {
  const url = path(route.url);
  switch (route.method) {
    case 'GET':
      return agent.get(url);
    case 'POST':
      return agent.post(url, {});
    case 'PUT':
      return agent.put(url, {});
    case 'DELETE':
      return agent.delete(url);
    default:
      throw new Error(`No call for ${route.method} ${route.url}.`);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeTable.filter((r) => r.access === 'staff' && r.method !== 'HEAD');
  const org = await createOrg(t.deps);
  const admin = await createUser(t.deps, org.id, { isAdmin: true });
  orgAdmin = await t.signIn(admin.username, admin.password, org.tenant);
});
afterAll(async () => t.close());

describe('staff permissions, route by route', () => {
  it('every staff route is gated by the permission its table row names', () => {
    expect(routes.length).toBeGreaterThan(40);
    const wrong = routes
      .map((route) => {
        const row = EXPECTED.find(([pattern]) => pattern.test(route.url));
        return { route: `${route.method} ${route.url}`, expected: row ? row[1] : 'no row', actual: route.permission };
      })
      .filter((r) => r.expected !== r.actual);
    expect(wrong).toEqual([]);
  });

  it('staff without the number get 403, staff with only it get past the gate, org admins get 403 everywhere', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const admin = await call(orgAdmin, route);
      if (admin.statusCode !== 403) failures.push(`${name}: org admin got ${admin.statusCode}`);
      const needed = route.permission;
      const withOnly = await call(await staff(needed === null ? [] : [needed]), route);
      if ([401, 403].includes(withOnly.statusCode) || withOnly.statusCode >= 500)
        failures.push(`${name}: staff with ${needed ?? 'no permission'} got ${withOnly.statusCode}`);
      if (needed !== null) {
        const without = await call(await staff(ALL.filter((p) => p !== needed)), route);
        if (without.statusCode !== 403) failures.push(`${name}: staff without ${needed} got ${without.statusCode}`);
        else
          expect(without.json<{ errors: string[] }>().errors).toEqual([
            'You do not have the staff permission this needs.',
          ]);
      }
    }
    expect(failures).toEqual([]);
  });
});
