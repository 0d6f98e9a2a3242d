import type { KeyObject } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  DEFAULT_GRAPH_BASE_URL,
  DEFAULT_TOKEN_BASE_URL,
  type AzureSetting,
  type HlcSetting,
  type SamlSetting,
  type SyncRun,
} from '../../../shared/api/hstm-idp';
import type { Executor } from '../../db/client';
import { idpSyncRuns, organizations, orgIdpSettings } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import { describeCertificate } from '../../workers/parsers/saml-metadata-cert';
import type { AzureConfig } from './directory-client';
import { idpSecretIsSet, openIdpSecret, storedIdpSecret, type StoredIdpSecret } from './idp-secrets';

/**
 * Settings are rows of org_idp_settings, one per provider key, their fields in `settings`:
 *   AD:          { tenant_id, client_id, client_secret, graph_base_url, token_base_url }
 *   SAML_SSO:    { entity_id, sso_url, slo_url, certificate }
 *   HSTREAM_HLC: { users_url, api_key }
 * client_secret and api_key are sealed (idp-secrets.ts): the *ConfigOf functions open them for the
 * calls that use them, the presenters only say whether one is set.
 * Staff routes run outside row-level security, so every query here names the org id.
 */

export type OrgRow = typeof organizations.$inferSelect;
export type SettingsRow = typeof orgIdpSettings.$inferSelect;
type Json = Record<string, unknown>;

export async function getOrg(db: Executor, orgId: number): Promise<OrgRow> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  if (!org) throw notFound('The organization');
  return org;
}

export async function findSettings(db: Executor, orgId: number, provider: string): Promise<SettingsRow | null> {
  const [row] = await db
    .select()
    .from(orgIdpSettings)
    .where(and(eq(orgIdpSettings.orgId, orgId), eq(orgIdpSettings.provider, provider)))
    .limit(1);
  return row ?? null;
}

export async function getSettingsById(db: Executor, orgId: number, provider: string, id: number): Promise<SettingsRow> {
  const [row] = await db
    .select()
    .from(orgIdpSettings)
    .where(and(eq(orgIdpSettings.orgId, orgId), eq(orgIdpSettings.provider, provider), eq(orgIdpSettings.id, id)))
    .limit(1);
  if (!row) throw notFound('The settings');
  return row;
}

export async function insertSettings(
  db: Executor,
  orgId: number,
  provider: string,
  settings: Json,
  now: Date,
): Promise<SettingsRow> {
  const [row] = await db
    .insert(orgIdpSettings)
    .values({ orgId, provider, enabled: true, settings, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateSettings(db: Executor, row: SettingsRow, settings: Json, now: Date): Promise<SettingsRow> {
  const [updated] = await db
    .update(orgIdpSettings)
    .set({ settings, enabled: true, updatedAt: now })
    .where(and(eq(orgIdpSettings.orgId, row.orgId), eq(orgIdpSettings.id, row.id)))
    .returning();
  return updated!;
}

/** Makes `provider` the organisation's sign-in source. */
export async function setOrgProvider(db: Executor, orgId: number, provider: string, now: Date): Promise<void> {
  await db.update(organizations).set({ idpProvider: provider, updatedAt: now }).where(eq(organizations.id, orgId));
}

const field = (settings: unknown, key: string): string => {
  const value = (settings as Json | null)?.[key];
  return typeof value === 'string' ? value : '';
};

/** The row's stored secret `name`, bound to its org and provider. */
export const secretOf = (row: SettingsRow, name: string): StoredIdpSecret =>
  storedIdpSecret({ orgId: row.orgId, provider: row.provider, name }, row.settings);

/** The directory settings with the client secret opened; SecretUnreadableError when it does not open. */
export function azureConfigOf(row: SettingsRow, key: KeyObject): AzureConfig {
  return {
    tenantId: field(row.settings, 'tenant_id'),
    clientId: field(row.settings, 'client_id'),
    clientSecret: openIdpSecret(key, secretOf(row, 'client_secret')),
    graphBaseUrl: field(row.settings, 'graph_base_url') || DEFAULT_GRAPH_BASE_URL,
    tokenBaseUrl: field(row.settings, 'token_base_url') || DEFAULT_TOKEN_BASE_URL,
  };
}

export function presentAzure(row: SettingsRow, key: KeyObject): AzureSetting {
  return {
    id: row.id,
    org_id: row.orgId,
    tenant_id: field(row.settings, 'tenant_id'),
    client_id: field(row.settings, 'client_id'),
    client_secret_set: idpSecretIsSet(key, secretOf(row, 'client_secret')),
    graph_base_url: field(row.settings, 'graph_base_url') || DEFAULT_GRAPH_BASE_URL,
    token_base_url: field(row.settings, 'token_base_url') || DEFAULT_TOKEN_BASE_URL,
  };
}

export function presentSaml(row: SettingsRow): SamlSetting {
  const certificate = field(row.settings, 'certificate');
  const info = certificate ? describeCertificate(certificate) : null;
  return {
    id: row.id,
    org_id: row.orgId,
    entity_id: field(row.settings, 'entity_id'),
    sso_url: field(row.settings, 'sso_url'),
    slo_url: field(row.settings, 'slo_url') || null,
    certificate,
    certificate_info: info
      ? {
          subject: info.subject,
          issuer: info.issuer,
          valid_from: info.valid_from,
          valid_to: info.valid_to,
          fingerprint_sha256: info.fingerprint_sha256,
        }
      : null,
  };
}

/** The HLC endpoint and its API key opened; SecretUnreadableError when the key does not open. */
export function hlcConfigOf(row: SettingsRow | null, key: KeyObject): { usersUrl: string; apiKey: string } {
  if (!row) return { usersUrl: '', apiKey: '' };
  return { usersUrl: field(row.settings, 'users_url'), apiKey: openIdpSecret(key, secretOf(row, 'api_key')) };
}

export function presentHlc(org: OrgRow, row: SettingsRow | null, key: KeyObject): HlcSetting {
  return {
    hlc_integration_enabled: org.hlcIntegrationEnabled,
    hlc_integration_available: org.hlcIntegrationAvailable,
    users_url: row ? field(row.settings, 'users_url') : '',
    api_key_set: row ? idpSecretIsSet(key, secretOf(row, 'api_key')) : false,
  };
}

export type SyncRunRow = typeof idpSyncRuns.$inferSelect;

export function presentRun(row: SyncRunRow): SyncRun {
  return {
    id: row.id,
    kind: row.kind === 'hlc' ? 'hlc' : 'azure',
    status: row.status as SyncRun['status'],
    created_count: row.createdCount,
    updated_count: row.updatedCount,
    deactivated_count: row.deactivatedCount,
    skipped_count: row.skippedCount,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export async function lastRun(db: Executor, orgId: number, kind: 'azure' | 'hlc'): Promise<SyncRunRow | null> {
  const [row] = await db
    .select()
    .from(idpSyncRuns)
    .where(and(eq(idpSyncRuns.orgId, orgId), eq(idpSyncRuns.kind, kind)))
    .orderBy(desc(idpSyncRuns.id))
    .limit(1);
  return row ?? null;
}
