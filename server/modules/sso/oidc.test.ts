import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../../../shared/api/errors';
import { OrgStatus, UserCreatedFrom, UserStatus } from '../../../shared/domain/statuses';
import { changeLogs, idpUserLinks, orgUsers, sessions, ssoLoginRequests, userLogs } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createOrg, createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { signInAtPeer, startOidcPeer, type OidcPeer } from './oidc-peer';

// OpenID Connect sign-in at t/{tenant} against oidc-provider started here, one issuer per Azure
// directory. Every refusal lands on the tenant page with a code, never a 500.

let t: TestApp;
let peer: OidcPeer;
let staff: Agent;
const B = '/api/hstm/organizations';

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

interface AzureOrg {
  id: number;
  tenant: string;
  directory: string;
  clientId: string;
}

/** An organisation signing in with Azure: its app registration at the peer, its settings by staff. */
async function azureOrg(options: { createUnknown?: boolean } = {}): Promise<AzureOrg> {
  const org = await createOrg(t.deps);
  const directory = `dir-${org.id}-${Math.random().toString(36).slice(2, 8)}`;
  const clientId = `app-${org.id}`;
  await peer.addClient(directory, {
    client_id: clientId,
    client_secret: 'app-secret',
    redirect_uris: [`${t.deps.config.publicUrl}/api/t/${org.tenant}/sso/callback`],
    post_logout_redirect_uris: [`${t.deps.config.publicUrl}/t/${org.tenant}`],
  });
  const created = await staff.post(`${B}/${org.id}/azure_org_settings`, {
    azure_organization_setting: {
      tenant_id: directory,
      client_id: clientId,
      client_secret: 'app-secret',
      token_base_url: peer.baseUrl,
      graph_base_url: peer.baseUrl,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const sso = await staff.put(`${B}/${org.id}/sso_settings`, {
    sso_setting: { create_unknown_users: options.createUnknown ?? true },
  });
  expect(sso.statusCode, sso.body).toBe(200);
  return { id: org.id, tenant: org.tenant, directory, clientId };
}

/** Starts at our server, signs in at the peer; returns the browser and the peer's answer (not yet delivered). */
async function startAndSignIn(org: { tenant: string }, login: string): Promise<{ browser: Agent; answer: URL }> {
  const browser = t.anonymous();
  const start = await browser.get(`/api/t/${org.tenant}/sso/start`);
  expect(start.statusCode, start.body).toBe(302);
  const location = String(start.headers.location);
  expect(location).toContain(peer.baseUrl);
  const answer = await signInAtPeer(location, login);
  return { browser, answer };
}

const deliver = (browser: Agent, answer: URL) => browser.get(`${answer.pathname}${answer.search}`);

function expectRefused(res: Awaited<ReturnType<Agent['get']>>, tenant: string, code: string) {
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers.location).toBe(`/t/${tenant}?sso_error=${code}`);
  expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
}

const usersOf = (orgId: number) =>
  withSystem(t.deps.database.db, (tx) => tx.select().from(orgUsers).where(eq(orgUsers.orgId, orgId)));

describe('the tenant page learns how to sign in', () => {
  it('offers Azure for an Azure org, passwords for an org on our own sign-in, 404 for an unknown tenant', async () => {
    const org = await azureOrg();
    const info = await t.anonymous().get(`/api/t/${org.tenant}/sso`);
    expect(info.json()).toEqual({
      sso: true,
      provider: 'AD',
      label: 'Azure',
      start_url: `/api/t/${org.tenant}/sso/start`,
    });
    const local = await createOrg(t.deps);
    expect((await t.anonymous().get(`/api/t/${local.tenant}/sso`)).json()).toMatchObject({ sso: false });
    const unknown = await t.anonymous().get('/api/t/no-such-tenant-xyz/sso');
    expect(unknown.statusCode).toBe(404);
  });

  it('start refuses an org without single sign-on and an unknown tenant, back to the tenant page', async () => {
    const local = await createOrg(t.deps);
    expectRefused(await t.anonymous().get(`/api/t/${local.tenant}/sso/start`), local.tenant, 'not_configured');
    expectRefused(await t.anonymous().get('/api/t/nobody-here/sso/start'), 'nobody-here', 'not_configured');
  });
});

describe('Azure AD sign-in (authorization code, PKCE, state, nonce)', () => {
  it('sends PKCE (S256), state and nonce, and keeps only their hashes and the verifier server-side', async () => {
    const org = await azureOrg();
    const browser = t.anonymous();
    const start = await browser.get(`/api/t/${org.tenant}/sso/start`);
    const url = new URL(String(start.headers.location));
    expect(url.origin + url.pathname).toBe(`${peer.issuer(org.directory)}/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('client_id')).toBe(org.clientId);
    const [row] = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(ssoLoginRequests).where(eq(ssoLoginRequests.orgId, org.id)),
    );
    expect(row!.stateHash).not.toBe(url.searchParams.get('state'));
    expect(row!.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(browser.cookies.tenet_sso).toBeTruthy();
  });

  it('creates the unknown person at first sign-in, opens a session like a password sign-in, lands in the library', async () => {
    const org = await azureOrg({ createUnknown: true });
    const { browser, answer } = await startAndSignIn(org, 'jane.doe@hospital.example');
    const done = await deliver(browser, answer);
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe(`/orgs/${org.id}/pnps`);
    const session = (await browser.get('/api/sessions')).json<{
      valid: boolean;
      org: { id: number };
      user: { email: string; name: string };
    }>();
    expect(session.valid).toBe(true);
    expect(session.org.id).toBe(org.id);
    expect(session.user).toMatchObject({ email: 'jane.doe@hospital.example', name: 'Jane Doe' });
    const [user] = await usersOf(org.id);
    expect(user).toMatchObject({ createdFrom: UserCreatedFrom.Azure, status: UserStatus.Active });
    const links = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(idpUserLinks).where(eq(idpUserLinks.orgId, org.id)),
    );
    expect(links).toEqual([
      expect.objectContaining({
        source: 'azure',
        externalId: peer.oidOf('jane.doe@hospital.example'),
        userId: user!.id,
      }),
    ]);

    // Recorded as an admin's creation would be: in the change log and the person's own log.
    const recorded = await withSystem(t.deps.database.db, async (tx) => ({
      changes: await tx
        .select({ action: changeLogs.actionName, by: changeLogs.createdByUser, source: changeLogs.sourceName })
        .from(changeLogs)
        .where(and(eq(changeLogs.orgId, org.id), eq(changeLogs.objectType, 'User'), eq(changeLogs.objectId, user!.id))),
      logs: await tx
        .select({ action: userLogs.action, details: userLogs.details })
        .from(userLogs)
        .where(and(eq(userLogs.orgId, org.id), eq(userLogs.userId, user!.id))),
    }));
    expect(recorded).toEqual({
      changes: [{ action: 'Create', by: 'Jane Doe', source: 'Single Sign-On (AD)' }],
      logs: [{ action: 'Created', details: { by: 'Jane Doe', via: 'Single Sign-On (AD)' } }],
    });

    // The second sign-in finds the same person by the link: no second account.
    const again = await startAndSignIn(org, 'jane.doe@hospital.example');
    expect((await deliver(again.browser, again.answer)).headers.location).toBe(`/orgs/${org.id}/pnps`);
    expect(await usersOf(org.id)).toHaveLength(1);
  });

  it('signs in a person the directory sync linked (by oid), not someone else with the same e-mail', async () => {
    const org = await azureOrg({ createUnknown: false });
    const synced = await createUser(t.deps, org.id, { email: 'sam.synced@hospital.example' });
    await withSystem(t.deps.database.db, (tx) =>
      tx.insert(idpUserLinks).values({
        orgId: org.id,
        source: 'azure',
        externalId: peer.oidOf('sam.synced@hospital.example'),
        userId: synced.id,
      }),
    );
    const { browser, answer } = await startAndSignIn(org, 'sam.synced@hospital.example');
    expect((await deliver(browser, answer)).headers.location).toBe(`/orgs/${org.id}/pnps`);
    expect((await browser.get('/api/sessions')).json<{ user: { id: number } }>().user.id).toBe(synced.id);

    // Same e-mail as an existing account but no link: refused, never matched by e-mail alone.
    await createUser(t.deps, org.id, { email: 'eve@hospital.example' });
    const eve = await startAndSignIn(org, 'eve@hospital.example');
    expectRefused(await deliver(eve.browser, eve.answer), org.tenant, 'unknown_user');
  });

  it('an unlinked identity whose e-mail an account already has is refused even where people are created', async () => {
    const org = await azureOrg({ createUnknown: true });
    await createUser(t.deps, org.id, { email: 'owner@hospital.example' });
    const { browser, answer } = await startAndSignIn(org, 'owner@hospital.example');
    expectRefused(await deliver(browser, answer), org.tenant, 'not_linked');
    expect(await usersOf(org.id)).toHaveLength(1);
  });

  it('refuses an unknown person where the org does not create them', async () => {
    const org = await azureOrg({ createUnknown: false });
    const { browser, answer } = await startAndSignIn(org, 'stranger@hospital.example');
    expectRefused(await deliver(browser, answer), org.tenant, 'unknown_user');
    expect(await usersOf(org.id)).toHaveLength(0);
  });

  it('refuses an inactive or deleted user, and a disabled organisation', async () => {
    const org = await azureOrg({ createUnknown: true });
    const first = await startAndSignIn(org, 'leaver@hospital.example');
    await deliver(first.browser, first.answer);
    const [user] = await usersOf(org.id);
    for (const status of [UserStatus.Inactive, UserStatus.Deleted]) {
      await withSystem(t.deps.database.db, (tx) =>
        tx
          .update(orgUsers)
          .set({ status })
          .where(and(eq(orgUsers.orgId, org.id), eq(orgUsers.id, user!.id))),
      );
      const again = await startAndSignIn(org, 'leaver@hospital.example');
      expectRefused(await deliver(again.browser, again.answer), org.tenant, 'inactive');
    }
    await withSystem(t.deps.database.db, (tx) =>
      tx.update(orgUsers).set({ status: UserStatus.Active }).where(eq(orgUsers.id, user!.id)),
    );
    const pending = await startAndSignIn(org, 'leaver@hospital.example');
    const { organizations } = await import('../../db/schema/index');
    await withSystem(t.deps.database.db, (tx) =>
      tx.update(organizations).set({ status: OrgStatus.Disabled }).where(eq(organizations.id, org.id)),
    );
    expectRefused(await deliver(pending.browser, pending.answer), org.tenant, 'org_disabled');
  });
});

describe('what the callback refuses', () => {
  it('a wrong state, a state used twice, and an answer delivered to another browser', async () => {
    const org = await azureOrg();
    const { browser, answer } = await startAndSignIn(org, 'state.test@hospital.example');
    const forged = new URL(answer);
    forged.searchParams.set('state', 'forged-state-value');
    expectRefused(await deliver(browser, forged), org.tenant, 'expired');

    const second = await startAndSignIn(org, 'state.test@hospital.example');
    // Login CSRF: the answer arrives in a browser that did not start this sign-in.
    expectRefused(await deliver(t.anonymous(), second.answer), org.tenant, 'refused');
    // The state was used up by that attempt: the right browser cannot use it afterwards either.
    expectRefused(await deliver(second.browser, second.answer), org.tenant, 'expired');
  });

  it('a sign-in request older than ten minutes', async () => {
    const org = await azureOrg();
    const { browser, answer } = await startAndSignIn(org, 'slow@hospital.example');
    t.clock.advance(11 * 60_000);
    expectRefused(await deliver(browser, answer), org.tenant, 'expired');
  });

  const tampered: Array<[string, (claims: Record<string, unknown>, p: OidcPeer) => Record<string, unknown>, RegExp]> = [
    ['a wrong nonce', (c) => ({ ...c, nonce: 'another-nonce' }), /nonce/],
    ['a wrong audience', (c) => ({ ...c, aud: 'some-other-app' }), /aud/],
    [
      'an expired token',
      (c) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }),
      /exp/,
    ],
    [
      "a token from another tenant's issuer",
      (c, p) => ({ ...c, iss: p.issuer('another-directory'), tid: 'another-directory' }),
      /iss/,
    ],
    ["the right issuer but another directory's tid", (c) => ({ ...c, tid: 'another-directory' }), /directory \(tid/],
  ];
  for (const [what, change, reason] of tampered) {
    it(`${what}`, async () => {
      const org = await azureOrg();
      const { browser, answer } = await startAndSignIn(org, 'victim@hospital.example');
      peer.tamper = change;
      const warn = vi.spyOn(t.deps.log, 'warn');
      try {
        expectRefused(await deliver(browser, answer), org.tenant, 'refused');
        // The reason is logged: each check refuses for its own reason, not by accident.
        const logged = warn.mock.calls.map((call) => String(call[1]));
        expect(logged.some((line) => reason.test(line))).toBe(true);
      } finally {
        peer.tamper = null;
        warn.mockRestore();
      }
      expect(await usersOf(org.id)).toHaveLength(0);
    });
  }

  it('the IdP cancelling (access_denied) and a malformed callback never answer 500', async () => {
    const org = await azureOrg();
    const browser = t.anonymous();
    const start = await browser.get(`/api/t/${org.tenant}/sso/start`);
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const cancelled = await browser.get(`/api/t/${org.tenant}/sso/callback?error=access_denied&state=${state}`);
    expectRefused(cancelled, org.tenant, 'cancelled');
    expectRefused(await browser.get(`/api/t/${org.tenant}/sso/callback`), org.tenant, 'refused');
    expectRefused(await browser.get(`/api/t/${org.tenant}/sso/callback?code=x&state=y`), org.tenant, 'expired');
    const bad = await browser.get('/api/t/%00bad/sso/callback?state=1');
    expect(bad.statusCode).toBeLessThan(500);
  });

  it('the session opened is an ordinary one: it ends with sign-out, and its id is fresh', async () => {
    const org = await azureOrg();
    const { browser, answer } = await startAndSignIn(org, 'fresh@hospital.example');
    await deliver(browser, answer);
    const rows = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(sessions).where(eq(sessions.orgId, org.id)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(browser.cookies[SESSION_COOKIE]);
  });
});

describe('hStream and hStream - HLC as OpenID providers set up by staff', () => {
  it('signs a person in through the hStream issuer staff configured, linked by subject', async () => {
    const org = await createOrg(t.deps);
    const directory = `hstream-${org.id}`;
    await peer.addClient(directory, {
      client_id: 'tenet',
      client_secret: 'hs-secret',
      redirect_uris: [`${t.deps.config.publicUrl}/api/t/${org.tenant}/sso/callback`],
    });
    const saved = await staff.put(`${B}/${org.id}/oidc_settings/HSTREAM`, {
      oidc_setting: { issuer: peer.issuer(directory), client_id: 'tenet', client_secret: 'hs-secret' },
    });
    expect(saved.json()).toEqual({
      provider: 'HSTREAM',
      issuer: peer.issuer(directory),
      client_id: 'tenet',
      client_secret_set: true,
    });
    await staff.put(`${B}/${org.id}/sso_settings`, { sso_setting: { create_unknown_users: true } });
    expect((await t.anonymous().get(`/api/t/${org.tenant}/sso`)).json()).toMatchObject({ sso: true, label: 'hStream' });
    const { browser, answer } = await startAndSignIn(org, 'nurse.hs@hospital.example');
    expect((await deliver(browser, answer)).headers.location).toBe(`/orgs/${org.id}/pnps`);
    const [user] = await usersOf(org.id);
    expect(user).toMatchObject({ createdFrom: UserCreatedFrom.PolicyManager, email: 'nurse.hs@hospital.example' });
    const links = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(idpUserLinks).where(eq(idpUserLinks.orgId, org.id)),
    );
    expect(links).toEqual([expect.objectContaining({ source: 'hstream', externalId: 'nurse.hs@hospital.example' })]);

    // A new issuer without the secret typed again: refused, since the stored secret would be sent
    // to whatever issuer a staff user names; nothing changes.
    const kept = await staff.put(`${B}/${org.id}/oidc_settings/HSTREAM`, {
      oidc_setting: { issuer: peer.issuer(`${directory}-new`), client_id: 'tenet' },
    });
    expect(kept.statusCode).toBe(422);
    expect(kept.json()).toMatchObject({
      errors: [
        'Type the client secret again to use another address: a stored client secret is sent only to the addresses it was saved with.',
      ],
    });
    expect(
      await withSystem(t.deps.database.db, (tx) =>
        tx.select().from(idpUserLinks).where(eq(idpUserLinks.orgId, org.id)),
      ),
    ).toHaveLength(1);
    // The same issuer (a trailing slash aside) keeps the stored secret.
    const same = await staff.put(`${B}/${org.id}/oidc_settings/HSTREAM`, {
      oidc_setting: { issuer: `${peer.issuer(directory)}/`, client_id: 'tenet' },
    });
    expect(same.statusCode, same.body).toBe(200);

    // A new issuer with the secret: subjects of the old one no longer lead to anyone.
    await staff.put(`${B}/${org.id}/oidc_settings/HSTREAM`, {
      oidc_setting: { issuer: peer.issuer(`${directory}-new`), client_id: 'tenet', client_secret: 'hs-secret' },
    });
    const after = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(idpUserLinks).where(eq(idpUserLinks.orgId, org.id)),
    );
    expect(after).toHaveLength(0);
  });
});

describe('staff routes of single sign-on', () => {
  it('401, 403 (an org admin, staff without permission 3), 404 (unknown org), 422, and the overview shows the setup values', async () => {
    const org = await createOrg(t.deps);
    const oidc = { oidc_setting: { issuer: 'https://id.hstream.example', client_id: 'c', client_secret: 's' } };
    const sso = { sso_setting: { create_unknown_users: true } };
    const calls: Array<[string, Record<string, unknown>]> = [
      [`${B}/${org.id}/oidc_settings/HSTREAM`, oidc],
      [`${B}/${org.id}/sso_settings`, sso],
    ];
    const admin = await createUser(t.deps, org.id, { isAdmin: true });
    const adminAgent = await t.signIn(admin.username, admin.password);
    const s2 = await createStaff(t.deps, '2');
    const weakStaff = await t.signIn(s2.username, s2.password);
    for (const [url, body] of calls) {
      expect((await t.anonymous().put(url, body)).statusCode).toBe(401);
      expect((await adminAgent.put(url, body)).statusCode).toBe(403);
      expect((await weakStaff.put(url, body)).statusCode).toBe(403);
      const missing = await staff.put(url.replace(`/${org.id}/`, '/999999/'), body);
      expect(missing.statusCode).toBe(404);
      expect(missing.body).not.toContain(org.tenant);
    }
    const bad = await staff.put(`${B}/${org.id}/oidc_settings/HSTREAM`, {
      oidc_setting: { issuer: 'not a url', client_id: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: string[] }>().errors.length).toBeGreaterThan(0);
    const noSecret = await staff.put(`${B}/${org.id}/oidc_settings/HSTREAM`, {
      oidc_setting: { issuer: 'https://id.hstream.example', client_id: 'c' },
    });
    expect(noSecret.json()).toMatchObject({ errors: ['Client secret is required'] });
    expect((await staff.put(`${B}/${org.id}/oidc_settings/AD`, oidc)).statusCode).toBe(422);

    expect((await staff.put(`${B}/${org.id}/oidc_settings/HSTREAM_HLC`, oidc)).statusCode).toBe(200);
    expect((await staff.put(`${B}/${org.id}/sso_settings`, sso)).json()).toEqual({ create_unknown_users: true });
    const overview = (await staff.get(`${B}/${org.id}/idp_settings`)).json<Record<string, unknown>>();
    const base = t.deps.config.publicUrl;
    expect(overview).toMatchObject({
      idp_provider: 'HSTREAM_HLC',
      hlc_oidc: {
        provider: 'HSTREAM_HLC',
        issuer: 'https://id.hstream.example',
        client_id: 'c',
        client_secret_set: true,
      },
      hstream_oidc: null,
      create_unknown_users: true,
      setup: {
        redirect_uri: `${base}/api/t/${org.tenant}/sso/callback`,
        post_logout_redirect_uri: `${base}/t/${org.tenant}`,
        sp_entity_id: `${base}/api/t/${org.tenant}/saml/metadata`,
        acs_url: `${base}/saml/t/${org.tenant}/acs`,
        metadata_url: `${base}/api/t/${org.tenant}/saml/metadata`,
      },
    });
    expect(JSON.stringify(overview)).not.toContain('"s"');
  });
});

describe('t/{tenant}/logout', () => {
  it("ends our session first, then answers the IdP's end-session address returning to the tenant page", async () => {
    const org = await azureOrg();
    const { browser, answer } = await startAndSignIn(org, 'leaving.now@hospital.example');
    await deliver(browser, answer);
    const res = await browser.get(`/api/t/${org.tenant}/logout`);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json<{ logoutUrl: string }>().logoutUrl);
    expect(url.origin + url.pathname).toBe(`${peer.issuer(org.directory)}/session/end`);
    expect(url.searchParams.get('client_id')).toBe(org.clientId);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${t.deps.config.publicUrl}/t/${org.tenant}`);
    expect((await browser.get('/api/sessions')).json()).toMatchObject({ valid: false });
    const rows = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(sessions).where(eq(sessions.orgId, org.id)),
    );
    expect(rows).toHaveLength(0);
    // The IdP accepts that address (its own sign-out page answers, not an error).
    const atPeer = await fetch(url, { redirect: 'manual' });
    expect(atPeer.status).toBe(200);
  });

  it('an org on our own sign-in, and nobody signed in, get the tenant page', async () => {
    const local = await createOrg(t.deps);
    const user = await createUser(t.deps, local.id);
    const agent = await t.signIn(user.username, user.password, local.tenant);
    expect((await agent.get(`/api/t/${local.tenant}/logout`)).json()).toEqual({ logoutUrl: `/t/${local.tenant}` });
    const org = await azureOrg();
    expect((await t.anonymous().get(`/api/t/${org.tenant}/logout`)).json()).toEqual({ logoutUrl: `/t/${org.tenant}` });
  });
});
