import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OrgMessages } from '../../../shared/api/hstm-orgs';
import { queryRows } from '../../db/client';
import { templateSources, templates } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createOrg, createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

let t: TestApp;
let staff: Agent;
let templateIds: number[];

const BASE = '/api/hstm/organizations';
const uniq = () => Math.random().toString(16).slice(2, 10);
const newOrg = (over: Record<string, unknown> = {}) => {
  const s = uniq();
  return { name: `Clinic ${s}`, tenant: `clinic-${s}`, location: 'TN', status: 1, token_timeout: 45, ...over };
};
const rows = <T>(q: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, q));
type Route = [string, string, Record<string, unknown>?];
const call = (agent: Agent, [method, url, body]: Route) =>
  method === 'GET' ? agent.get(url) : method === 'POST' ? agent.post(url, body ?? {}) : agent.put(url, body);
const routes = (id: number): Route[] => [
  ['GET', BASE],
  ['GET', `${BASE}/${id}`],
  ['POST', BASE, { org: newOrg() }],
  ['PUT', `${BASE}/${id}`, { org: { name: 'X' } }],
  ['GET', '/api/hstm/pnp_templates'],
];
interface OrgBody {
  id: number;
  name: string;
  tenant: string;
  location: string | null;
  status: number;
  idp_provider: string | null;
  token_timeout: number;
  template_ids: number[];
}
const errorsOf = (res: { json: <T>() => T }) => res.json<{ errors: string[] }>().errors;

beforeAll(async () => {
  t = await createTestApp();
  const s = await createStaff(t.deps, '2 3');
  staff = await t.signIn(s.username, s.password);
  templateIds = await withSystem(t.deps.database.db, async (tx) => {
    const [source] = await tx
      .insert(templateSources)
      .values({ name: `Source ${uniq()}` })
      .returning();
    const made = await tx
      .insert(templates)
      .values(
        ['Hand Hygiene', 'Fall Prevention', 'Visitor Policy'].map((name) => ({
          name: `${name} ${uniq()}`,
          sourceId: source!.id,
          storageKey: `k-${uniq()}`,
          originalName: `${name}.docx`,
          mimeType: 'application/octet-stream',
          sizeBytes: 1,
        })),
      )
      .returning();
    return made.map((m) => m.id);
  });
});
afterAll(async () => t.close());

describe('hstm organizations: who may call', () => {
  it('401 signed out, 403 for org users (even admins) and for staff without permission 3', async () => {
    const org = await createOrg(t.deps);
    const orgAdmin = await createUser(t.deps, org.id, { isAdmin: true });
    const orgAgent = await t.signIn(orgAdmin.username, orgAdmin.password);
    const other = await createStaff(t.deps, '2 4 5');
    const otherAgent = await t.signIn(other.username, other.password);
    for (const r of routes(org.id)) {
      expect((await call(t.anonymous(), r)).statusCode, `${r[0]} ${r[1]}`).toBe(401);
      expect((await call(orgAgent, r)).statusCode, `${r[0]} ${r[1]}`).toBe(403);
      expect((await call(otherAgent, r)).statusCode, `${r[0]} ${r[1]}`).toBe(403);
    }
    // Nothing was changed by the refused calls.
    const [row] = await rows<{ name: string }>(sql`select name from organizations where id = ${org.id}`);
    expect(row!.name).toBe(org.name);
  });

  it('404 for an unknown organisation', async () => {
    for (const r of routes(2_000_000_000).filter(([, url]) => url.includes('2000000000'))) {
      const res = await call(staff, r);
      expect(res.statusCode, `${r[0]} ${r[1]}`).toBe(404);
      expect(errorsOf(res)).toEqual(['The organization was not found.']);
    }
  });
});

