import type {
  AzureSetting,
  AzureSettingInput,
  GroupMapping,
  GroupMappingInput,
  HlcSetting,
  HlcSettingInput,
  IdpOverview,
  OidcProviderKey,
  OidcSetting,
  OidcSettingInput,
  SsoSettingInput,
  ParsedMetadata,
  SamlSetting,
  SamlSettingInput,
  SyncAnswer,
  ValidationAnswer,
} from '../../../shared/api/hstm-idp';
import { http } from '../../lib/api-client';

const B = 'hstm/organizations';
/** 422s are shown beside the form that caused them; 409 is the sync's in-progress answer. */
const own = { passThrough: [409, 422] };

export const idpKeys = {
  overview: (orgId: number) => ['hstm', 'idp', orgId] as const,
  groupMapping: (orgId: number) => ['hstm', 'idp', orgId, 'group-mapping'] as const,
};

export const idpApi = {
  overview: (orgId: number) => http.get<IdpOverview>(`${B}/${orgId}/idp_settings`),
  saveAzure: (orgId: number, id: number | null, input: AzureSettingInput) =>
    id === null
      ? http.post<AzureSetting>(`${B}/${orgId}/azure_org_settings`, { azure_organization_setting: input }, own)
      : http.put<AzureSetting>(`${B}/${orgId}/azure_org_settings/${id}`, { azure_organization_setting: input }, own),
  validateAzure: (orgId: number, input: AzureSettingInput) =>
    http.post<ValidationAnswer>(
      `${B}/azure_org_settings/validate_azure_settings`,
      { org_id: orgId, azure_organization_setting: input },
      own,
    ),
  enableHStream: (orgId: number) => http.post<{ idp_provider: string }>(`${B}/enable_hstream_idp`, { org_id: orgId }),
  parseMetadata: (xml: string) => http.post<ParsedMetadata>(`${B}/parse_idp_metadata`, { metadata_xml: xml }, own),
  validateSaml: (input: SamlSettingInput) =>
    http.post<ValidationAnswer>(`${B}/validate_saml_settings`, { saml_org_setting: input }, own),
  saveSaml: (orgId: number, id: number | null, input: SamlSettingInput) =>
    id === null
      ? http.post<SamlSetting>(`${B}/${orgId}/saml_org_settings`, { saml_org_setting: input }, own)
      : http.put<SamlSetting>(`${B}/${orgId}/saml_org_settings/${id}`, { saml_org_setting: input }, own),
  saveHlc: (orgId: number, input: HlcSettingInput) =>
    http.put<HlcSetting>(`${B}/${orgId}/hlc_settings`, { hlc_setting: input }, own),
  inProcess: (orgId: number, kind: 'azure' | 'hlc') =>
    http.get<SyncAnswer>(`${B}/${kind}_sync_in_process`, { query: { org_id: orgId } }),
  saveOidc: (orgId: number, provider: OidcProviderKey, input: OidcSettingInput) =>
    http.put<OidcSetting>(`${B}/${orgId}/oidc_settings/${provider}`, { oidc_setting: input }, own),
  saveSso: (orgId: number, input: SsoSettingInput) =>
    http.put<SsoSettingInput>(`${B}/${orgId}/sso_settings`, { sso_setting: input }),
  groupMapping: (orgId: number) => http.get<GroupMapping>(`${B}/${orgId}/sso_group_mapping`),
  saveGroupMapping: (orgId: number, input: GroupMappingInput) =>
    http.put<GroupMapping>(`${B}/${orgId}/sso_group_mapping`, { sso_group_mapping: input }, own),
  startSync: (orgId: number, kind: 'azure' | 'hlc') =>
    http.post<SyncAnswer>(`${B}/sync_${kind}_users`, { org_id: orgId }, own),
};
