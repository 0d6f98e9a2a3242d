import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GroupMapping } from '../../../shared/api/hstm-idp';
import { changeLogs, groupMemberships, orgUsers, pnpDocuments, userGroups } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createContainer, createGroup, createOrg, createStaff, createUser, grant } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPublishedPnp } from '../../test/library-factories';
import { signInAtPeer, startOidcPeer, type OidcPeer } from './oidc-peer';
import { samlOrg, samlSignIn, STAFF_BASE as B } from './sso-test-setup';

// IdP groups mapped to user groups (issue 16): the staff routes that keep the mapping, and what a
// sign-in does with it through OpenID Connect (Azure, hStream) and SAML.

let t: TestApp;
let peer: OidcPeer;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  peer = await startOidcPeer();
  const s = await createStaff(t.deps, '3');
  staff = await t.signIn(s.username, s.password);
});
afterAll(async () => {
  await peer.close();
  await t.close();
});

const url = (orgId: number | string) => `${B}/${orgId}/sso_group_mapping`;
const body = (mappings: Array<{ idp_group: string; group_id: number | null }>, claim = '') => ({
  sso_group_mapping: { claim, mappings },
});

async function saveMapping(orgId: number, mappings: Array<{ idp_group: string; group_id: number }>, claim = '') {
  const res = await staff.put(url(orgId), body(mappings, claim));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GroupMapping>();
}

const groupsOf = async (orgId: number, userId: number): Promise<string[]> =>
  (
    await withSystem(t.deps.database.db, (tx) =>
      tx
        .select({ name: userGroups.name })
        .from(groupMemberships)
        .innerJoin(
          userGroups,
          and(eq(userGroups.orgId, groupMemberships.orgId), eq(userGroups.id, groupMemberships.groupId)),
        )
        .where(and(eq(groupMemberships.orgId, orgId), eq(groupMemberships.userId, userId))),
    )
  )
    .map((r) => r.name)
    .sort();

const userByEmail = async (orgId: number, email: string) => {
  const [user] = await withSystem(t.deps.database.db, (tx) =>
    tx
      .select()
      .from(orgUsers)
      .where(and(eq(orgUsers.orgId, orgId), eq(orgUsers.email, email))),
  );
  return user!;
};

