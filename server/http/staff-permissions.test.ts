import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailOutboxList, MailOutboxMessage } from '../../shared/api/notifications';
import type { Dashboard } from '../../shared/api/hstm-dashboard';
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
let orgId: number;
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
  orgId = org.id;
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

/**
 * What a staff user sees inside a route their number opens (product-rules.md: staff never see org
 * content except through a login-as session). Each row: a capability, the numbers held, whether
 * they may see it. The outbox's set-password links open the account they are for: an org user's
 * only for login as (4); a staff user's only for user management (2) with every permission that
 * staff user holds, the rule for editing or re-inviting them: a 2 5 must not become a 2 3 4 5
 * through their welcome e-mail. The dashboard's search: organisations with org management (3), which gates the
 * Organizations screens; users with 3 (the Org Users screens) or 4 (whom to log in as).
 */
type Capability =
  | 'org user set-password link'
  | 'staff set-password link'
  | 'login-as staff set-password link'
  | 'all-permissions staff set-password link'
  | 'dashboard organisations'
  | 'dashboard users';
const SEES: readonly [Capability, string, boolean][] = [
  ['org user set-password link', '5', false],
  ['org user set-password link', '2 3 5', false],
  ['org user set-password link', '4 5', true],
  ['org user set-password link', '2 3 4 5', true],
  ['staff set-password link', '5', false],
  ['staff set-password link', '3 4 5', false],
  ['staff set-password link', '2 5', true],
  ['staff set-password link', '2 3 4 5', true],
  // Of a staff user holding 2 4, made by one holding all four.
  ['login-as staff set-password link', '4 5', false],
  ['login-as staff set-password link', '2 5', false],
  ['login-as staff set-password link', '2 3 5', false],
  ['login-as staff set-password link', '2 4 5', true],
  // Of a staff user holding 2 3 4 5, made by one holding all four.
  ['all-permissions staff set-password link', '5', false],
  ['all-permissions staff set-password link', '3 4 5', false],
  ['all-permissions staff set-password link', '2 5', false],
  ['all-permissions staff set-password link', '2 4 5', false],
  ['all-permissions staff set-password link', '2 3 5', false],
  ['all-permissions staff set-password link', '2 3 4 5', true],
  ['dashboard organisations', '', false],
  ['dashboard organisations', '2', false],
  ['dashboard organisations', '4', false],
  ['dashboard organisations', '2 4 5', false],
  ['dashboard organisations', '3', true],
  ['dashboard users', '', false],
  ['dashboard users', '2', false],
  ['dashboard users', '5', false],
  ['dashboard users', '2 5', false],
  ['dashboard users', '3', true],
  ['dashboard users', '4', true],
];

describe('staff permissions, what a route shows', () => {
  it('each capability is seen exactly by the numbers its row names', async () => {
    const word = `cap${randomBytes(3).toString('hex')}`;
    const invitee = await createUser(t.deps, orgId, {
      username: `invitee.${word}`,
      email: `invitee.${word}@example.com`,
    });
    expect((await orgAdmin.post(`/api/o/${orgId}/users/${invitee.id}/send_welcome_email`, {})).statusCode).toBe(200);
    const manager = await staff([StaffPermission.UserManagement]);
    const staffEmail = `staff.${word}@example.com`;
    const created = await manager.post('/api/hstm/hstm_users', {
      user: { name: `Staff ${word}`, email: staffEmail, username: `staff.${word}`, permissions: '2' },
    });
    expect(created.statusCode).toBe(201);
    /** A staff user holding `permissions`, made by a staff user holding all four: their welcome's address. */
    const staffMadeByAll = async (permissions: string, name: string): Promise<string> => {
      const email = `${name}.${word}@example.com`;
      const maker = await staff(ALL);
      const made = await maker.post('/api/hstm/hstm_users', {
        user: { name: `Staff ${name} ${word}`, email, username: `${name}.${word}`, permissions },
      });
      expect(made.statusCode).toBe(201);
      return email;
    };
    const loginAsStaffEmail = await staffMadeByAll('2 4', 'loginas');
    const allStaffEmail = await staffMadeByAll('2 3 4 5', 'all');
    const org = await createOrg(t.deps, { name: `Clinic ${word}` });

    /** The whole answer for the one message to this address, as text: a link shows if its path does. */
    const mailTo = async (agent: Agent, email: string): Promise<string> => {
      const listed = await agent.get(`/api/hstm/mail_outbox?search=${encodeURIComponent(email)}`);
      const [mail] = listed.json<MailOutboxList>().mail_outbox;
      if (!mail) throw new Error(`No mail to ${email}.`);
      const one = await agent.get(`/api/hstm/mail_outbox/${mail.id}`);
      expect(one.statusCode).toBe(200);
      return listed.body + JSON.stringify(one.json<MailOutboxMessage>());
    };
    const dashboard = async (agent: Agent): Promise<Dashboard> => {
      const res = await agent.get(`/api/hstm/dash/new?search=${word}`);
      expect(res.statusCode).toBe(200);
      return res.json<Dashboard>();
    };
    /**
     * Whether a dashboard list shows the row; its `withheld` flag must say the opposite (the search
     * matches the row), and a withheld list has no rows at all.
     */
    const flaggedWrong: string[] = [];
    const flagged = <T>(
      capability: Capability,
      list: { rows: T[]; withheld: boolean },
      match: (row: T) => boolean,
    ): boolean => {
      const seen = list.rows.some(match);
      if (list.withheld === seen || (list.withheld && list.rows.length > 0)) {
        flaggedWrong.push(`${capability}: withheld ${list.withheld} with ${list.rows.length} rows`);
      }
      return seen;
    };
    const sees: Record<Capability, (agent: Agent) => Promise<boolean>> = {
      'org user set-password link': async (agent) =>
        /\/set_password\/[\w-]{20,}/.test(await mailTo(agent, invitee.email)),
      'staff set-password link': async (agent) =>
        /\/staff_set_password\/[\w-]{20,}/.test(await mailTo(agent, staffEmail)),
      'login-as staff set-password link': async (agent) =>
        /\/staff_set_password\/[\w-]{20,}/.test(await mailTo(agent, loginAsStaffEmail)),
      'all-permissions staff set-password link': async (agent) =>
        /\/staff_set_password\/[\w-]{20,}/.test(await mailTo(agent, allStaffEmail)),
      'dashboard organisations': async (agent) =>
        flagged('dashboard organisations', (await dashboard(agent)).organizations, (o) => o.id === org.id),
      'dashboard users': async (agent) =>
        flagged('dashboard users', (await dashboard(agent)).users, (u) => u.id === invitee.id),
    };

    const wrong: string[] = [];
    for (const [capability, numbers, expected] of SEES) {
      const agent = await staff(numbers ? numbers.split(' ').map(Number) : []);
      const seen = await sees[capability](agent);
      if (seen !== expected) wrong.push(`${capability} with '${numbers}': ${seen ? 'seen' : 'not seen'}`);
    }
    console.log(`staff capabilities: ${SEES.length} cases tried, ${SEES.length - wrong.length} held`);
    expect(wrong).toEqual([]);
    expect(flaggedWrong).toEqual([]);
  });
});
