import { z } from 'zod';
import { id, text } from './primitives';

/**
 * An organisation's sign-in settings and directory / HLC sync (issue 14), under
 * /api/hstm/organizations. Staff permission 3 (organisation management) for every route.
 */

export const IDP_PROVIDERS = ['AD', 'HSTREAM', 'SAML_SSO', 'HSTREAM_HLC'] as const;
export const IdpProviderKey = z.enum(IDP_PROVIDERS);
export type IdpProviderKey = z.infer<typeof IdpProviderKey>;

/** The answers of the sync buttons (spec §8), word for word. */
export const SYNC_IN_PROGRESS_MESSAGE =
  'Synchronization is still in progress, you will receive an email once it has completed.';
export const SYNC_STARTED_MESSAGE = 'Synchronization has started, you will receive an email once it has completed.';

export const DEFAULT_GRAPH_BASE_URL = 'https://graph.microsoft.com/v1.0';
export const DEFAULT_TOKEN_BASE_URL = 'https://login.microsoftonline.com';

/** The largest IdP metadata document accepted (real ones are a few KB; federation bundles are refused). */
export const SAML_METADATA_MAX_BYTES = 512 * 1024;

const trimmed = (label: string, max = 255) =>
  text().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** An http(s) address; http is accepted so a directory stand-in on a private network can be used. */
const serviceUrl = (label: string) =>
  text()
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, `${label} must be an http or https address`);

// ---------------------------------------------------------------- Azure

export const AzureSettingInput = z
  .object({
    tenant_id: trimmed('Directory (tenant) ID', 100),
    client_id: trimmed('Application (client) ID', 100),
    /** Omitted or empty on update: the stored secret stays. */
    client_secret: text().max(500, 'Client secret must be at most 500 characters').optional(),
    graph_base_url: serviceUrl('Graph endpoint').optional(),
    token_base_url: serviceUrl('Token endpoint').optional(),
  })
  .strict();
export type AzureSettingInput = z.infer<typeof AzureSettingInput>;

export const AzureSettingBody = z.object({ azure_organization_setting: AzureSettingInput }).strict();

export const AzureSetting = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  tenant_id: z.string(),
  client_id: z.string(),
  /** The secret itself is never sent back. */
  client_secret_set: z.boolean(),
  graph_base_url: z.string(),
  token_base_url: z.string(),
});
export type AzureSetting = z.infer<typeof AzureSetting>;

/** Validation of Azure settings: those typed in, and/or the stored secret of `org_id`. */
export const ValidateAzureBody = z
  .object({ org_id: id('The organization id').optional(), azure_organization_setting: AzureSettingInput })
  .strict();
export const ValidationAnswer = z.object({ ok: z.boolean(), message: z.string() });
export type ValidationAnswer = z.infer<typeof ValidationAnswer>;

// ---------------------------------------------------------------- SAML

export const SamlSettingInput = z
  .object({
    entity_id: text().trim().max(1000, 'Entity ID must be at most 1000 characters'),
    sso_url: text().trim().max(2000, 'SSO URL must be at most 2000 characters'),
    slo_url: text().trim().max(2000, 'SLO URL must be at most 2000 characters').optional(),
    /** The IdP's signing certificate, PEM or bare base64. */
    certificate: text().trim().max(20_000, 'Certificate must be at most 20000 characters'),
  })
  .strict();
export type SamlSettingInput = z.infer<typeof SamlSettingInput>;
export const SamlSettingBody = z.object({ saml_org_setting: SamlSettingInput }).strict();

export const CertificateInfo = z.object({
  subject: z.string(),
  issuer: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  fingerprint_sha256: z.string(),
});
export type CertificateInfo = z.infer<typeof CertificateInfo>;

export const SamlSetting = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  entity_id: z.string(),
  sso_url: z.string(),
  slo_url: z.string().nullable(),
  certificate: z.string(),
  certificate_info: CertificateInfo.nullable(),
});
export type SamlSetting = z.infer<typeof SamlSetting>;

export const ParseMetadataBody = z
  .object({
    metadata_xml: z
      .string()
      .min(1, 'Metadata XML is required')
      .max(SAML_METADATA_MAX_BYTES, 'Metadata XML is too large (at most 512 KB)'),
  })
  .strict();

export const SamlEndpoint = z.object({ binding: z.string(), location: z.string() });
export const ParsedMetadata = z.object({
  entity_id: z.string(),
  sso_endpoints: z.array(SamlEndpoint),
  slo_endpoints: z.array(SamlEndpoint),
  certificates: z.array(CertificateInfo.extend({ pem: z.string() })),
});
export type ParsedMetadata = z.infer<typeof ParsedMetadata>;

// ---------------------------------------------------------------- HLC

export const HlcSettingInput = z
  .object({
    hlc_integration_enabled: z.boolean(),
    hlc_integration_available: z.boolean(),
    /** The HLC users endpoint (JSON pages, see docs/sso.md); required to sync. */
    users_url: serviceUrl('HLC users endpoint').or(z.literal('')).optional(),
    /** Sent as a bearer token; omitted or empty keeps the stored one. */
    api_key: text().max(500, 'API key must be at most 500 characters').optional(),
  })
  .strict();
export type HlcSettingInput = z.infer<typeof HlcSettingInput>;
export const HlcSettingBody = z.object({ hlc_setting: HlcSettingInput }).strict();

export const HlcSetting = z.object({
  hlc_integration_enabled: z.boolean(),
  hlc_integration_available: z.boolean(),
  users_url: z.string(),
  api_key_set: z.boolean(),
});
export type HlcSetting = z.infer<typeof HlcSetting>;

