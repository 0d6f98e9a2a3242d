import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import {
  AzureSetting,
  AzureSettingBody,
  DEFAULT_GRAPH_BASE_URL,
  DEFAULT_TOKEN_BASE_URL,
  HlcSetting,
  HlcSettingBody,
  IdpOverview,
  OidcProviderKey,
  OidcSetting,
  OidcSettingBody,
  SsoSetting,
  SsoSettingBody,
  OrgIdBody,
  ParsedMetadata,
  ParseMetadataBody,
  SAML_METADATA_MAX_BYTES,
  SamlSetting,
  SamlSettingBody,
  SYNC_IN_PROGRESS_MESSAGE,
  SYNC_STARTED_MESSAGE,
  SyncAnswer,
  ValidateAzureBody,
  ValidationAnswer,
  type AzureSettingInput,
  type HlcSettingInput,
  type IdpProviderKey,
} from '../../../shared/api/hstm-idp';
import { IDP_PROVIDERS } from '../../../shared/api/hstm-idp';
import { StaffPermission } from '../../../shared/domain/roles';
import { hstmUsers, organizations } from '../../db/schema/index';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../http/deps';
import { conflict, unprocessable } from '../../http/errors';
import { IdParam, staffRoute, type App, type StaffCtx } from '../../http/routes';
import { secretsKeyOf } from '../../platform/secrets-key';
import { checkAzure, type AzureConfig } from './directory-client';
import { keptIdpSecret, sealIdpSecret } from './idp-secrets';
import { parseMetadataInWorker, samlProblems } from './saml.service';
import {
  findSettings,
  getOrg,
  getSettingsById,
  insertSettings,
  lastRun,
  presentAzure,
  presentHlc,
  presentRun,
  presentSaml,
  secretOf,
  setOrgProvider,
  updateSettings,
  type SettingsRow,
} from './settings.repo';
import { queueSync, syncInProcess, type SyncKind } from './sync.service';
import { createsUnknownUsers, LINK_SOURCE, OIDC_ROW, SSO_ROW, ssoSetupValues } from '../sso/sso-config';
import { idpUserLinks } from '../../db/schema/index';
import { and } from 'drizzle-orm';
import { presentOidc } from './oidc-settings';
import { JOB } from '../../platform/jobs/job-names';

/**
 * An organisation's sign-in settings and directory / HLC sync (issue 14, spec §7
 * hstm/organizations). Every route needs staff permission 3. Routes naming the org in the body or
 * query (`org_id`) do so because the spec's paths carry no org: validate, sync, in-process, enable.
 */
const perm = StaffPermission.OrgManagement;
const BASE = '/api/hstm/organizations';
const OrgParams = z.object({ orgId: IdParam });
const OrgSettingParams = z.object({ orgId: IdParam, id: IdParam });
const OrgIdQuery = z.object({ org_id: IdParam });
const OrgProviderParams = z.object({ orgId: IdParam, provider: OidcProviderKey });

/** The address a setting names, as compared: trailing slashes do not make another address. */
const sameAddress = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string' && a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * A stored secret is sent only to the addresses it was saved with. Kept (not typed again) with
 * another address, it would be sent there: a staff user could point the token endpoint or the HLC
 * users endpoint at a server of their own and read it, where staff must never see a secret. Typing
 * the secret again with the new address shows they already know it.
 */
function refuseKeptSecretElsewhere(kept: boolean, moved: boolean, label: string): void {
  if (kept && moved) {
    throw unprocessable(
      `Type the ${label} again to use another address: a stored ${label} is sent only to the addresses it was saved with.`,
    );
  }
}