describe('hstm organizations: create', () => {
  it('creates a usable organisation: system group, hStream sign-in, an admin can sign in and work', async () => {
    const input = newOrg({ tenant: `New-Clinic-${uniq()}`, location: 'on' });
    const res = await staff.post(BASE, { org: input });
    expect(res.statusCode).toBe(201);
    const org = res.json<{ org: OrgBody }>().org;
    expect(org).toMatchObject({
      name: input.name,
      tenant: input.tenant.toLowerCase(),
      location: 'ON',
      status: 1,
      idp_provider: 'HSTREAM',
      token_timeout: 45,
      template_ids: [],
    });
    const groups = await rows<{ name: string; created_by_source: string }>(
      sql`select name, created_by_source from user_groups where org_id = ${org.id}`,
    );
    expect(groups).toEqual([{ name: 'All Staff', created_by_source: 'System' }]);
    const admin = await createUser(t.deps, org.id, { isAdmin: true });
    const agent = await t.signIn(admin.username, admin.password, org.tenant);
    const list = await agent.get(`/api/o/${org.id}/user_groups`);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('All Staff');
    // The staff action log holds the creation.
    const logged = await rows<{ n: number }>(
      sql`select count(*)::int as n from staff_action_logs where method = 'POST' and path like '/api/hstm/organizations%'`,
    );
    expect(logged[0]!.n).toBeGreaterThan(0);
  });

  it('defaults status 1 and a 30-minute timeout, with templates chosen at creation', async () => {
    const { status: _s, token_timeout: _t, location: _l, ...input } = newOrg();
    const res = await staff.post(BASE, { org: input, template_ids: [templateIds[0]] });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ org: OrgBody }>().org).toMatchObject({
      status: 1,
      token_timeout: 30,
      location: null,
      template_ids: [templateIds[0]],
    });
  });

  it('422 with a sentence for each bad field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, OrgMessages.nameRequired],
      [{ name: '   ' }, OrgMessages.nameRequired],
      [{ name: 'x'.repeat(256) }, OrgMessages.nameTooLong],
      [{ name: 'A <b>' }, OrgMessages.nameBrackets],
      [{ name: 42 }, OrgMessages.nameRequired],
      [{ tenant: '' }, OrgMessages.tenantRequired],
      [{ tenant: 'has space' }, OrgMessages.tenantPattern],
      [{ tenant: 'under_score' }, OrgMessages.tenantPattern],
      [{ tenant: '-dash' }, OrgMessages.tenantPattern],
      [{ tenant: 'a'.repeat(65) }, OrgMessages.tenantTooLong],
      [{ location: 'XX' }, OrgMessages.locationInvalid],
      [{ location: 'Tennessee' }, OrgMessages.locationInvalid],
      [{ location: 7 }, OrgMessages.locationInvalid],
      [{ status: 3 }, OrgMessages.statusInvalid],
      [{ status: '1' }, OrgMessages.statusInvalid],
      [{ status: -1 }, OrgMessages.statusInvalid],
      [{ token_timeout: 4 }, OrgMessages.timeoutInvalid],
      [{ token_timeout: 1441 }, OrgMessages.timeoutInvalid],
      [{ token_timeout: 30.5 }, OrgMessages.timeoutInvalid],
      [{ token_timeout: 'soon' }, OrgMessages.timeoutInvalid],
    ];
    for (const [over, message] of cases) {
      const res = await staff.post(BASE, { org: newOrg(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(errorsOf(res), JSON.stringify(over)).toContain(message);
    }
    const all = await staff.post(BASE, {
      org: { name: '', tenant: 'a b', location: 'ZZ', status: 9, token_timeout: 0 },
    });
    expect(all.statusCode).toBe(422);
    expect(errorsOf(all)).toEqual(
      expect.arrayContaining([
        OrgMessages.nameRequired,
        OrgMessages.tenantPattern,
        OrgMessages.locationInvalid,
        OrgMessages.statusInvalid,
        OrgMessages.timeoutInvalid,
      ]),
    );
    expect((await staff.post(BASE, {})).statusCode).toBe(422);
    expect((await staff.post(BASE, { org: newOrg({ extra: 1 }) })).statusCode).toBe(422);
    expect((await staff.post(BASE, { org: newOrg(), template_ids: [999_999_999] })).statusCode).toBe(422);
    expect((await staff.post(BASE, { org: newOrg(), template_ids: ['x'] })).statusCode).toBe(422);
  });

  it('409 for a tenant key already used, in any case; nothing is written', async () => {
    const first = newOrg();
    expect((await staff.post(BASE, { org: first })).statusCode).toBe(201);
    const res = await staff.post(BASE, { org: newOrg({ tenant: first.tenant.toUpperCase() }) });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)).toEqual([OrgMessages.tenantTaken(first.tenant)]);
    const [n] = await rows<{ n: number }>(
      sql`select count(*)::int as n from organizations where lower(tenant) = ${first.tenant}`,
    );
    expect(n!.n).toBe(1);
  });
});