// ---------------------------------------------------------------- single sign-on (issue 16)

/** hStream and hStream - HLC sign users in through OpenID Connect, configured here by staff. */
export const OIDC_PROVIDERS = ['HSTREAM', 'HSTREAM_HLC'] as const;
export const OidcProviderKey = z.enum(OIDC_PROVIDERS);
export type OidcProviderKey = z.infer<typeof OidcProviderKey>;

export const OidcSettingInput = z
  .object({
    /** The issuer identifier; its discovery document is read from {issuer}/.well-known/openid-configuration. */
    issuer: serviceUrl('Issuer'),
    client_id: trimmed('Client ID', 255),
    /** Omitted or empty on update: the stored secret stays. */
    client_secret: text().max(500, 'Client secret must be at most 500 characters').optional(),
  })
  .strict();
export type OidcSettingInput = z.infer<typeof OidcSettingInput>;
export const OidcSettingBody = z.object({ oidc_setting: OidcSettingInput }).strict();

export const OidcSetting = z.object({
  provider: OidcProviderKey,
  issuer: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
});
export type OidcSetting = z.infer<typeof OidcSetting>;

/** Whether a person the organisation does not know yet is created at their first sign-in, or refused. */
export const SsoSettingInput = z.object({ create_unknown_users: z.boolean() }).strict();
export type SsoSettingInput = z.infer<typeof SsoSettingInput>;
export const SsoSettingBody = z.object({ sso_setting: SsoSettingInput }).strict();
export const SsoSetting = z.object({ create_unknown_users: z.boolean() });

/** The values a hospital's IT enters at its identity provider for one organisation. */
export const SsoSetupValues = z.object({
  /** OpenID Connect: the redirect (reply) URI. */
  redirect_uri: z.string(),
  /** OpenID Connect: where the IdP may send the browser after signing out. */
  post_logout_redirect_uri: z.string(),
  /** SAML: our entity id (the audience), the ACS URL and the address of our metadata. */
  sp_entity_id: z.string(),
  acs_url: z.string(),
  metadata_url: z.string(),
  /** SAML: where the IdP sends LogoutResponses and its own LogoutRequests (single logout). */
  slo_url: z.string(),
  /**
   * SAML: the SHA-256 fingerprint of the certificate this server signs its requests with (its
   * metadata publishes it), or null when the deployment has no signing key and signs nothing.
   */
  saml_signing_certificate_sha256: z.string().nullable(),
});
export type SsoSetupValues = z.infer<typeof SsoSetupValues>;

// ---------------------------------------------------------------- IdP groups mapped to user groups

/** Where a person's groups are read when the organisation names no claim of its own. */
export const DEFAULT_OIDC_GROUP_CLAIM = 'groups';
export const DEFAULT_SAML_GROUP_ATTRIBUTES = [
  'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
  'groups',
  'memberOf',
] as const;
/** The most mappings one organisation keeps (a hospital maps tens; this bounds the sign-in's work). */
export const GROUP_MAPPINGS_MAX = 500;

export const GroupMappingRowInput = z
  .object({
    /** Checked in the route so that each problem names its row; trimmed there. */
    idp_group: text().max(255, 'IdP group value must be at most 255 characters'),
    /** null: no group chosen yet on the screen (refused with its row number). */
    group_id: id('The user group').nullable(),
  })
  .strict();
export type GroupMappingRowInput = z.infer<typeof GroupMappingRowInput>;

export const GroupMappingInput = z
  .object({
    /** The claim or attribute name; empty for the default of the organisation's protocol. */
    claim: text().trim().max(255, 'Groups claim must be at most 255 characters'),
    mappings: z
      .array(GroupMappingRowInput)
      .max(GROUP_MAPPINGS_MAX, `At most ${GROUP_MAPPINGS_MAX} group mappings can be saved`),
  })
  .strict();
export type GroupMappingInput = z.infer<typeof GroupMappingInput>;
export const GroupMappingBody = z.object({ sso_group_mapping: GroupMappingInput }).strict();

export const GroupMappingRow = z.object({
  id: z.number().int(),
  idp_group: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
});
export type GroupMappingRow = z.infer<typeof GroupMappingRow>;

export const GroupMapping = z.object({
  org_id: z.number().int(),
  claim: z.string(),
  mappings: z.array(GroupMappingRow),
  /** The organisation's groups a value may map to (system groups are the system's to fill). */
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type GroupMapping = z.infer<typeof GroupMapping>;

// ---------------------------------------------------------------- the org's whole picture

export const SyncRun = z.object({
  id: z.number().int(),
  kind: z.enum(['azure', 'hlc']),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  deactivated_count: z.number().int(),
  skipped_count: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type SyncRun = z.infer<typeof SyncRun>;

export const IdpOverview = z.object({
  org_id: z.number().int(),
  org_name: z.string(),
  idp_provider: IdpProviderKey.nullable(),
  azure: AzureSetting.nullable(),
  saml: SamlSetting.nullable(),
  hlc: HlcSetting,
  last_azure_sync: SyncRun.nullable(),
  last_hlc_sync: SyncRun.nullable(),
  hstream_oidc: OidcSetting.nullable(),
  hlc_oidc: OidcSetting.nullable(),
  create_unknown_users: z.boolean(),
  setup: SsoSetupValues,
});
export type IdpOverview = z.infer<typeof IdpOverview>;

export const OrgIdBody = z.object({ org_id: id('The organization id') }).strict();
export const SyncAnswer = z.object({ in_process: z.boolean(), message: z.string() });
export type SyncAnswer = z.infer<typeof SyncAnswer>;