/** The settings typed in, the secret opened from `previous` when none is typed (422 when none is usable). */
function azureConfigFrom(key: KeyObject, input: AzureSettingInput, previous: SettingsRow | null): AzureConfig {
  const kept = !input.client_secret && previous !== null;
  const secret =
    input.client_secret || (previous ? keptIdpSecret(key, secretOf(previous, 'client_secret'), 'client secret') : '');
  if (!secret) throw unprocessable('Client secret is required');
  const graphBaseUrl = input.graph_base_url || DEFAULT_GRAPH_BASE_URL;
  const tokenBaseUrl = input.token_base_url || DEFAULT_TOKEN_BASE_URL;
  const before = (previous?.settings ?? {}) as Record<string, unknown>;
  refuseKeptSecretElsewhere(
    kept,
    !sameAddress(before.graph_base_url, graphBaseUrl) || !sameAddress(before.token_base_url, tokenBaseUrl),
    'client secret',
  );
  return { tenantId: input.tenant_id, clientId: input.client_id, clientSecret: secret, graphBaseUrl, tokenBaseUrl };
}

/** What the AD row of `orgId` stores: the secret sealed to that row. */
function azureSettingsJson(key: KeyObject, orgId: number, config: AzureConfig): Record<string, unknown> {
  return {
    tenant_id: config.tenantId,
    client_id: config.clientId,
    client_secret: sealIdpSecret(key, { orgId, provider: 'AD', name: 'client_secret' }, config.clientSecret),
    graph_base_url: config.graphBaseUrl,
    token_base_url: config.tokenBaseUrl,
  };
}

/** What the HSTREAM_HLC row stores; an API key left empty keeps the stored one. */
function hlcSettingsJson(
  key: KeyObject,
  orgId: number,
  input: HlcSettingInput,
  previous: SettingsRow | null,
): Record<string, unknown> {
  const apiKey = input.api_key || (previous ? keptIdpSecret(key, secretOf(previous, 'api_key'), 'HLC API key') : '');
  const before = (previous?.settings ?? {}) as Record<string, unknown>;
  refuseKeptSecretElsewhere(
    !input.api_key && apiKey !== '',
    !sameAddress(before.users_url ?? '', input.users_url ?? ''),
    'HLC API key',
  );
  return {
    users_url: input.users_url ?? '',
    api_key: sealIdpSecret(key, { orgId, provider: 'HSTREAM_HLC', name: 'api_key' }, apiKey),
  };
}

async function staffEmail(ctx: StaffCtx): Promise<string> {
  const [row] = await ctx.tx
    .select({ email: hstmUsers.email })
    .from(hstmUsers)
    .where(eq(hstmUsers.id, ctx.actor.staffId))
    .limit(1);
  return row?.email ?? ctx.actor.email;
}

async function startSync(ctx: StaffCtx, orgId: number, kind: SyncKind): Promise<z.infer<typeof SyncAnswer>> {
  const org = await getOrg(ctx.tx, orgId);
  if (kind === 'azure') {
    const settings = await findSettings(ctx.tx, orgId, 'AD');
    if (!settings) throw unprocessable('The organization has no Azure settings to synchronize with.');
  } else {
    const settings = await findSettings(ctx.tx, orgId, 'HSTREAM_HLC');
    if (!org.hlcIntegrationEnabled) throw unprocessable('The HLC integration is not enabled for this organization.');
    if (!settings || !(settings.settings as { users_url?: unknown }).users_url) {
      throw unprocessable('The organization has no HLC users endpoint to synchronize with.');
    }
  }
  if (await syncInProcess(ctx.tx, orgId, kind)) throw conflict(SYNC_IN_PROGRESS_MESSAGE);
  await queueSync(ctx.tx, orgId, kind, { staffId: ctx.actor.staffId, email: await staffEmail(ctx) }, ctx.now);
  ctx.whenCommitted(() => ctx.deps.jobs?.wake(JOB.idpSync));
  ctx.reply.code(202);
  return { in_process: true, message: SYNC_STARTED_MESSAGE };
}

