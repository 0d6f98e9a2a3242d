import { createSecretKey, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { idpSyncRuns, orgIdpSettings } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { secretsKeyOf } from '../../platform/secrets-key';
import { loadConfig } from '../../config';
import { createOrg, createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { signInAtPeer, startOidcPeer, type OidcPeer } from '../sso/oidc-peer';
import { STAND_IN_SECRET, startGraphStandIn, type GraphStandIn } from './graph-stand-in';
import { sealIdpSecret, unreadableSecretMessage } from './idp-secrets';
import { resealIdpSecrets } from './reseal-secrets';
import { sealLegacyIdpSecrets } from './seal-legacy-secrets';
import { processIdpSyncRuns } from './sync.service';
import { TEST_IDP_CERT_PEM } from './test-fixtures';

// Identity-provider secrets are sealed in org_idp_settings.settings (AES-256-GCM, bound to their
// org and field), opened only by the calls that use them: the directory and HLC syncs and the
// OpenID Connect client. Checked against the raw column, and through the real peers.

let t: TestApp;
let graph: GraphStandIn;
let peer: OidcPeer;
let hlc: { url: string; apiKey: string; close(): Promise<void> };
let staff: Agent;
const B = '/api/hstm/organizations';

/** An HLC users endpoint answering only its own API key. */
async function startHlc(apiKey: string): Promise<typeof hlc> {
  const server: Server = createServer((req, res) => {
    res.writeHead(req.headers.authorization === `Bearer ${apiKey}` ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ users: [], next: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hlc/users`,
    apiKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  graph = await startGraphStandIn();
  peer = await startOidcPeer();
  hlc = await startHlc(`hlc-key-${randomBytes(6).toString('hex')}`);
  const s = await createStaff(t.deps, '3');
  staff = await t.signIn(s.username, s.password);
});
afterAll(async () => {
  await hlc.close();
  await peer.close();
  await graph.close();
  await t.close();
});

/** The settings column as the database holds it (what a dump or a read-only SQL leak shows). */
async function rawSettings(orgId: number): Promise<Record<string, { text: string; json: Record<string, unknown> }>> {
  const rows = await withSystem(t.deps.database.db, (tx) =>
    queryRows<{ provider: string; settings: string }>(
      tx,
      sql`select provider, settings::text as settings from org_idp_settings where org_id = ${orgId}`,
    ),
  );
  return Object.fromEntries(
    rows.map((r) => [r.provider, { text: r.settings, json: JSON.parse(r.settings) as Record<string, unknown> }]),
  );
}

const azureBody = (secret: string | undefined) => ({
  azure_organization_setting: {
    tenant_id: 'tenant-1',
    client_id: 'client-1',
    ...(secret === undefined ? {} : { client_secret: secret }),
    graph_base_url: graph.graphBaseUrl,
    token_base_url: graph.tokenBaseUrl,
  },
});
const hlcBody = (apiKey: string | undefined) => ({
  hlc_setting: {
    hlc_integration_enabled: true,
    hlc_integration_available: true,
    users_url: hlc.url,
    ...(apiKey === undefined ? {} : { api_key: apiKey }),
  },
});

/** Queues a sync as staff and runs it: the run's status and error. */
async function syncOnce(orgId: number, kind: 'azure' | 'hlc'): Promise<{ status: string; error: string | null }> {
  const queued = await staff.post(`${B}/sync_${kind}_users`, { org_id: orgId });
  expect(queued.statusCode, queued.body).toBe(202);
  await processIdpSyncRuns(t.deps.database.db, t.deps.config, t.clock.now());
  const [run] = await withSystem(t.deps.database.db, (tx) =>
    tx
      .select()
      .from(idpSyncRuns)
      .where(and(eq(idpSyncRuns.orgId, orgId), eq(idpSyncRuns.kind, kind)))
      .orderBy(desc(idpSyncRuns.id))
      .limit(1),
  );
  return { status: run!.status, error: run!.error };
}

/** An hStream (or hStream - HLC) client at the peer, saved by staff; sign-in creates unknown people. */
async function oidcClient(org: { id: number; tenant: string }, provider: 'HSTREAM' | 'HSTREAM_HLC', secret: string) {
  const directory = `${provider.toLowerCase()}-${org.id}-${randomBytes(3).toString('hex')}`;
  await peer.addClient(directory, {
    client_id: 'tenet',
    client_secret: secret,
    redirect_uris: [`${t.deps.config.publicUrl}/api/t/${org.tenant}/sso/callback`],
  });
  const saved = await staff.put(`${B}/${org.id}/oidc_settings/${provider}`, {
    oidc_setting: { issuer: peer.issuer(directory), client_id: 'tenet', client_secret: secret },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().client_secret_set).toBe(true);
  await staff.put(`${B}/${org.id}/sso_settings`, { sso_setting: { create_unknown_users: true } });
}

/** Signs a new person in through the org's OpenID provider: where our callback sends the browser. */
async function signInThroughPeer(tenant: string): Promise<string> {
  const browser = t.anonymous();
  const start = await browser.get(`/api/t/${tenant}/sso/start`);
  expect(start.statusCode, start.body).toBe(302);
  const location = String(start.headers.location);
  if (!location.startsWith(peer.baseUrl)) return location;
  const answer = await signInAtPeer(location, `p.${randomBytes(4).toString('hex')}@hospital.example`);
  const done = await browser.get(`${answer.pathname}${answer.search}`);
  return String(done.headers.location);
}

describe('secrets saved by staff', () => {
  it('are sealed in the settings column, and the syncs and sign-ins still get the right secret', async () => {
    const org = await createOrg(t.deps);
    const hsSecret = `hs-${randomBytes(6).toString('hex')}`;
    const hlcOidcSecret = `hlc-oidc-${randomBytes(6).toString('hex')}`;
    expect((await staff.post(`${B}/${org.id}/azure_org_settings`, azureBody(STAND_IN_SECRET))).statusCode).toBe(201);
    expect((await staff.put(`${B}/${org.id}/hlc_settings`, hlcBody(hlc.apiKey))).statusCode).toBe(200);
    await oidcClient(org, 'HSTREAM_HLC', hlcOidcSecret);
    await oidcClient(org, 'HSTREAM', hsSecret);

    const raw = await rawSettings(org.id);
    for (const secret of [STAND_IN_SECRET, hlc.apiKey, hsSecret, hlcOidcSecret]) {
      expect(JSON.stringify(raw)).not.toContain(secret);
    }
    expect(raw.AD!.json.client_secret).toMatch(/^enc:v1:[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(raw.HSTREAM_HLC!.json.api_key).toMatch(/^enc:v1:/);
    expect(raw.OIDC_HSTREAM!.json.client_secret).toMatch(/^enc:v1:/);
    expect(raw.OIDC_HSTREAM_HLC!.json.client_secret).toMatch(/^enc:v1:/);
    // Only the secrets: the rest of a row stays readable for support.
    expect(raw.AD!.json).toMatchObject({ tenant_id: 'tenant-1', client_id: 'client-1' });
    expect(raw.HSTREAM_HLC!.json.users_url).toBe(hlc.url);

    const overview = await staff.get(`${B}/${org.id}/idp_settings`);
    expect(overview.json()).toMatchObject({
      azure: { client_secret_set: true },
      hlc: { api_key_set: true },
      hstream_oidc: { client_secret_set: true },
      hlc_oidc: { client_secret_set: true },
    });
    for (const secret of [STAND_IN_SECRET, hlc.apiKey, hsSecret, hlcOidcSecret, 'enc:v1:']) {
      expect(overview.body).not.toContain(secret);
    }

    // The peers refuse a wrong secret: these succeed only with the opened one.
    expect(await syncOnce(org.id, 'azure')).toEqual({ status: 'done', error: null });
    expect(await syncOnce(org.id, 'hlc')).toEqual({ status: 'done', error: null });
    expect(await signInThroughPeer(org.tenant)).toBe(`/orgs/${org.id}/pnps`);
    // Saved again with no secret typed: the stored one is kept (sealed anew) and still works.
    const previous = raw.OIDC_HSTREAM_HLC!.json;
    const kept = await staff.put(`${B}/${org.id}/oidc_settings/HSTREAM_HLC`, {
      oidc_setting: { issuer: String(previous.issuer), client_id: 'tenet' },
    });
    expect(kept.json().client_secret_set).toBe(true);
    expect(JSON.stringify(await rawSettings(org.id))).not.toContain(hlcOidcSecret);
    expect(await signInThroughPeer(org.tenant)).toBe(`/orgs/${org.id}/pnps`);
  });

  it("a sealed secret copied into another organisation's row, or into another field, does not open", async () => {
    const source = await createOrg(t.deps);
    await staff.post(`${B}/${source.id}/azure_org_settings`, azureBody(STAND_IN_SECRET));
    const sealed = (await rawSettings(source.id)).AD!.json;
    const target = await createOrg(t.deps);
    await staff.post(`${B}/${target.id}/azure_org_settings`, azureBody('another-secret'));
    await oidcClient(source, 'HSTREAM', `hs-${randomBytes(6).toString('hex')}`);
    await withSystem(t.deps.database.db, async (tx) => {
      await tx
        .update(orgIdpSettings)
        .set({ settings: sealed })
        .where(and(eq(orgIdpSettings.orgId, target.id), eq(orgIdpSettings.provider, 'AD')));
      const [hs] = await tx
        .select()
        .from(orgIdpSettings)
        .where(and(eq(orgIdpSettings.orgId, source.id), eq(orgIdpSettings.provider, 'OIDC_HSTREAM')));
      await tx
        .update(orgIdpSettings)
        .set({ settings: { ...(hs!.settings as object), client_secret: sealed.client_secret } })
        .where(eq(orgIdpSettings.id, hs!.id));
    });
    expect((await staff.get(`${B}/${target.id}/idp_settings`)).json().azure.client_secret_set).toBe(false);
    expect(await syncOnce(target.id, 'azure')).toEqual({
      status: 'failed',
      error: unreadableSecretMessage('Azure client secret'),
    });
    expect((await staff.get(`${B}/${source.id}/idp_settings`)).json()).toMatchObject({
      azure: { client_secret_set: true },
      hstream_oidc: { client_secret_set: false },
    });
    expect(await signInThroughPeer(source.tenant)).toBe(`/t/${source.tenant}?sso_error=not_configured`);
  });
});

describe('a server whose secrets key is not the one the secrets were saved with', () => {
  it('shows them as not set and asks staff to enter them again; syncs fail with that sentence; sign-in is refused, never a 500', async () => {
    const org = await createOrg(t.deps);
    const created = await staff.post(`${B}/${org.id}/azure_org_settings`, azureBody(STAND_IN_SECRET));
    await staff.put(`${B}/${org.id}/hlc_settings`, hlcBody(hlc.apiKey));
    await oidcClient(org, 'HSTREAM', `hs-${randomBytes(6).toString('hex')}`);
    const savedWith = t.deps.config.secretsKey;
    t.deps.config.secretsKey = createSecretKey(randomBytes(32));
    try {
      const overview = await staff.get(`${B}/${org.id}/idp_settings`);
      expect(overview.statusCode).toBe(200);
      expect(overview.json()).toMatchObject({
        azure: { client_secret_set: false },
        hlc: { api_key_set: false },
        hstream_oidc: { client_secret_set: false },
      });
      const id = created.json().id as number;
      const refusals = [
        [await staff.put(`${B}/${org.id}/azure_org_settings/${id}`, azureBody(undefined)), 'client secret'],
        [
          await staff.post(`${B}/azure_org_settings/validate_azure_settings`, {
            org_id: org.id,
            ...azureBody(undefined),
          }),
          'client secret',
        ],
        [await staff.put(`${B}/${org.id}/hlc_settings`, hlcBody(undefined)), 'HLC API key'],
        [
          await staff.put(`${B}/${org.id}/oidc_settings/HSTREAM`, {
            oidc_setting: { issuer: overview.json().hstream_oidc.issuer, client_id: 'tenet' },
          }),
          'client secret',
        ],
      ] as const;
      for (const [res, label] of refusals) {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors).toEqual([unreadableSecretMessage(label)]);
      }
      expect(await syncOnce(org.id, 'azure')).toEqual({
        status: 'failed',
        error: unreadableSecretMessage('Azure client secret'),
      });
      expect(await syncOnce(org.id, 'hlc')).toEqual({
        status: 'failed',
        error: unreadableSecretMessage('HLC API key'),
      });
      expect(await signInThroughPeer(org.tenant)).toBe(`/t/${org.tenant}?sso_error=not_configured`);

      // Entered again, they are sealed with the key the server has now, and work.
      const again = await staff.put(`${B}/${org.id}/azure_org_settings/${id}`, azureBody(STAND_IN_SECRET));
      expect(again.json().client_secret_set).toBe(true);
      expect(await syncOnce(org.id, 'azure')).toEqual({ status: 'done', error: null });
    } finally {
      t.deps.config.secretsKey = savedWith;
    }
  });
});

describe('the start-up step for secrets saved in plain text before they were sealed', () => {
  it('reads them until it runs, then seals every one of them, touching nothing else; a second run changes nothing', async () => {
    const org = await createOrg(t.deps);
    const noSecret = await createOrg(t.deps);
    const hsSecret = `legacy-hs-${randomBytes(6).toString('hex')}`;
    const saml = {
      entity_id: 'https://idp.example.test/saml',
      sso_url: 'https://idp.example.test/sso',
      certificate: TEST_IDP_CERT_PEM,
    };
    const legacy: [number, string, Record<string, unknown>][] = [
      [
        org.id,
        'AD',
        {
          tenant_id: 'tenant-1',
          client_id: 'client-1',
          client_secret: STAND_IN_SECRET,
          graph_base_url: graph.graphBaseUrl,
          token_base_url: graph.tokenBaseUrl,
        },
      ],
      [org.id, 'HSTREAM_HLC', { users_url: hlc.url, api_key: hlc.apiKey }],
      [org.id, 'OIDC_HSTREAM', { issuer: 'https://id.hstream.example', client_id: 'tenet', client_secret: hsSecret }],
      [org.id, 'SAML_SSO', saml],
      [org.id, 'SSO', { create_unknown_users: true }],
      [noSecret.id, 'HSTREAM_HLC', { users_url: hlc.url, api_key: '' }],
    ];
    const then = new Date('2024-01-02T03:04:05Z');
    await withSystem(t.deps.database.db, (tx) =>
      tx.insert(orgIdpSettings).values(
        legacy.map(([orgId, provider, settings]) => ({
          orgId,
          provider,
          settings,
          enabled: true,
          createdAt: then,
          updatedAt: then,
        })),
      ),
    );
    await withSystem(t.deps.database.db, (tx) =>
      tx.execute(sql`update organizations set hlc_integration_enabled = true where id = ${org.id}`),
    );

    // Plain values still work until the step has run.
    expect((await staff.get(`${B}/${org.id}/idp_settings`)).json()).toMatchObject({
      azure: { client_secret_set: true },
      hlc: { api_key_set: true },
      hstream_oidc: { client_secret_set: true },
    });
    expect(await syncOnce(org.id, 'azure')).toEqual({ status: 'done', error: null });

    const key = secretsKeyOf(t.deps.config);
    expect(await sealLegacyIdpSecrets(t.deps.database.db, key)).toBe(3);
    const sealed = await rawSettings(org.id);
    for (const secret of [STAND_IN_SECRET, hlc.apiKey, hsSecret]) expect(JSON.stringify(sealed)).not.toContain(secret);
    expect(sealed.AD!.json).toEqual({ ...legacy[0]![2], client_secret: expect.stringMatching(/^enc:v1:/) });
    expect(sealed.HSTREAM_HLC!.json).toEqual({ users_url: hlc.url, api_key: expect.stringMatching(/^enc:v1:/) });
    expect(sealed.OIDC_HSTREAM!.json.client_secret).toMatch(/^enc:v1:/);
    expect(sealed.SAML_SSO!.json).toEqual(saml);
    expect(sealed.SSO!.json).toEqual({ create_unknown_users: true });
    expect((await rawSettings(noSecret.id)).HSTREAM_HLC!.json).toEqual({ users_url: hlc.url, api_key: '' });
    const rows = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(orgIdpSettings).where(eq(orgIdpSettings.orgId, org.id)),
    );
    expect(rows.map((r) => r.updatedAt.toISOString())).toEqual(rows.map(() => then.toISOString()));

    // Sealed, the same secrets still reach the directory and HLC.
    expect(await syncOnce(org.id, 'azure')).toEqual({ status: 'done', error: null });
    expect(await syncOnce(org.id, 'hlc')).toEqual({ status: 'done', error: null });
    expect((await staff.get(`${B}/${org.id}/idp_settings`)).json().hstream_oidc.client_secret_set).toBe(true);

    expect(await sealLegacyIdpSecrets(t.deps.database.db, key)).toBe(0);
    expect(await rawSettings(org.id)).toEqual(sealed);
  });
});

// Last in this file: it moves the test server to a new key for good.
describe('rotating the secrets key (SECRETS_KEY_PREVIOUS)', () => {
  it('seals again with the new key what the previous key sealed, so syncs and sign-ins go on; leaves what opens with neither; a second run changes nothing', async () => {
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: 'abcd' })).toThrow(/SECRETS_KEY_PREVIOUS must be 32 bytes/);
    const previous = secretsKeyOf(t.deps.config);
    const org = await createOrg(t.deps);
    await staff.post(`${B}/${org.id}/azure_org_settings`, azureBody(STAND_IN_SECRET));
    await staff.put(`${B}/${org.id}/hlc_settings`, hlcBody(hlc.apiKey));
    await oidcClient(org, 'HSTREAM', `hs-${randomBytes(6).toString('hex')}`);
    // Another organisation's secret sealed under a third key: it opens with neither.
    const stranger = await createOrg(t.deps);
    const third = createSecretKey(randomBytes(32));
    const strangerSecret = sealIdpSecret(third, { orgId: stranger.id, provider: 'HSTREAM_HLC', name: 'api_key' }, 'k');
    await withSystem(t.deps.database.db, (tx) =>
      tx.insert(orgIdpSettings).values({
        orgId: stranger.id,
        provider: 'HSTREAM_HLC',
        settings: { users_url: hlc.url, api_key: strangerSecret },
        enabled: true,
      }),
    );
    const before = await rawSettings(org.id);

    // The server starts with a new key and the old one as SECRETS_KEY_PREVIOUS.
    const current = createSecretKey(randomBytes(32));
    t.deps.config.secretsKey = current;
    expect((await staff.get(`${B}/${org.id}/idp_settings`)).json()).toMatchObject({
      azure: { client_secret_set: false },
    });
    const first = await resealIdpSecrets(t.deps.database.db, current, previous);
    expect(first.resealed).toBeGreaterThanOrEqual(3);
    expect(first.unreadable).toBeGreaterThanOrEqual(1);

    const after = await rawSettings(org.id);
    for (const provider of ['AD', 'HSTREAM_HLC', 'OIDC_HSTREAM'] as const) {
      const field = provider === 'HSTREAM_HLC' ? 'api_key' : 'client_secret';
      expect(after[provider]!.json[field]).toMatch(/^enc:v1:/);
      expect(after[provider]!.json[field]).not.toBe(before[provider]!.json[field]);
      expect({ ...after[provider]!.json, [field]: null }).toEqual({ ...before[provider]!.json, [field]: null });
    }
    expect((await rawSettings(stranger.id)).HSTREAM_HLC!.json.api_key).toBe(strangerSecret);

    // Under the new key alone, everything works again.
    expect((await staff.get(`${B}/${org.id}/idp_settings`)).json()).toMatchObject({
      azure: { client_secret_set: true },
      hlc: { api_key_set: true },
      hstream_oidc: { client_secret_set: true },
    });
    expect(await syncOnce(org.id, 'azure')).toEqual({ status: 'done', error: null });
    expect(await syncOnce(org.id, 'hlc')).toEqual({ status: 'done', error: null });
    expect(await signInThroughPeer(org.tenant)).toBe(`/orgs/${org.id}/pnps`);

    const second = await resealIdpSecrets(t.deps.database.db, current, previous);
    expect(second).toEqual({ resealed: 0, unreadable: first.unreadable });
    expect(await rawSettings(org.id)).toEqual(after);
  });
});
