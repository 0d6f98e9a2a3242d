import type { KeyObject } from 'node:crypto';
import type { OidcProviderKey, OidcSetting } from '../../../shared/api/hstm-idp';
import { idpSecretIsSet } from './idp-secrets';
import { secretOf, type SettingsRow } from './settings.repo';

/** An hStream / hStream - HLC OpenID Connect client as staff see it (never its secret). */
export function presentOidc(provider: OidcProviderKey, row: SettingsRow, key: KeyObject): OidcSetting {
  const settings = (row.settings ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof settings[name] === 'string' ? settings[name] : '');
  return {
    provider,
    issuer: text('issuer'),
    client_id: text('client_id'),
    client_secret_set: idpSecretIsSet(key, secretOf(row, 'client_secret')),
  };
}
