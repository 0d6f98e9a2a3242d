import type { OidcProviderKey, OidcSetting } from '../../../shared/api/hstm-idp';
import type { SettingsRow } from './settings.repo';

/** An hStream / hStream - HLC OpenID Connect client as staff see it (never its secret). */
export function presentOidc(provider: OidcProviderKey, row: SettingsRow): OidcSetting {
  const settings = (row.settings ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof settings[key] === 'string' ? settings[key] : '');
  return {
    provider,
    issuer: text('issuer'),
    client_id: text('client_id'),
    client_secret_set: text('client_secret') !== '',
  };
}