describe('hstm organizations: list', () => {
  it('searches by name or tenant key, filters by status and sign-in source, sorts and pages', async () => {
    const tag = uniq();
    const made: OrgBody[] = [];
    for (const [i, status] of [1, 0, 2, 1, 1].entries()) {
      const res = await staff.post(BASE, {
        org: newOrg({ name: `Zeta ${tag} ${String.fromCharCode(69 - i)}`, tenant: `zt-${tag}-${i}`, status }),
      });
      made.push(res.json<{ org: OrgBody }>().org);
    }
    await withSystem(t.deps.database.db, (tx) =>
      tx.execute(sql`update organizations set idp_provider = 'AD' where id = ${made[3]!.id}`),
    );

    let res = await staff.get(`${BASE}?search=${tag}&per_page=2&sort=name&dir=asc`);
    expect(res.statusCode).toBe(200);
    let body = res.json<{ organizations: OrgBody[]; total: number; page: number; per_page: number }>();
    expect(body).toMatchObject({ total: 5, page: 1, per_page: 2 });
    expect(body.organizations.map((o) => o.name)).toEqual([`Zeta ${tag} A`, `Zeta ${tag} B`]);
    res = await staff.get(`${BASE}?search=${tag}&per_page=2&page=3&sort=name&dir=asc`);
    body = res.json();
    expect(body.organizations.map((o) => o.name)).toEqual([`Zeta ${tag} E`]);
    res = await staff.get(`${BASE}?search=${tag}&sort=name&dir=desc`);
    expect(res.json<{ organizations: OrgBody[] }>().organizations[0]!.name).toBe(`Zeta ${tag} E`);

    res = await staff.get(`${BASE}?search=ZT-${tag}-2`);
    expect(res.json<{ organizations: OrgBody[] }>().organizations.map((o) => o.id)).toEqual([made[2]!.id]);
    res = await staff.get(`${BASE}?search=${tag}&status=0`);
    expect(res.json<{ organizations: OrgBody[] }>().organizations.map((o) => o.id)).toEqual([made[1]!.id]);
    res = await staff.get(`${BASE}?search=${tag}&status=2`);
    expect(res.json<{ organizations: OrgBody[] }>().organizations.map((o) => o.id)).toEqual([made[2]!.id]);
    res = await staff.get(`${BASE}?search=${tag}&status=1`);
    expect(res.json<{ total: number }>().total).toBe(3);
    res = await staff.get(`${BASE}?search=${tag}&idp=AD`);
    expect(res.json<{ organizations: OrgBody[] }>().organizations.map((o) => o.id)).toEqual([made[3]!.id]);
    res = await staff.get(`${BASE}?search=${tag}&idp=HSTREAM&status=1`);
    expect(res.json<{ total: number }>().total).toBe(2);
    // A search is text, never a pattern.
    expect((await staff.get(`${BASE}?search=%25`)).json<{ total: number }>().total).toBe(0);

    for (const sort of ['name', 'tenant', 'location', 'status', 'idp_provider', 'created_at']) {
      expect((await staff.get(`${BASE}?sort=${sort}&dir=desc`)).statusCode, sort).toBe(200);
    }
    for (const bad of ['status=5', 'idp=LDAP', 'sort=secret', 'dir=up', 'page=0', 'per_page=500', 'page=x']) {
      const r = await staff.get(`${BASE}?${bad}`);
      expect(r.statusCode, bad).toBe(422);
      expect(errorsOf(r).length, bad).toBeGreaterThan(0);
    }
  });
});

