import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_IN_PROGRESS_MESSAGE, SYNC_STARTED_MESSAGE } from '../../../shared/api/hstm-idp';
import { UserStatus } from '../../../shared/domain/statuses';
import { hstmUsers, idpSyncRuns, idpUserLinks, mailOutbox, organizations, orgUsers } from '../../db/schema/index';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createOrg, createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { TEST_SAML_IDP_CERT, TEST_SAML_IDP_ENTITY, TEST_SAML_IDP_SSO_URL } from '../sso/saml-test-idp';
import { samlSignIn, type SamlOrg } from '../sso/sso-test-setup';
import { graphUser, STAND_IN_SECRET, startGraphStandIn, type GraphStandIn } from './graph-stand-in';
import { samlProblems } from './saml.service';
import { DIRECTORY_SYNC_AUTHOR, processIdpSyncRuns } from './sync.service';
import { idpMetadata, TEST_IDP_CERT_PEM } from './test-fixtures';

let t: TestApp;
let graph: GraphStandIn;
let staff: Agent;
let staffEmail: string;

const B = '/api/hstm/organizations';
const azureBody = (overrides: Record<string, unknown> = {}) => ({
  azure_organization_setting: {
    tenant_id: 'tenant-1',
    client_id: 'client-1',
    client_secret: STAND_IN_SECRET,
    graph_base_url: graph.graphBaseUrl,
    token_base_url: graph.tokenBaseUrl,
    ...overrides,
  },
});
const samlBody = (overrides: Record<string, unknown> = {}) => ({
  saml_org_setting: {
    entity_id: 'https://idp.example.test/saml',
    sso_url: 'https://idp.example.test/saml/sso',
    certificate: TEST_IDP_CERT_PEM,
    ...overrides,
  },
});

const SECRET_ELSEWHERE = (label: string): string =>
  `Type the ${label} again to use another address: a stored ${label} is sent only to the addresses it was saved with.`;

const usersOf = (orgId: number) =>
  withSystem(t.deps.database.db, (tx) => tx.select().from(orgUsers).where(eq(orgUsers.orgId, orgId)));

/** Which account (or sign-in identity) of which source is linked to which user. */
const linksOf = (orgId: number) =>
  withSystem(t.deps.database.db, (tx) =>
    tx
      .select({ source: idpUserLinks.source, externalId: idpUserLinks.externalId, userId: idpUserLinks.userId })
      .from(idpUserLinks)
      .where(eq(idpUserLinks.orgId, orgId))
      .orderBy(idpUserLinks.source, idpUserLinks.externalId),
  );

const syncMailsOf = (orgId: number) =>
  withSystem(t.deps.database.db, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orgId, orgId), eq(mailOutbox.toAddress, staffEmail)))
      .orderBy(mailOutbox.id),
  );

beforeAll(async () => {
  t = await createTestApp();
  graph = await startGraphStandIn();
  const s = await createStaff(t.deps, '3');
  staff = await t.signIn(s.username, s.password);
  const [row] = await withSystem(t.deps.database.db, (tx) => tx.select().from(hstmUsers).where(eq(hstmUsers.id, s.id)));
  staffEmail = row!.email;
});
afterAll(async () => {
  await graph.close();
  await t.close();
});