describe('staff routes of group mapping', () => {
  it('401, 403 (an org admin, staff without permission 3), 404 (unknown org)', async () => {
    const org = await createOrg(t.deps);
    const admin = await createUser(t.deps, org.id, { isAdmin: true });
    const adminAgent = await t.signIn(admin.username, admin.password);
    const s2 = await createStaff(t.deps, '2 4 5');
    const weakStaff = await t.signIn(s2.username, s2.password);
    const empty = body([]);
    expect((await t.anonymous().get(url(org.id))).statusCode).toBe(401);
    expect((await t.anonymous().put(url(org.id), empty)).statusCode).toBe(401);
    for (const agent of [adminAgent, weakStaff]) {
      expect((await agent.get(url(org.id))).statusCode).toBe(403);
      expect((await agent.put(url(org.id), empty)).statusCode).toBe(403);
    }
    expect((await staff.get(url(999_999_999))).statusCode).toBe(404);
    const missing = await staff.put(url(999_999_999), empty);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ errors: [expect.stringContaining('organization')] });
  });

  it("422 names every row's problem: empty value, duplicate value, no group, unknown group, another org's group, a system group", async () => {
    const org = await createOrg(t.deps);
    const other = await createOrg(t.deps);
    const nurses = await createGroup(t.deps, org.id, [], `Nurses ${org.id}`);
    const theirs = await createGroup(t.deps, other.id, [], `Theirs ${other.id}`);
    const [system] = await withSystem(t.deps.database.db, (tx) =>
      tx
        .insert(userGroups)
        .values({ orgId: org.id, name: `All Staff ${org.id}`, createdBySource: 'System' })
        .returning(),
    );
    const res = await staff.put(
      url(org.id),
      body([
        { idp_group: 'nurses-guid', group_id: nurses.id },
        { idp_group: '   ', group_id: nurses.id },
        { idp_group: 'NURSES-GUID', group_id: nurses.id },
        { idp_group: 'no-group', group_id: null },
        { idp_group: 'unknown', group_id: 987_654_321 },
        { idp_group: 'elsewhere', group_id: theirs.id },
        { idp_group: 'everyone', group_id: system!.id },
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: string[] }>().errors).toEqual([
      'Row 2: IdP group value is required.',
      'Row 3: NURSES-GUID is already mapped in row 1.',
      'Row 4: choose a user group.',
      'Row 5: the user group was not found in this organization.',
      'Row 6: the user group was not found in this organization.',
      `Row 7: ${system!.name} is a system group: its members are managed by the system.`,
    ]);
    // Nothing was saved, and the schema's own limits answer 422 too.
    expect((await staff.get(url(org.id))).json<GroupMapping>().mappings).toEqual([]);
    const tooLong = await staff.put(url(org.id), body([{ idp_group: 'x'.repeat(256), group_id: nurses.id }]));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json<{ errors: string[] }>().errors.length).toBeGreaterThan(0);
  });

  it('saves the claim and the mappings, shows the groups to choose from, replaces them all on the next save', async () => {
    const org = await createOrg(t.deps);
    const nurses = await createGroup(t.deps, org.id, [], `Nurses ${org.id}`);
    const doctors = await createGroup(t.deps, org.id, [], `Doctors ${org.id}`);
    await withSystem(t.deps.database.db, (tx) =>
      tx.insert(userGroups).values({ orgId: org.id, name: `All Staff ${org.id}`, createdBySource: 'System' }),
    );
    const first = await saveMapping(
      org.id,
      [
        { idp_group: ' b2c3-nurses ', group_id: nurses.id },
        { idp_group: 'a1b2-doctors', group_id: doctors.id },
        { idp_group: 'CN=Physicians,OU=Groups,DC=hospital,DC=example', group_id: doctors.id },
      ],
      ' roles ',
    );
    expect(first).toMatchObject({
      org_id: org.id,
      claim: 'roles',
      mappings: [
        { idp_group: 'a1b2-doctors', group_id: doctors.id, group_name: doctors.name },
        { idp_group: 'b2c3-nurses', group_id: nurses.id, group_name: nurses.name },
        { idp_group: 'CN=Physicians,OU=Groups,DC=hospital,DC=example', group_id: doctors.id },
      ],
      // System groups are not offered.
      groups: [
        { id: doctors.id, name: doctors.name },
        { id: nurses.id, name: nurses.name },
      ],
    });
    expect((await staff.get(url(org.id))).json()).toEqual(first);
    const second = await saveMapping(org.id, [{ idp_group: 'b2c3-nurses', group_id: nurses.id }]);
    expect(second.claim).toBe('');
    expect(second.mappings.map((m) => m.idp_group)).toEqual(['b2c3-nurses']);
  });

  it("deleting a user group drops its mappings; another org's mapping is not this org's", async () => {
    const org = await createOrg(t.deps);
    const admin = await createUser(t.deps, org.id, { isAdmin: true });
    const adminAgent = await t.signIn(admin.username, admin.password);
    const nurses = await createGroup(t.deps, org.id, [], `Nurses ${org.id}`);
    const kept = await createGroup(t.deps, org.id, [], `Kept ${org.id}`);
    await saveMapping(org.id, [
      { idp_group: 'nurses', group_id: nurses.id },
      { idp_group: 'kept', group_id: kept.id },
    ]);
    const other = await createOrg(t.deps);
    expect((await staff.get(url(other.id))).json<GroupMapping>().mappings).toEqual([]);
    const deleted = await adminAgent.delete(`/api/o/${org.id}/user_groups/${nurses.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await staff.get(url(org.id))).json<GroupMapping>().mappings.map((m) => m.idp_group)).toEqual(['kept']);
  });
});

// ---------------------------------------------------------------- sign-in through OpenID Connect

interface PeerOrg {
  id: number;
  tenant: string;
}

async function azureOrg(): Promise<PeerOrg> {
  const org = await createOrg(t.deps);
  const directory = `dir-${org.id}-${Math.random().toString(36).slice(2, 8)}`;
  await peer.addClient(directory, {
    client_id: `app-${org.id}`,
    client_secret: 'app-secret',
    redirect_uris: [`${t.deps.config.publicUrl}/api/t/${org.tenant}/sso/callback`],
  });
  const created = await staff.post(`${B}/${org.id}/azure_org_settings`, {
    azure_organization_setting: {
      tenant_id: directory,
      client_id: `app-${org.id}`,
      client_secret: 'app-secret',
      token_base_url: peer.baseUrl,
      graph_base_url: peer.baseUrl,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  await staff.put(`${B}/${org.id}/sso_settings`, { sso_setting: { create_unknown_users: true } });
  return { id: org.id, tenant: org.tenant };
}

async function oidcSignIn(org: PeerOrg, login: string): Promise<string> {
  const browser = t.anonymous();
  const start = await browser.get(`/api/t/${org.tenant}/sso/start`);
  expect(start.statusCode, start.body).toBe(302);
  const answer = await signInAtPeer(String(start.headers.location), login);
  const done = await browser.get(`${answer.pathname}${answer.search}`);
  expect(done.statusCode, done.body).toBe(302);
  return String(done.headers.location);
}

describe('sign-in through OpenID Connect follows the groups claim', () => {
  it('Azure: a mapped group is joined, left when the claim no longer lists it; unmapped groups are untouched; change logs name the IdP', async () => {
    const org = await azureOrg();
    const login = `nina.nurse.${org.id}@hospital.example`;
    const nurses = await createGroup(t.deps, org.id, [], `Nurses ${org.id}`);
    const icu = await createGroup(t.deps, org.id, [], `ICU ${org.id}`);
    const handMade = await createGroup(t.deps, org.id, [], `Hand Made ${org.id}`);
    const nursesGuid = '3f1c2a9e-0000-4000-8000-00000000a001';
    const icuGuid = '3f1c2a9e-0000-4000-8000-00000000a002';
    await saveMapping(org.id, [
      { idp_group: nursesGuid.toUpperCase(), group_id: nurses.id },
      { idp_group: icuGuid, group_id: icu.id },
    ]);

    peer.groups.set(login, [nursesGuid, 'some-unmapped-azure-group']);
    expect(await oidcSignIn(org, login)).toBe(`/orgs/${org.id}/pnps`);
    const user = await userByEmail(org.id, login);
    expect(await groupsOf(org.id, user.id)).toEqual([nurses.name]);

    // An administrator adds the person to a group no mapping names: sign-ins leave it alone.
    await withSystem(t.deps.database.db, (tx) =>
      tx.insert(groupMemberships).values({ orgId: org.id, groupId: handMade.id, userId: user.id }),
    );
    peer.groups.set(login, [icuGuid]);
    await oidcSignIn(org, login);
    expect(await groupsOf(org.id, user.id)).toEqual([handMade.name, icu.name].sort());

    // No groups claim at all: a person in no groups. Mapped groups are left, the hand-made one stays.
    peer.groups.delete(login);
    await oidcSignIn(org, login);
    expect(await groupsOf(org.id, user.id)).toEqual([handMade.name]);

    const logs = await withSystem(t.deps.database.db, (tx) =>
      tx
        .select()
        .from(changeLogs)
        .where(
          and(eq(changeLogs.orgId, org.id), eq(changeLogs.objectType, 'UserGroup'), eq(changeLogs.objectId, icu.id)),
        ),
    );
    expect(logs.map((l) => [l.createdByUser, l.deltas])).toEqual(
      expect.arrayContaining([
        ['Identity provider (Azure)', { group_member_users_added: [{ name: `${user.firstName} ${user.lastName}` }] }],
        ['Identity provider (Azure)', { group_member_users_removed: [{ name: `${user.firstName} ${user.lastName}` }] }],
      ]),
    );
  });

  it('Azure group overage (the groups left out of the token): memberships stay as they are', async () => {
    const org = await azureOrg();
    const login = `olga.overage.${org.id}@hospital.example`;
    const nurses = await createGroup(t.deps, org.id, [], `Nurses ${org.id}`);
    await saveMapping(org.id, [{ idp_group: 'nurses-guid', group_id: nurses.id }]);
    peer.groups.set(login, ['nurses-guid']);
    await oidcSignIn(org, login);
    const user = await userByEmail(org.id, login);
    expect(await groupsOf(org.id, user.id)).toEqual([nurses.name]);

    peer.groups.delete(login);
    peer.tamper = (claims) => ({ ...claims, _claim_names: { groups: 'src1' }, _claim_sources: { src1: {} } });
    const warn = vi.spyOn(t.deps.log, 'warn');
    try {
      expect(await oidcSignIn(org, login)).toBe(`/orgs/${org.id}/pnps`);
      expect(warn.mock.calls.some((c) => /group memberships left as they are/.test(String(c[1])))).toBe(true);
    } finally {
      peer.tamper = null;
      warn.mockRestore();
    }
    expect(await groupsOf(org.id, user.id)).toEqual([nurses.name]);
  });

  it('hStream: a groups claim found only at the userinfo endpoint is read there', async () => {
    const org = await createOrg(t.deps);
    const directory = `hstream-${org.id}`;
    await peer.addClient(directory, {
      client_id: 'tenet',
      client_secret: 'hs-secret',
      redirect_uris: [`${t.deps.config.publicUrl}/api/t/${org.tenant}/sso/callback`],
    });
    await staff.put(`${B}/${org.id}/oidc_settings/HSTREAM`, {
      oidc_setting: { issuer: peer.issuer(directory), client_id: 'tenet', client_secret: 'hs-secret' },
    });
    await staff.put(`${B}/${org.id}/sso_settings`, { sso_setting: { create_unknown_users: true } });
    const pharmacy = await createGroup(t.deps, org.id, [], `Pharmacy ${org.id}`);
    await saveMapping(org.id, [{ idp_group: 'pharmacy', group_id: pharmacy.id }]);
    const login = `pia.pharmacist.${org.id}@hospital.example`;
    peer.groups.set(login, ['pharmacy']);
    peer.groupsIn = 'userinfo';
    try {
      expect(await oidcSignIn(org, login)).toBe(`/orgs/${org.id}/pnps`);
    } finally {
      peer.groupsIn = 'id_token';
    }
    const user = await userByEmail(org.id, login);
    expect(await groupsOf(org.id, user.id)).toEqual([pharmacy.name]);
  });
});

// ---------------------------------------------------------------- sign-in through SAML

describe('sign-in through SAML follows the groups attribute', () => {
  it("reads Microsoft's groups attribute by default, and only the org's own attribute once it names one", async () => {
    const org = await samlOrg(t, staff);
    const nurses = await createGroup(t.deps, org.id, [], `Nurses ${org.id}`);
    const icu = await createGroup(t.deps, org.id, [], `ICU ${org.id}`);
    await saveMapping(org.id, [
      { idp_group: 'Nurses', group_id: nurses.id },
      { idp_group: 'ICU', group_id: icu.id },
    ]);
    const nameId = `sara.saml.${org.id}@hospital.example`;
    const groupsAttribute = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups';
    const first = await samlSignIn(t, org, { nameId, attributes: { [groupsAttribute]: ['nurses', 'ICU', 'Porters'] } });
    expect(first.location).toBe(`/orgs/${org.id}/pnps`);
    const user = await userByEmail(org.id, nameId);
    expect(await groupsOf(org.id, user.id)).toEqual([icu.name, nurses.name].sort());

    await saveMapping(
      org.id,
      [
        { idp_group: 'Nurses', group_id: nurses.id },
        { idp_group: 'ICU', group_id: icu.id },
      ],
      'department',
    );
    await samlSignIn(t, org, { nameId, attributes: { [groupsAttribute]: ['Nurses', 'ICU'], department: ['ICU'] } });
    expect(await groupsOf(org.id, user.id)).toEqual([icu.name]);
  });

  it("keeps a membership whose loss would leave a draft's approval step without an approver, and says so in the log", async () => {
    const org = await samlOrg(t, staff);
    const approvers = await createGroup(t.deps, org.id, [], `Approvers ${org.id}`);
    const readers = await createGroup(t.deps, org.id, [], `Readers ${org.id}`);
    await saveMapping(org.id, [
      { idp_group: 'approvers', group_id: approvers.id },
      { idp_group: 'readers', group_id: readers.id },
    ]);
    const nameId = `abe.approver.${org.id}@hospital.example`;
    await samlSignIn(t, org, { nameId, attributes: { groups: ['approvers', 'readers'] } });
    const user = await userByEmail(org.id, nameId);
    expect(await groupsOf(org.id, user.id)).toEqual([approvers.name, readers.name].sort());

    // The group is the only approver of step 1, where a draft waits; the person its only member.
    const owner = await createUser(t.deps, org.id);
    const binder = await createContainer(t.deps, org.id);
    await grant(t.deps, org.id, { containerId: binder.id }, { userId: owner.id }, 1);
    await grant(t.deps, org.id, { containerId: binder.id }, { groupId: approvers.id }, 4, 1);
    await grant(t.deps, org.id, { containerId: binder.id }, { groupId: readers.id }, 5);
    const pnp = await createPublishedPnp(t.deps, org.id, binder.id, { status: 1, versionStatus: 1 });
    await withSystem(t.deps.database.db, (tx) =>
      tx.update(pnpDocuments).set({ draftStage: 4, approvalStep: 1 }).where(eq(pnpDocuments.id, pnp.versionId)),
    );

    const warn = vi.spyOn(t.deps.log, 'warn');
    try {
      const again = await samlSignIn(t, org, { nameId, attributes: { groups: [] } });
      expect(again.location).toBe(`/orgs/${org.id}/pnps`);
      const kept = warn.mock.calls.find((c) =>
        /kept although the identity provider no longer lists it/.test(String(c[1])),
      );
      expect(kept?.[0]).toMatchObject({
        groupId: approvers.id,
        items: [{ pnpId: pnp.id, lacks: 'approver at step 1' }],
      });
    } finally {
      warn.mockRestore();
    }
    expect(await groupsOf(org.id, user.id)).toEqual([approvers.name]);

    // A second approver in the group: now the person may leave it.
    const colleague = await createUser(t.deps, org.id);
    await withSystem(t.deps.database.db, (tx) =>
      tx.insert(groupMemberships).values({ orgId: org.id, groupId: approvers.id, userId: colleague.id }),
    );
    await samlSignIn(t, org, { nameId, attributes: { groups: [] } });
    expect(await groupsOf(org.id, user.id)).toEqual([]);
  });
  it('keeps a membership that makes the person the last Owner, or the last approver of a draft in Approving whose step is not recorded (step 1)', async () => {
    const org = await samlOrg(t, staff);
    const owners = await createGroup(t.deps, org.id, [], `Owners ${org.id}`);
    const approvers = await createGroup(t.deps, org.id, [], `Approvers ${org.id}`);
    await saveMapping(org.id, [
      { idp_group: 'owners', group_id: owners.id },
      { idp_group: 'approvers', group_id: approvers.id },
    ]);
    const nameId = `olga.owner.${org.id}@hospital.example`;
    await samlSignIn(t, org, { nameId, attributes: { groups: ['owners', 'approvers'] } });
    const user = await userByEmail(org.id, nameId);
    expect(await groupsOf(org.id, user.id)).toEqual([approvers.name, owners.name].sort());

    const binder = await createContainer(t.deps, org.id);
    await grant(t.deps, org.id, { containerId: binder.id }, { groupId: owners.id }, 1);
    await grant(t.deps, org.id, { containerId: binder.id }, { groupId: approvers.id }, 4, 1);
    const pnp = await createPublishedPnp(t.deps, org.id, binder.id, { status: 1, versionStatus: 1 });
    await withSystem(t.deps.database.db, (tx) =>
      tx.update(pnpDocuments).set({ draftStage: 4, approvalStep: null }).where(eq(pnpDocuments.id, pnp.versionId)),
    );

    const warn = vi.spyOn(t.deps.log, 'warn');
    try {
      await samlSignIn(t, org, { nameId, attributes: { groups: [] } });
      const kept = warn.mock.calls
        .filter((c) => /kept although the identity provider no longer lists it/.test(String(c[1])))
        .map((c) => c[0] as { groupId: number; items: unknown[] });
      expect(kept).toEqual([
        expect.objectContaining({ groupId: owners.id, items: [{ pnpId: pnp.id, lacks: 'Owner' }] }),
        expect.objectContaining({ groupId: approvers.id, items: [{ pnpId: pnp.id, lacks: 'approver at step 1' }] }),
      ]);
    } finally {
      warn.mockRestore();
    }
    expect(await groupsOf(org.id, user.id)).toEqual([approvers.name, owners.name].sort());
  });
});
