import { X509Certificate } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { IdpProviderKey, OidcProviderKey, SsoSetupValues } from '../../../shared/api/hstm-idp';
import { IDP_PROVIDER_LABELS } from '../../../shared/domain/statuses';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { orgIdpSettings } from '../../db/schema/index';
import { storedIdpSecret, type StoredIdpSecret } from '../hstm-idp/idp-secrets';

/**
 * Where an organisation's single sign-on settings live: rows of org_idp_settings.
 *   AD:               the Azure directory row (issue 14): tenant_id, client_id, client_secret,
 *                     token_base_url; the issuer is {token_base_url}/{tenant_id}/v2.0.
 *   OIDC_HSTREAM,
 *   OIDC_HSTREAM_HLC: { issuer, client_id, client_secret } of hStream and hStream - HLC.
 *   SAML_SSO:         { entity_id, sso_url, slo_url, certificate } of the SAML IdP.
 *   SSO:              { create_unknown_users }.
 * client_secret is sealed at rest: it travels here as stored and is opened by the OIDC client only.
 */
export const OIDC_ROW: Record<OidcProviderKey, string> = {
  HSTREAM: 'OIDC_HSTREAM',
  HSTREAM_HLC: 'OIDC_HSTREAM_HLC',
};
export const SSO_ROW = 'SSO';

/** How a signed-in identity is linked to an org user in idp_user_links (source column). */
export const LINK_SOURCE: Record<IdpProviderKey, string> = {
  AD: 'azure',
  HSTREAM: 'hstream',
  HSTREAM_HLC: 'hlc',
  SAML_SSO: 'saml',
};

export interface OidcSso {
  kind: 'oidc';
  provider: 'AD' | OidcProviderKey;
  issuer: string;
  clientId: string;
  /** As the row stores it (sealed): oidc-client.ts opens it for the calls to the issuer. */
  clientSecret: StoredIdpSecret;
  /** Azure: the directory (tenant) id every token's `tid` must equal. */
  azureTenantId: string | null;
}

export interface SamlSso {
  kind: 'saml';
  provider: 'SAML_SSO';
  idpEntityId: string;
  ssoUrl: string;
  sloUrl: string;
  certificate: string;
}

export type OrgSso = OidcSso | SamlSso;

type Json = Record<string, unknown>;
const field = (settings: unknown, key: string): string => {
  const value = (settings as Json | null)?.[key];
  return typeof value === 'string' ? value.trim() : '';
};
const trimSlash = (url: string): string => url.replace(/\/+$/, '');

async function settingsOf(db: Executor, orgId: number, provider: string): Promise<unknown> {
  const [row] = await db
    .select({ settings: orgIdpSettings.settings, enabled: orgIdpSettings.enabled })
    .from(orgIdpSettings)
    .where(and(eq(orgIdpSettings.orgId, orgId), eq(orgIdpSettings.provider, provider)))
    .limit(1);
  return row?.enabled ? row.settings : null;
}

export const isIdpProvider = (value: string | null): value is IdpProviderKey =>
  value !== null && Object.prototype.hasOwnProperty.call(IDP_PROVIDER_LABELS, value);

/** The organisation's single sign-on, or null when it signs in with passwords (or is not set up). */
export async function findOrgSso(db: Executor, orgId: number, idpProvider: string | null): Promise<OrgSso | null> {
  if (!isIdpProvider(idpProvider)) return null;
  if (idpProvider === 'AD') {
    const s = await settingsOf(db, orgId, 'AD');
    const tenantId = field(s, 'tenant_id');
    const clientId = field(s, 'client_id');
    if (!s || !tenantId || !clientId) return null;
    const base = trimSlash(field(s, 'token_base_url') || 'https://login.microsoftonline.com');
    return {
      kind: 'oidc',
      provider: 'AD',
      issuer: `${base}/${encodeURIComponent(tenantId)}/v2.0`,
      clientId,
      clientSecret: storedIdpSecret({ orgId, provider: 'AD', name: 'client_secret' }, s),
      azureTenantId: tenantId,
    };
  }
  if (idpProvider === 'SAML_SSO') {
    const s = await settingsOf(db, orgId, 'SAML_SSO');
    const entityId = field(s, 'entity_id');
    const ssoUrl = field(s, 'sso_url');
    const certificate = field(s, 'certificate');
    if (!s || !entityId || !ssoUrl || !certificate) return null;
    return {
      kind: 'saml',
      provider: 'SAML_SSO',
      idpEntityId: entityId,
      ssoUrl,
      sloUrl: field(s, 'slo_url'),
      certificate,
    };
  }
  const row = OIDC_ROW[idpProvider];
  const s = await settingsOf(db, orgId, row);
  const issuer = field(s, 'issuer');
  const clientId = field(s, 'client_id');
  if (!s || !issuer || !clientId) return null;
  return {
    kind: 'oidc',
    provider: idpProvider,
    issuer,
    clientId,
    clientSecret: storedIdpSecret({ orgId, provider: row, name: 'client_secret' }, s),
    azureTenantId: null,
  };
}

/** Whether a person unknown to the organisation is created at their first sign-in (default: refused). */
export async function createsUnknownUsers(db: Executor, orgId: number): Promise<boolean> {
  const s = await settingsOf(db, orgId, SSO_ROW);
  return (s as Json | null)?.create_unknown_users === true;
}

/** The certificate's SHA-256 fingerprint as identity providers show it (AB:CD:...), read once per certificate. */
const fingerprints = new Map<string, string>();
function signingFingerprint(certificate: string): string {
  let fingerprint = fingerprints.get(certificate);
  if (fingerprint === undefined) {
    fingerprint = new X509Certificate(certificate).fingerprint256;
    fingerprints.set(certificate, fingerprint);
  }
  return fingerprint;
}

/** The addresses of one organisation that its identity provider must know, and how our requests are signed. */
export function ssoSetupValues(config: Pick<Config, 'publicUrl' | 'samlSigning'>, tenant: string): SsoSetupValues {
  const base = `${config.publicUrl}/api/t/${encodeURIComponent(tenant)}`;
  return {
    saml_signing_certificate_sha256: config.samlSigning ? signingFingerprint(config.samlSigning.certificate) : null,
    redirect_uri: `${base}/sso/callback`,
    post_logout_redirect_uri: `${config.publicUrl}/t/${encodeURIComponent(tenant)}`,
    sp_entity_id: `${base}/saml/metadata`,
    acs_url: `${config.publicUrl}/saml/t/${encodeURIComponent(tenant)}/acs`,
    metadata_url: `${base}/saml/metadata`,
    slo_url: `${config.publicUrl}/saml/t/${encodeURIComponent(tenant)}/slo`,
  };
}