describe('who may reach the sign-in settings', () => {
  it('401 signed out, 403 for an org admin and for staff without permission 3, 404 for an unknown org', async () => {
    const org = await createOrg(t.deps);
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', `${B}/${org.id}/idp_settings`],
      ['POST', `${B}/${org.id}/azure_org_settings`, azureBody()],
      ['PUT', `${B}/${org.id}/azure_org_settings/1`, azureBody()],
      ['POST', `${B}/azure_org_settings/validate_azure_settings`, azureBody()],
      ['POST', `${B}/sync_azure_users`, { org_id: org.id }],
      ['GET', `${B}/azure_sync_in_process?org_id=${org.id}`],
      ['POST', `${B}/enable_hstream_idp`, { org_id: org.id }],
      ['POST', `${B}/${org.id}/saml_org_settings`, samlBody()],
      ['PUT', `${B}/${org.id}/saml_org_settings/1`, samlBody()],
      ['POST', `${B}/parse_idp_metadata`, { metadata_xml: idpMetadata() }],
      ['POST', `${B}/validate_saml_settings`, samlBody()],
      [
        'PUT',
        `${B}/${org.id}/hlc_settings`,
        { hlc_setting: { hlc_integration_enabled: true, hlc_integration_available: true } },
      ],
      ['POST', `${B}/sync_hlc_users`, { org_id: org.id }],
      ['GET', `${B}/hlc_sync_in_process?org_id=${org.id}`],
    ];
    const admin = await createUser(t.deps, org.id, { isAdmin: true });
    const orgAgent = await t.signIn(admin.username, admin.password);
    const other = await createStaff(t.deps, '2 4 5');
    const otherAgent = await t.signIn(other.username, other.password);
    for (const [method, url, body] of calls) {
      const send = (agent: Agent) =>
        method === 'GET' ? agent.get(url) : method === 'PUT' ? agent.put(url, body) : agent.post(url, body);
      expect((await send(t.anonymous())).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(orgAgent)).statusCode, `${method} ${url}`).toBe(403);
      expect((await send(otherAgent)).statusCode, `${method} ${url}`).toBe(403);
    }
    const unknown = 2_000_000_000;
    expect((await staff.get(`${B}/${unknown}/idp_settings`)).statusCode).toBe(404);
    expect((await staff.post(`${B}/${unknown}/azure_org_settings`, azureBody())).statusCode).toBe(404);
    expect((await staff.post(`${B}/sync_azure_users`, { org_id: unknown })).statusCode).toBe(404);
    expect((await staff.get(`${B}/hlc_sync_in_process?org_id=${unknown}`)).statusCode).toBe(404);
    expect((await staff.post(`${B}/enable_hstream_idp`, { org_id: unknown })).statusCode).toBe(404);
    // Another org's settings id is not this org's.
    const orgB = await createOrg(t.deps);
    const created = await staff.post(`${B}/${orgB.id}/azure_org_settings`, azureBody());
    expect((await staff.put(`${B}/${org.id}/azure_org_settings/${created.json().id}`, azureBody())).statusCode).toBe(
      404,
    );
  });
});