describe('hstm organizations: show and edit', () => {
  it('edits each field; 422 for bad fields; 409 for a tenant key of another organisation', async () => {
    const org = (await staff.post(BASE, { org: newOrg() })).json<{ org: OrgBody }>().org;
    const other = (await staff.post(BASE, { org: newOrg() })).json<{ org: OrgBody }>().org;
    let res = await staff.put(`${BASE}/${org.id}`, {
      org: { name: 'Renamed Clinic', location: 'PR', status: 2, token_timeout: 1440, tenant: org.tenant.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ org: OrgBody }>().org).toMatchObject({
      name: 'Renamed Clinic',
      location: 'PR',
      status: 2,
      token_timeout: 1440,
      tenant: org.tenant,
    });
    expect((await staff.get(`${BASE}/${org.id}`)).json<{ org: OrgBody }>().org.name).toBe('Renamed Clinic');
    res = await staff.put(`${BASE}/${org.id}`, { org: { location: null } });
    expect(res.json<{ org: OrgBody }>().org.location).toBeNull();

    res = await staff.put(`${BASE}/${org.id}`, { org: { tenant: other.tenant } });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)).toEqual([OrgMessages.tenantTaken(other.tenant)]);
    for (const [over, message] of [
      [{ name: '' }, OrgMessages.nameRequired],
      [{ tenant: 'a.b' }, OrgMessages.tenantPattern],
      [{ location: 'QQ' }, OrgMessages.locationInvalid],
      [{ status: 5 }, OrgMessages.statusInvalid],
      [{ token_timeout: 0 }, OrgMessages.timeoutInvalid],
    ] as Array<[Record<string, unknown>, string]>) {
      const r = await staff.put(`${BASE}/${org.id}`, { org: over });
      expect(r.statusCode, JSON.stringify(over)).toBe(422);
      expect(errorsOf(r)).toContain(message);
    }
    expect((await staff.get(`${BASE}/abc`)).statusCode).toBe(422);
    expect((await staff.put(`${BASE}/0`, { org: {} })).statusCode).toBe(422);
  });

  it('sets the templates an organisation may use, seen by its users in their template library', async () => {
    const org = (await staff.post(BASE, { org: newOrg() })).json<{ org: OrgBody }>().org;
    let res = await staff.put(`${BASE}/${org.id}`, { template_ids: [templateIds[0], templateIds[1], templateIds[0]] });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ org: OrgBody }>().org.template_ids).toEqual(
      [templateIds[0], templateIds[1]].sort((a, b) => a! - b!),
    );
    res = await staff.put(`${BASE}/${org.id}`, { template_ids: [templateIds[2]] });
    expect(res.json<{ org: OrgBody }>().org.template_ids).toEqual([templateIds[2]]);
    const stored = await rows<{ template_id: number }>(
      sql`select template_id from org_templates where org_id = ${org.id}`,
    );
    expect(stored.map((s) => s.template_id)).toEqual([templateIds[2]]);

    res = await staff.put(`${BASE}/${org.id}`, { template_ids: [templateIds[0], 1_999_999_999] });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([OrgMessages.templatesMissing([1_999_999_999])]);
    // The refused change left the templates as they were.
    expect((await staff.get(`${BASE}/${org.id}`)).json<{ org: OrgBody }>().org.template_ids).toEqual([templateIds[2]]);

    res = await staff.put(`${BASE}/${org.id}`, { template_ids: [] });
    expect(res.json<{ org: OrgBody }>().org.template_ids).toEqual([]);
  });

  it('lists the provider template library with each source name', async () => {
    const res = await staff.get('/api/hstm/pnp_templates');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ pnp_templates: Array<{ id: number; name: string; source: string }> }>().pnp_templates;
    for (const id of templateIds) expect(list.find((x) => x.id === id)?.source).toMatch(/^Source /);
  });
});