async function inProcessAnswer(ctx: StaffCtx, orgId: number, kind: SyncKind): Promise<z.infer<typeof SyncAnswer>> {
  await getOrg(ctx.tx, orgId);
  const running = await syncInProcess(ctx.tx, orgId, kind);
  return { in_process: running, message: running ? SYNC_IN_PROGRESS_MESSAGE : '' };
}

export function registerHstmIdpModule(app: App, deps: Deps): void {
  // Resolved at the first request that needs it, not at registration: building the app touches no key file.
  const key = (): KeyObject => secretsKeyOf(deps.config);

  staffRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/:orgId/idp_settings`,
      permission: perm,
      summary: "An organization's sign-in source, its settings and its last syncs",
      schema: { params: OrgParams, response: { 200: IdpOverview } },
    },
    async (ctx, { params }) => {
      const org = await getOrg(ctx.tx, params.orgId);
      const [azure, saml, hlc, lastAzure, lastHlc, hstreamOidc, hlcOidc, createUnknown] = await Promise.all([
        findSettings(ctx.tx, org.id, 'AD'),
        findSettings(ctx.tx, org.id, 'SAML_SSO'),
        findSettings(ctx.tx, org.id, 'HSTREAM_HLC'),
        lastRun(ctx.tx, org.id, 'azure'),
        lastRun(ctx.tx, org.id, 'hlc'),
        findSettings(ctx.tx, org.id, OIDC_ROW.HSTREAM),
        findSettings(ctx.tx, org.id, OIDC_ROW.HSTREAM_HLC),
        createsUnknownUsers(ctx.tx, org.id),
      ]);
      const provider = (IDP_PROVIDERS as readonly string[]).includes(org.idpProvider ?? '')
        ? (org.idpProvider as IdpProviderKey)
        : null;
      return {
        org_id: org.id,
        org_name: org.name,
        idp_provider: provider,
        azure: azure ? presentAzure(azure, key()) : null,
        saml: saml ? presentSaml(saml) : null,
        hlc: presentHlc(org, hlc, key()),
        last_azure_sync: lastAzure ? presentRun(lastAzure) : null,
        last_hlc_sync: lastHlc ? presentRun(lastHlc) : null,
        hstream_oidc: hstreamOidc ? presentOidc('HSTREAM', hstreamOidc, key()) : null,
        hlc_oidc: hlcOidc ? presentOidc('HSTREAM_HLC', hlcOidc, key()) : null,
        create_unknown_users: createUnknown,
        setup: ssoSetupValues(deps.config, org.tenant),
      };
    },
  );

  // ------------------------------------------------------------------ Azure

  staffRoute(
    app,
    deps,
    {
      method: 'POST',
      url: `${BASE}/:orgId/azure_org_settings`,
      permission: perm,
      summary: "Creates an organization's Azure directory settings; the org then signs in with Azure",
      schema: { params: OrgParams, body: AzureSettingBody, response: { 201: AzureSetting } },
    },
    async (ctx, { params, body }) => {
      await getOrg(ctx.tx, params.orgId);
      if (await findSettings(ctx.tx, params.orgId, 'AD')) {
        throw conflict('The organization already has Azure settings; update them instead.');
      }
      const config = azureConfigFrom(key(), body.azure_organization_setting, null);
      const row = await insertSettings(
        ctx.tx,
        params.orgId,
        'AD',
        azureSettingsJson(key(), params.orgId, config),
        ctx.now,
      );
      await setOrgProvider(ctx.tx, params.orgId, 'AD', ctx.now);
      ctx.reply.code(201);
      return presentAzure(row, key());
    },
  );

  staffRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: `${BASE}/:orgId/azure_org_settings/:id`,
      permission: perm,
      summary: "Updates an organization's Azure directory settings (an empty secret keeps the stored one)",
      schema: { params: OrgSettingParams, body: AzureSettingBody, response: { 200: AzureSetting } },
    },
    async (ctx, { params, body }) => {
      await getOrg(ctx.tx, params.orgId);
      const previous = await getSettingsById(ctx.tx, params.orgId, 'AD', params.id);
      const config = azureConfigFrom(key(), body.azure_organization_setting, previous);
      const row = await updateSettings(ctx.tx, previous, azureSettingsJson(key(), params.orgId, config), ctx.now);
      await setOrgProvider(ctx.tx, params.orgId, 'AD', ctx.now);
      return presentAzure(row, key());
    },
  );

  staffRoute(
    app,
    deps,
    {
      method: 'POST',
      url: `${BASE}/azure_org_settings/validate_azure_settings`,
      permission: perm,
      summary: 'Checks Azure settings against the directory: a token, then one user of the users list',
      schema: { body: ValidateAzureBody, response: { 200: ValidationAnswer } },
    },
    async (ctx, { body }) => {
      let stored: SettingsRow | null = null;
      if (body.org_id !== undefined) {
        await getOrg(ctx.tx, body.org_id);
        stored = await findSettings(ctx.tx, body.org_id, 'AD');
      }
      // The directory may be slow: the check must not hold the request's transaction open meanwhile,
      // but a staff route has one; the check itself touches no table.
      return checkAzure(azureConfigFrom(key(), body.azure_organization_setting, stored));
    },
  );

  staffRoute(
    app,
    deps,
    {
      method: 'POST',
      url: `${BASE}/sync_azure_users`,
      permission: perm,
      summary: 'Starts the Azure directory sync of an organization (202), or 409 while one runs',
      schema: { body: OrgIdBody, response: { 202: SyncAnswer } },
    },
    async (ctx, { body }) => startSync(ctx, body.org_id, 'azure'),
  );

  staffRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/azure_sync_in_process`,
      permission: perm,
      summary: "Whether an organization's Azure directory sync is queued or running",
      schema: { querystring: OrgIdQuery, response: { 200: SyncAnswer } },
    },
    async (ctx, { query }) => inProcessAnswer(ctx, query.org_id, 'azure'),
  );

  // ------------------------------------------------------------------ hStream

  staffRoute(
    app,
    deps,
    {
      method: 'POST',
      url: `${BASE}/enable_hstream_idp`,
      permission: perm,
      summary: 'The organization signs in with hStream',
      schema: {
        body: OrgIdBody,
        response: { 200: z.object({ org_id: z.number().int(), idp_provider: z.literal('HSTREAM') }) },
      },
    },
    async (ctx, { body }) => {
      await getOrg(ctx.tx, body.org_id);
      await setOrgProvider(ctx.tx, body.org_id, 'HSTREAM', ctx.now);
      return { org_id: body.org_id, idp_provider: 'HSTREAM' as const };
    },
  );

  // ------------------------------------------------------------------ SAML

  const saveSaml = async (
    ctx: StaffCtx,
    orgId: number,
    input: z.infer<typeof SamlSettingBody>['saml_org_setting'],
    id: number | null,
  ) => {
    await getOrg(ctx.tx, orgId);
    const problems = samlProblems(input, ctx.now);
    if (problems.length > 0) throw unprocessable(...problems);
    const json = {
      entity_id: input.entity_id,
      sso_url: input.sso_url,
      slo_url: input.slo_url ?? '',
      certificate: input.certificate,
    };
    let row: SettingsRow;
    if (id === null) {
      if (await findSettings(ctx.tx, orgId, 'SAML_SSO'))
        throw conflict('The organization already has SAML settings; update them instead.');
      row = await insertSettings(ctx.tx, orgId, 'SAML_SSO', json, ctx.now);
      ctx.reply.code(201);
    } else {
      const previous = await getSettingsById(ctx.tx, orgId, 'SAML_SSO', id);
      const before = (previous.settings ?? {}) as Record<string, unknown>;
      const entityBefore = typeof before.entity_id === 'string' ? before.entity_id.trim() : '';
      if (entityBefore !== json.entity_id) {
        // A NameID is unique per identity provider only, and a sign-in matches on the NameID: the
        // new provider's "jsmith" must not sign in as whoever the old provider's "jsmith" was. A new
        // certificate under the same entity id is the same provider rotating its key: its NameIDs
        // still name the same people, so their links stay.
        await ctx.tx
          .delete(idpUserLinks)
          .where(and(eq(idpUserLinks.orgId, orgId), eq(idpUserLinks.source, LINK_SOURCE.SAML_SSO)));
      }
      row = await updateSettings(ctx.tx, previous, json, ctx.now);
    }
    await setOrgProvider(ctx.tx, orgId, 'SAML_SSO', ctx.now);
    return presentSaml(row);
  };

  staffRoute(
    app,
    deps,
    {
      method: 'POST',
      url: `${BASE}/:orgId/saml_org_settings`,
      permission: perm,
      summary: "Creates an organization's SAML settings (validated); the org then signs in with SAML SSO",
      schema: { params: OrgParams, body: SamlSettingBody, response: { 201: SamlSetting } },
    },
    async (ctx, { params, body }) => saveSaml(ctx, params.orgId, body.saml_org_setting, null),
  );

  staffRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: `${BASE}/:orgId/saml_org_settings/:id`,
      permission: perm,
      summary: "Updates an organization's SAML settings (validated)",
      schema: { params: OrgSettingParams, body: SamlSettingBody, response: { 200: SamlSetting } },
    },
    async (ctx, { params, body }) => saveSaml(ctx, params.orgId, body.saml_org_setting, params.id),
  );

  staffRoute(
    app,
    deps,
    {
      method: 'POST',
      url: `${BASE}/parse_idp_metadata`,
      permission: perm,
      summary:
        "Reads an identity provider's SAML metadata XML (in the parser workers): entity id, endpoints, certificates",
      // JSON escaping can double a document's size; the schema bounds the text itself.
      bodyLimit: SAML_METADATA_MAX_BYTES * 2 + 1024,
      schema: { body: ParseMetadataBody, response: { 200: ParsedMetadata } },
    },
    async (_ctx, { body }) => parseMetadataInWorker(body.metadata_xml),
  );

  staffRoute(
    app,
    deps,
    {
      method: 'POST',
      url: `${BASE}/validate_saml_settings`,
      permission: perm,
      summary: 'Checks SAML settings: entity id, https SSO URL, a certificate valid today (422 with the problems)',
      schema: { body: SamlSettingBody, response: { 200: ValidationAnswer } },
    },
    (ctx, { body }) => {
      const problems = samlProblems(body.saml_org_setting, ctx.now);
      if (problems.length > 0) return Promise.reject(unprocessable(...problems));
      return Promise.resolve({ ok: true, message: 'The SAML settings are valid.' });
    },
  );

  // ------------------------------------------------------------------ HLC

  staffRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: `${BASE}/:orgId/hlc_settings`,
      permission: perm,
      summary: "Sets an organization's HLC integration flags and users endpoint",
      schema: { params: OrgParams, body: HlcSettingBody, response: { 200: HlcSetting } },
    },
    async (ctx, { params, body }) => {
      const input = body.hlc_setting;
      await getOrg(ctx.tx, params.orgId);
      const previous = await findSettings(ctx.tx, params.orgId, 'HSTREAM_HLC');
      const json = hlcSettingsJson(key(), params.orgId, input, previous);
      const row = previous
        ? await updateSettings(ctx.tx, previous, json, ctx.now)
        : await insertSettings(ctx.tx, params.orgId, 'HSTREAM_HLC', json, ctx.now);
      const [org] = await ctx.tx
        .update(organizations)
        .set({
          hlcIntegrationEnabled: input.hlc_integration_enabled,
          hlcIntegrationAvailable: input.hlc_integration_available,
          // Enabling the integration makes HLC the sign-in source; turning it off leaves the source as it is.
          ...(input.hlc_integration_enabled ? { idpProvider: 'HSTREAM_HLC' } : {}),
          updatedAt: ctx.now,
        })
        .where(eq(organizations.id, params.orgId))
        .returning();
      return presentHlc(org!, row, key());
    },
  );

  staffRoute(
    app,
    deps,
    {
      method: 'POST',
      url: `${BASE}/sync_hlc_users`,
      permission: perm,
      summary: 'Starts the HLC user sync of an organization (202), or 409 while one runs',
      schema: { body: OrgIdBody, response: { 202: SyncAnswer } },
    },
    async (ctx, { body }) => startSync(ctx, body.org_id, 'hlc'),
  );

  staffRoute(
    app,
    deps,
    {
      method: 'GET',
      url: `${BASE}/hlc_sync_in_process`,
      permission: perm,
      summary: "Whether an organization's HLC user sync is queued or running",
      schema: { querystring: OrgIdQuery, response: { 200: SyncAnswer } },
    },
    async (ctx, { query }) => inProcessAnswer(ctx, query.org_id, 'hlc'),
  );
  // ------------------------------------------------------------------ single sign-on (issue 16)

  staffRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: `${BASE}/:orgId/oidc_settings/:provider`,
      permission: perm,
      summary: "Sets the OpenID Connect client of an organization's hStream or hStream - HLC sign-in",
      schema: { params: OrgProviderParams, body: OidcSettingBody, response: { 200: OidcSetting } },
    },
    async (ctx, { params, body }) => {
      await getOrg(ctx.tx, params.orgId);
      const input = body.oidc_setting;
      const previous = await findSettings(ctx.tx, params.orgId, OIDC_ROW[params.provider]);
      const before = (previous?.settings ?? {}) as Record<string, unknown>;
      const secret =
        input.client_secret ||
        (previous ? keptIdpSecret(key(), secretOf(previous, 'client_secret'), 'client secret') : '');
      if (!secret) throw unprocessable('Client secret is required');
      // The secret goes to the issuer's token endpoint: kept, it must not follow a new issuer.
      refuseKeptSecretElsewhere(
        !input.client_secret && previous !== null,
        previous !== null && !sameAddress(before.issuer, input.issuer),
        'client secret',
      );
      const place = { orgId: params.orgId, provider: OIDC_ROW[params.provider], name: 'client_secret' };
      const json = {
        issuer: input.issuer.replace(/\/+$/, ''),
        client_id: input.client_id,
        client_secret: sealIdpSecret(key(), place, secret),
      };
      if (previous && before.issuer !== json.issuer) {
        // Subjects are unique per issuer only: links made under another issuer must not carry over.
        await ctx.tx
          .delete(idpUserLinks)
          .where(and(eq(idpUserLinks.orgId, params.orgId), eq(idpUserLinks.source, LINK_SOURCE[params.provider])));
      }
      const row = previous
        ? await updateSettings(ctx.tx, previous, json, ctx.now)
        : await insertSettings(ctx.tx, params.orgId, OIDC_ROW[params.provider], json, ctx.now);
      await setOrgProvider(ctx.tx, params.orgId, params.provider, ctx.now);
      return presentOidc(params.provider, row, key());
    },
  );

  staffRoute(
    app,
    deps,
    {
      method: 'PUT',
      url: `${BASE}/:orgId/sso_settings`,
      permission: perm,
      summary: 'Whether a person unknown to the organization is created at their first single sign-on, or refused',
      schema: { params: OrgParams, body: SsoSettingBody, response: { 200: SsoSetting } },
    },
    async (ctx, { params, body }) => {
      await getOrg(ctx.tx, params.orgId);
      const json = { create_unknown_users: body.sso_setting.create_unknown_users };
      const previous = await findSettings(ctx.tx, params.orgId, SSO_ROW);
      if (previous) await updateSettings(ctx.tx, previous, json, ctx.now);
      else await insertSettings(ctx.tx, params.orgId, SSO_ROW, json, ctx.now);
      return json;
    },
  );
}