describe('Azure settings', () => {
  it('creates and updates them, never answering the secret; 422 lists what is wrong', async () => {
    const org = await createOrg(t.deps);
    let res = await staff.post(`${B}/${org.id}/azure_org_settings`, {
      azure_organization_setting: { tenant_id: '', graph_base_url: 'ftp://x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.length).toBeGreaterThanOrEqual(2);
    res = await staff.post(`${B}/${org.id}/azure_org_settings`, azureBody({ client_secret: '' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Client secret is required']);

    res = await staff.post(
      `${B}/${org.id}/azure_org_settings`,
      azureBody({ graph_base_url: undefined, token_base_url: undefined }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      org_id: org.id,
      tenant_id: 'tenant-1',
      client_secret_set: true,
      graph_base_url: 'https://graph.microsoft.com/v1.0',
      token_base_url: 'https://login.microsoftonline.com',
    });
    expect(JSON.stringify(created)).not.toContain(STAND_IN_SECRET);
    expect((await staff.post(`${B}/${org.id}/azure_org_settings`, azureBody())).statusCode).toBe(409);

    // Moved to other endpoints, the stored secret must be typed again (it would be sent there).
    res = await staff.put(
      `${B}/${org.id}/azure_org_settings/${created.id}`,
      azureBody({ client_id: 'client-2', client_secret: undefined }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([SECRET_ELSEWHERE('client secret')]);
    res = await staff.put(`${B}/${org.id}/azure_org_settings/${created.id}`, azureBody({ client_id: 'client-2' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      client_id: 'client-2',
      client_secret_set: true,
      graph_base_url: graph.graphBaseUrl,
    });
    // The same endpoints (a trailing slash is the same address): an empty secret keeps the stored one.
    res = await staff.put(
      `${B}/${org.id}/azure_org_settings/${created.id}`,
      azureBody({ client_id: 'client-3', client_secret: undefined, token_base_url: `${graph.tokenBaseUrl}/` }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ client_id: 'client-3', client_secret_set: true });
    const overview = (await staff.get(`${B}/${org.id}/idp_settings`)).json();
    expect(overview).toMatchObject({ idp_provider: 'AD', azure: { id: created.id, client_id: 'client-3' } });
    expect(JSON.stringify(overview)).not.toContain(STAND_IN_SECRET);
  });

  it('validates against the directory, saying in a sentence what worked and what failed', async () => {
    graph.pages = [[graphUser('u-1', 'Ada', 'Lovelace', 'ada@dir.example')]];
    let res = await staff.post(`${B}/azure_org_settings/validate_azure_settings`, azureBody());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      message: 'The settings are valid: an access token was issued and the directory users can be read.',
    });
    res = await staff.post(`${B}/azure_org_settings/validate_azure_settings`, azureBody({ client_secret: 'wrong' }));
    expect(res.json()).toEqual({
      ok: false,
      message:
        'No access token: The token endpoint refused the request (HTTP 401: AADSTS7000215: Invalid client secret provided.).',
    });
    // Nothing listens on port 9 of the loopback: a network error is a sentence, not a 500.
    res = await staff.post(
      `${B}/azure_org_settings/validate_azure_settings`,
      azureBody({ token_base_url: 'http://127.0.0.1:9' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: false,
      message: 'No access token: The token endpoint could not be reached (127.0.0.1:9).',
    });
    res = await staff.post(
      `${B}/azure_org_settings/validate_azure_settings`,
      azureBody({ graph_base_url: `${graph.url}/nowhere` }),
    );
    expect(res.json().ok).toBe(false);
    expect(res.json().message).toMatch(/^An access token was issued, but the users could not be read: .*HTTP 404/);
    // With the org id, the stored secret is used when none is typed.
    const org = await createOrg(t.deps);
    await staff.post(`${B}/${org.id}/azure_org_settings`, azureBody());
    res = await staff.post(`${B}/azure_org_settings/validate_azure_settings`, {
      org_id: org.id,
      ...azureBody({ client_secret: undefined }),
    });
    expect(res.json().ok).toBe(true);
  });
});

describe('stored secrets stay with their addresses', () => {
  it('a stored secret is not sent to another token, Graph or HLC users address unless typed again', async () => {
    const org = await createOrg(t.deps);
    const created = (await staff.post(`${B}/${org.id}/azure_org_settings`, azureBody())).json<{ id: number }>();
    // Checked or saved against a server of the staff user's own, the stored secret is not used.
    const elsewhere = 'http://127.0.0.1:9';
    for (const moved of [{ token_base_url: elsewhere }, { graph_base_url: elsewhere }]) {
      const check = await staff.post(`${B}/azure_org_settings/validate_azure_settings`, {
        org_id: org.id,
        ...azureBody({ client_secret: undefined, ...moved }),
      });
      expect(check.statusCode).toBe(422);
      expect(check.json().errors).toEqual([SECRET_ELSEWHERE('client secret')]);
      const save = await staff.put(
        `${B}/${org.id}/azure_org_settings/${created.id}`,
        azureBody({ client_secret: undefined, ...moved }),
      );
      expect(save.statusCode).toBe(422);
    }
    const stored = (await staff.get(`${B}/${org.id}/idp_settings`)).json();
    expect(stored.azure).toMatchObject({ token_base_url: graph.tokenBaseUrl, graph_base_url: graph.graphBaseUrl });

    const hlc = (usersUrl: string, apiKey?: string) => ({
      hlc_setting: {
        hlc_integration_enabled: false,
        hlc_integration_available: true,
        users_url: usersUrl,
        ...(apiKey ? { api_key: apiKey } : {}),
      },
    });
    expect(
      (await staff.put(`${B}/${org.id}/hlc_settings`, hlc('https://hlc.example.test/users', 'k'))).statusCode,
    ).toBe(200);
    const movedHlc = await staff.put(`${B}/${org.id}/hlc_settings`, hlc(`${elsewhere}/users`));
    expect(movedHlc.statusCode).toBe(422);
    expect(movedHlc.json().errors).toEqual([SECRET_ELSEWHERE('HLC API key')]);
    expect((await staff.put(`${B}/${org.id}/hlc_settings`, hlc('https://hlc.example.test/users'))).statusCode).toBe(
      200,
    );
    expect((await staff.put(`${B}/${org.id}/hlc_settings`, hlc(`${elsewhere}/users`, 'k2'))).statusCode).toBe(200);
  });
});

describe('Azure directory sync', () => {
  it('creates, adopts, updates and deactivates users from the Graph delta, one run at a time, and mails the result', async () => {
    const org = await createOrg(t.deps);
    const existing = await createUser(t.deps, org.id, {
      email: 'grace@dir.example',
      firstName: 'Grace',
      lastName: 'Old',
    });
    const leaver = await createUser(t.deps, org.id);
    const suffix = String(org.id);
    graph.pages = [
      [
        graphUser('u-1', 'Ada', 'Lovelace', `ada.${suffix}@dir.example`),
        graphUser('u-2', 'Alan', 'Turing', `alan.${suffix}@dir.example`),
      ],
      [graphUser('u-3', 'Grace', 'Hopper', 'grace@dir.example', { userPrincipalName: `grace.${suffix}@dir.example` })],
    ];
    graph.requests.length = 0;

    expect((await staff.post(`${B}/sync_azure_users`, { org_id: org.id })).statusCode).toBe(422);
    await staff.post(`${B}/${org.id}/azure_org_settings`, azureBody());
    expect((await staff.get(`${B}/azure_sync_in_process?org_id=${org.id}`)).json()).toEqual({
      in_process: false,
      message: '',
    });
    const woken: string[] = [];
    t.deps.jobs = { wake: (name) => woken.push(name) };
    let res = await staff.post(`${B}/sync_azure_users`, { org_id: org.id });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ in_process: true, message: SYNC_STARTED_MESSAGE });
    // The sync job is woken once the run is queued; a refused second run wakes nothing.
    expect(woken).toEqual(['idp-sync']);
    expect((await staff.get(`${B}/azure_sync_in_process?org_id=${org.id}`)).json()).toEqual({
      in_process: true,
      message: SYNC_IN_PROGRESS_MESSAGE,
    });
    res = await staff.post(`${B}/sync_azure_users`, { org_id: org.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([SYNC_IN_PROGRESS_MESSAGE]);
    expect(woken).toEqual(['idp-sync']);
    t.deps.jobs = undefined;
    // The database itself refuses a second active run, whatever the code checked before.
    await expect(
      withSystem(t.deps.database.db, (tx) =>
        tx.insert(idpSyncRuns).values({ orgId: org.id, kind: 'azure', startedByEmail: 'x@example.com' }),
      ),
    ).rejects.toThrow();

    expect(await processIdpSyncRuns(t.deps.database.db, t.deps.config, t.clock.now())).toEqual({ done: 1, failed: 0 });
    expect(graph.requests.filter((r) => r.startsWith('GET /v1.0/users/delta'))).toHaveLength(2);
    let users = await usersOf(org.id);
    const ada = users.find((u) => u.email === `ada.${suffix}@dir.example`)!;
    expect(ada).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: `ada.${suffix}@dir.example`,
      createdFrom: 1,
      status: 1,
    });
    expect(users.find((u) => u.email === `alan.${suffix}@dir.example`)).toMatchObject({ createdFrom: 1, status: 1 });
    // Grace existed with her e-mail: adopted, not duplicated, and her name follows the directory.
    expect(users.filter((u) => u.email === 'grace@dir.example')).toEqual([
      expect.objectContaining({ id: existing.id, lastName: 'Hopper', createdFrom: 0 }),
    ]);
    expect(users).toHaveLength(4);
    expect(users.find((u) => u.id === leaver.id)!.status).toBe(1);
    expect((await staff.get(`${B}/azure_sync_in_process?org_id=${org.id}`)).json().in_process).toBe(false);

    let mails = await withSystem(t.deps.database.db, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.orgId, org.id), eq(mailOutbox.toAddress, staffEmail))),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Azure directory synchronization completed');
    expect(mails[0]!.bodyText).toContain('Users created: 2');
    expect(mails[0]!.bodyText).toContain('Users updated: 1');

    // The next run reads only the changes, from the delta link kept by the last one.
    graph.changes = [
      graphUser('u-1', 'Ada', 'King', `ada.king.${suffix}@dir.example`),
      { id: 'u-2', '@removed': { reason: 'deleted' } },
      graphUser('u-3', 'Grace', 'Hopper', 'grace@dir.example', { accountEnabled: false }),
    ];
    graph.requests.length = 0;
    expect((await staff.post(`${B}/sync_azure_users`, { org_id: org.id })).statusCode).toBe(202);
    expect(await processIdpSyncRuns(t.deps.database.db, t.deps.config, t.clock.now())).toEqual({ done: 1, failed: 0 });
    expect(graph.requests.some((r) => r.includes('$deltatoken='))).toBe(true);
    users = await usersOf(org.id);
    expect(users.find((u) => u.id === ada.id)).toMatchObject({
      lastName: 'King',
      email: `ada.king.${suffix}@dir.example`,
      status: 1,
    });
    expect(users.find((u) => u.email === `alan.${suffix}@dir.example`)!.status).toBe(2);
    expect(users.find((u) => u.id === existing.id)!.status).toBe(2);
    mails = await withSystem(t.deps.database.db, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.orgId, org.id), eq(mailOutbox.toAddress, staffEmail))),
    );
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.bodyText).join('\n')).toContain('Users deactivated: 2');
  });

  it('names the first 50 skipped accounts in the e-mail and says how many more there were', async () => {
    const org = await createOrg(t.deps);
    await staff.post(`${B}/${org.id}/azure_org_settings`, azureBody());
    // 52 accounts without an e-mail address: each is skipped.
    graph.pages = [
      Array.from({ length: 52 }, (_, i) =>
        graphUser(`n-${i}`, 'No', `Mail ${i}`, `nomail${i}`, { mail: null, userPrincipalName: `nomail${i}` }),
      ),
    ];
    expect((await staff.post(`${B}/sync_azure_users`, { org_id: org.id })).statusCode).toBe(202);
    expect(await processIdpSyncRuns(t.deps.database.db, t.deps.config, t.clock.now())).toEqual({ done: 1, failed: 0 });
    const [mail] = await withSystem(t.deps.database.db, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.orgId, org.id), eq(mailOutbox.toAddress, staffEmail))),
    );
    const lines = mail!.bodyText.split('\n');
    expect(lines).toContain('Accounts skipped: 52');
    expect(lines.filter((line) => line.endsWith(': no e-mail address'))).toHaveLength(50);
    expect(lines.at(-1)).toBe('  - and 2 more');
  });

  it('adopts by e-mail only an active user no directory account links yet; other accounts are skipped, saying why', async () => {
    const org = await createOrg(t.deps);
    const suffix = String(org.id);
    const sam = await createUser(t.deps, org.id, {
      email: `sam.${suffix}@dir.example`,
      firstName: 'Sam',
      lastName: 'Old',
    });
    const vic = await createUser(t.deps, org.id, {
      email: `vic.${suffix}@dir.example`,
      firstName: 'Vic',
      lastName: 'Old',
      status: UserStatus.Inactive,
    });
    await staff.post(`${B}/${org.id}/azure_org_settings`, azureBody());
    // Two accounts of the directory share Sam's address; Vic was deactivated by an administrator.
    graph.pages = [
      [
        graphUser('s-1', 'Sam', 'Smith', sam.email),
        graphUser('s-2', 'Sid', 'Smith', sam.email, { userPrincipalName: `sid.${suffix}@dir.example` }),
        graphUser('v-1', 'Vic', 'Vale', vic.email),
      ],
    ];
    expect((await staff.post(`${B}/sync_azure_users`, { org_id: org.id })).statusCode).toBe(202);
    expect(await processIdpSyncRuns(t.deps.database.db, t.deps.config, t.clock.now())).toEqual({ done: 1, failed: 0 });
    // The first account takes Sam; the second would have signed in as Sam: it is not linked.
    expect(await linksOf(org.id)).toEqual([{ source: 'azure', externalId: 's-1', userId: sam.id }]);
    let users = await usersOf(org.id);
    expect(users).toHaveLength(2);
    expect(users.find((u) => u.id === sam.id)).toMatchObject({ firstName: 'Sam', lastName: 'Smith', status: 1 });
    expect(users.find((u) => u.id === vic.id)).toMatchObject({ lastName: 'Old', status: UserStatus.Inactive });

    // Later the directory gives Sam's address to a third account (or lists it twice): not linked either.
    graph.changes = [graphUser('s-3', 'Sue', 'New', sam.email, { userPrincipalName: `sue.${suffix}@dir.example` })];
    expect((await staff.post(`${B}/sync_azure_users`, { org_id: org.id })).statusCode).toBe(202);
    expect(await processIdpSyncRuns(t.deps.database.db, t.deps.config, t.clock.now())).toEqual({ done: 1, failed: 0 });
    expect(await linksOf(org.id)).toEqual([{ source: 'azure', externalId: 's-1', userId: sam.id }]);
    users = await usersOf(org.id);
    expect(users).toHaveLength(2);
    expect(users.find((u) => u.id === sam.id)).toMatchObject({ firstName: 'Sam', lastName: 'Smith', status: 1 });

    const [first, second] = (await syncMailsOf(org.id)).map((m) => m.bodyText.split('\n'));
    expect(first).toContain('Accounts skipped: 2');
    expect(first).toContain(
      `  - ${sam.email} (Azure directory account s-2): the user with this e-mail is already linked to another Azure directory account`,
    );
    expect(first).toContain(
      `  - ${vic.email} (Azure directory account v-1): the user with this e-mail is not active, so it is not linked`,
    );
    expect(second).toContain('Accounts skipped: 1');
    expect(second).toContain(
      `  - ${sam.email} (Azure directory account s-3): the user with this e-mail is already linked to another Azure directory account`,
    );
    expect((await staff.get(`${B}/${org.id}/idp_settings`)).json()).toMatchObject({
      last_azure_sync: { status: 'done', skipped_count: 1 },
    });
  });

  it('a directory that cannot be reached fails the run with a sentence in the e-mail, and frees the org for the next', async () => {
    const org = await createOrg(t.deps);
    await staff.post(`${B}/${org.id}/azure_org_settings`, azureBody({ token_base_url: 'http://127.0.0.1:9' }));
    expect((await staff.post(`${B}/sync_azure_users`, { org_id: org.id })).statusCode).toBe(202);
    expect(await processIdpSyncRuns(t.deps.database.db, t.deps.config, t.clock.now())).toEqual({ done: 0, failed: 1 });
    const [mail] = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.orgId, org.id)),
    );
    expect(mail).toMatchObject({ toAddress: staffEmail, subject: 'Azure directory synchronization failed' });
    expect(mail!.bodyText).toContain('The token endpoint could not be reached (127.0.0.1:9).');
    const overview = (await staff.get(`${B}/${org.id}/idp_settings`)).json();
    expect(overview.last_azure_sync).toMatchObject({
      status: 'failed',
      error: 'The token endpoint could not be reached (127.0.0.1:9).',
    });
    expect((await staff.post(`${B}/sync_azure_users`, { org_id: org.id })).statusCode).toBe(202);
    expect(await processIdpSyncRuns(t.deps.database.db, t.deps.config, t.clock.now())).toEqual({ done: 0, failed: 1 });
  });
});

