import type { SelfSettingsBody, SelfSettingsResponse } from '../../../../shared/api/self-settings';
import { http } from '../../../lib/api-client';

export const preferencesKeys = { settings: ['self', 'settings'] as const };

/** GET self/settings (spec §7): the caller's own settings. */
export const fetchSettings = (): Promise<SelfSettingsResponse> => http.get<SelfSettingsResponse>('self/settings');

/** PUT self/settings {settings}: a 422 lists what to fix, shown in place. */
export const saveSettings = (body: SelfSettingsBody): Promise<SelfSettingsResponse> =>
  http.put<SelfSettingsResponse>('self/settings', body, { passThrough: [422] });