describe('hStream and HLC', () => {
  it('enable_hstream_idp makes hStream the sign-in source', async () => {
    const org = await createOrg(t.deps, { idpProvider: 'AD' });
    const res = await staff.post(`${B}/enable_hstream_idp`, { org_id: org.id });
    expect(res.json()).toEqual({ org_id: org.id, idp_provider: 'HSTREAM' });
    const [row] = await withSystem(t.deps.database.db, (tx) =>
      tx.select().from(organizations).where(eq(organizations.id, org.id)),
    );
    expect(row!.idpProvider).toBe('HSTREAM');
    expect((await staff.post(`${B}/enable_hstream_idp`, { org_id: 'x' })).statusCode).toBe(422);
  });

  it('edits the HLC flags and syncs users from the HLC pages', async () => {
    const org = await createOrg(t.deps);
    const http = await import('node:http');
    const pages: Record<string, unknown> = {
      '/hlc/users': {
        users: [{ id: 7, first_name: 'Hal', last_name: 'Lee', email: `hal.${org.id}@hlc.example` }],
        next: null,
      },
    };
    const server = http.createServer((req, res) => {
      res.writeHead(req.headers.authorization === 'Bearer hlc-key' ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(pages[req.url ?? ''] ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      expect(
        (await staff.put(`${B}/${org.id}/hlc_settings`, { hlc_setting: { hlc_integration_enabled: 'yes' } }))
          .statusCode,
      ).toBe(422);
      let res = await staff.put(`${B}/${org.id}/hlc_settings`, {
        hlc_setting: {
          hlc_integration_enabled: true,
          hlc_integration_available: true,
          users_url: `http://127.0.0.1:${port}/hlc/users`,
          api_key: 'hlc-key',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        hlc_integration_enabled: true,
        hlc_integration_available: true,
        users_url: `http://127.0.0.1:${port}/hlc/users`,
        api_key_set: true,
      });
      res = await staff.post(`${B}/sync_hlc_users`, { org_id: org.id });
      expect(res.json()).toEqual({ in_process: true, message: SYNC_STARTED_MESSAGE });
      expect((await staff.get(`${B}/hlc_sync_in_process?org_id=${org.id}`)).json().message).toBe(
        SYNC_IN_PROGRESS_MESSAGE,
      );
      expect((await staff.post(`${B}/sync_hlc_users`, { org_id: org.id })).statusCode).toBe(409);
      expect(await processIdpSyncRuns(t.deps.database.db, t.deps.config, t.clock.now())).toEqual({
        done: 1,
        failed: 0,
      });
      const users = await usersOf(org.id);
      expect(users).toEqual([expect.objectContaining({ firstName: 'Hal', lastName: 'Lee', status: 1 })]);
      // Renamed in HLC: the change log names the field as an admin's edit does.
      pages['/hlc/users'] = {
        users: [{ id: 7, first_name: 'Hank', last_name: 'Lee', email: `hal.${org.id}@hlc.example` }],
        next: null,
      };
      await staff.post(`${B}/sync_hlc_users`, { org_id: org.id });
      await processIdpSyncRuns(t.deps.database.db, t.deps.config, t.clock.now());
      const [renamed] = await withSystem(t.deps.database.db, (tx) =>
        queryRows<{ deltas: unknown }>(
          tx,
          sql`select deltas from change_logs where org_id = ${org.id} and object_type = 'User' and action_name = 'Update'`,
        ),
      );
      expect(renamed?.deltas).toEqual({ changed: { first_name: ['Hal', 'Hank'] } });
      // The user left HLC: the next full read deactivates them.
      pages['/hlc/users'] = { users: [], next: null };
      await staff.post(`${B}/sync_hlc_users`, { org_id: org.id });
      await processIdpSyncRuns(t.deps.database.db, t.deps.config, t.clock.now());
      expect((await usersOf(org.id))[0]!.status).toBe(2);
      // Both changes are recorded as an admin's would be, in the sync's name (no person made them).
      const hal = (await usersOf(org.id))[0]!;
      const recorded = await withSystem(t.deps.database.db, async (tx) => ({
        changes: await queryRows<{ action_name: string; created_by_user: string; created_by_user_id: number | null }>(
          tx,
          sql`select action_name, created_by_user, created_by_user_id from change_logs
               where org_id = ${org.id} and object_type = 'User' and object_id = ${hal.id} order by id`,
        ),
        logs: await queryRows<{ action: string; by: string }>(
          tx,
          sql`select action, details->>'by' as by from user_logs where org_id = ${org.id} and user_id = ${hal.id} order by id`,
        ),
      }));
      expect(recorded).toEqual({
        changes: [
          { action_name: 'Create', created_by_user: DIRECTORY_SYNC_AUTHOR, created_by_user_id: null },
          { action_name: 'Update', created_by_user: DIRECTORY_SYNC_AUTHOR, created_by_user_id: null },
          { action_name: 'Update', created_by_user: DIRECTORY_SYNC_AUTHOR, created_by_user_id: null },
        ],
        logs: [
          { action: 'Created', by: DIRECTORY_SYNC_AUTHOR },
          { action: 'Deactivated', by: DIRECTORY_SYNC_AUTHOR },
        ],
      });
      expect((await staff.get(`${B}/${org.id}/idp_settings`)).json()).toMatchObject({
        idp_provider: 'HSTREAM_HLC',
        last_hlc_sync: { status: 'done', deactivated_count: 1 },
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('SAML settings', () => {
  it('reads metadata in the parser workers and answers the endpoints and certificate', async () => {
    const res = await staff.post(`${B}/parse_idp_metadata`, { metadata_xml: idpMetadata() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.entity_id).toBe('https://idp.example.test/saml');
    expect(body.sso_endpoints).toHaveLength(2);
    expect(body.certificates[0].subject).toContain('CN=idp.example.test');
    expect(body.certificates[0].fingerprint_sha256).toMatch(/^[0-9A-F:]{95}$/);
  });

  it('refuses XXE, garbage and huge metadata with a 422 sentence', async () => {
    let res = await staff.post(`${B}/parse_idp_metadata`, {
      metadata_xml: `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${idpMetadata().replace(/<\?xml[^>]*\?>/, '')}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['The metadata contains a DOCTYPE or entity declaration, which is not allowed.']);
    res = await staff.post(`${B}/parse_idp_metadata`, { metadata_xml: 'garbage' });
    expect(res.json().errors).toEqual(['The metadata is not well-formed XML.']);
    res = await staff.post(`${B}/parse_idp_metadata`, { metadata_xml: 'x'.repeat(600 * 1024) });
    expect(res.statusCode).toBe(422);
    res = await staff.post(`${B}/parse_idp_metadata`, { metadata_xml: '' });
    expect(res.statusCode).toBe(422);
  });

  it('validates, creates and updates SAML settings; problems are a 422 list', async () => {
    let res = await staff.post(
      `${B}/validate_saml_settings`,
      samlBody({ entity_id: '', sso_url: 'http://idp.example.test/sso', certificate: 'nope' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      'Entity ID is required',
      'SSO URL must be an https address',
      'Certificate is not a readable X.509 certificate',
    ]);
    res = await staff.post(`${B}/validate_saml_settings`, samlBody());
    expect(res.json()).toEqual({ ok: true, message: 'The SAML settings are valid.' });
    expect(samlProblems(samlBody().saml_org_setting, new Date('2060-01-01'))).toEqual(['Certificate has expired']);
    expect(samlProblems(samlBody().saml_org_setting, new Date('2020-01-01'))).toEqual(['Certificate is not valid yet']);

    const org = await createOrg(t.deps);
    expect((await staff.post(`${B}/${org.id}/saml_org_settings`, samlBody({ sso_url: '' }))).json().errors).toEqual([
      'SSO URL is required',
    ]);
    res = await staff.post(`${B}/${org.id}/saml_org_settings`, samlBody());
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    expect(res.json().certificate_info.subject).toContain('CN=idp.example.test');
    res = await staff.put(
      `${B}/${org.id}/saml_org_settings/${id}`,
      samlBody({ slo_url: 'https://idp.example.test/slo' }),
    );
    expect(res.json()).toMatchObject({ id, slo_url: 'https://idp.example.test/slo' });
    expect((await staff.get(`${B}/${org.id}/idp_settings`)).json()).toMatchObject({
      idp_provider: 'SAML_SSO',
      saml: { id },
    });
    expect((await staff.put(`${B}/${org.id}/saml_org_settings/2000000000`, samlBody())).statusCode).toBe(404);
  });
  it('a new entity id forgets the sign-in links made under the old one; the same entity id keeps them', async () => {
    const org = await createOrg(t.deps);
    const oldIdp = 'https://old-idp.example.test/saml';
    const body = (entityId: string, certificate = TEST_SAML_IDP_CERT) => ({
      saml_org_setting: { entity_id: entityId, sso_url: TEST_SAML_IDP_SSO_URL, certificate },
    });
    const created = await staff.post(`${B}/${org.id}/saml_org_settings`, body(oldIdp));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    await staff.put(`${B}/${org.id}/sso_settings`, { sso_setting: { create_unknown_users: true } });
    const base = t.deps.config.publicUrl;
    const saml: SamlOrg = {
      id: org.id,
      tenant: org.tenant,
      acsUrl: `${base}/saml/t/${org.tenant}/acs`,
      entityId: `${base}/api/t/${org.tenant}/saml/metadata`,
      sloUrl: `${base}/saml/t/${org.tenant}/slo`,
    };
    const signedInAs = async (nameId: string, email: string) => {
      const { browser, location } = await samlSignIn(t, saml, { nameId, email });
      expect(location).toBe(`/orgs/${org.id}/pnps`);
      return (await browser.get('/api/sessions')).json<{ user: { id: number; email: string } }>().user;
    };

    // The old provider's jsmith signs in: created and linked by the NameID.
    const john = await signedInAs('jsmith', `john.${org.id}@old.example`);
    expect(await linksOf(org.id)).toEqual([{ source: 'saml', externalId: 'jsmith', userId: john.id }]);

    // The same provider rotating its certificate (and back): jsmith is still John.
    for (const certificate of [TEST_IDP_CERT_PEM, TEST_SAML_IDP_CERT]) {
      const saved = await staff.put(`${B}/${org.id}/saml_org_settings/${id}`, body(oldIdp, certificate));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await linksOf(org.id)).toEqual([{ source: 'saml', externalId: 'jsmith', userId: john.id }]);
    }
    expect((await signedInAs('jsmith', `john.${org.id}@old.example`)).id).toBe(john.id);

    // Another provider: its jsmith is someone else, and does not sign in as John.
    const moved = await staff.put(`${B}/${org.id}/saml_org_settings/${id}`, body(TEST_SAML_IDP_ENTITY));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await linksOf(org.id)).toEqual([]);
    const jane = await signedInAs('jsmith', `jane.${org.id}@new.example`);
    expect(jane).toMatchObject({ email: `jane.${org.id}@new.example` });
    expect(jane.id).not.toBe(john.id);
    expect(await linksOf(org.id)).toEqual([{ source: 'saml', externalId: 'jsmith', userId: jane.id }]);
  });
});
