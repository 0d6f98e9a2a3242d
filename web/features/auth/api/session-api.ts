import type { SudoLoginRequest, SudoLoginResponse } from '../../../../shared/api/login-as';
import type { LoginRequest, Session, TenantInfo } from '../../../../shared/api/sessions';
import { http } from '../../../lib/api-client';

/** Every status, so that callers decide what a failed session call means. */
const ALL_STATUSES = [400, 401, 403, 404, 409, 422, 423, 429, 500, 502, 503, 504];

export const sessionApi = {
  /** GET sessions: signed-out callers get `{ valid: false }`. */
  load: (options: { handleErrorsHere?: boolean } = {}): Promise<Session> =>
    http.get<Session>('sessions', options.handleErrorsHere ? { passThrough: ALL_STATUSES } : undefined),
  /** Failures carry a custom_error (spec §8) and reach the form; so do rate limits. */
  login: (request: LoginRequest): Promise<Session> =>
    http.post<Session>('auth/developer/login', request, { passThrough: [429] }),
  /** DELETE sessions; a session the server already ended is not an error here. */
  logout: (): Promise<void> => http.delete<void>('sessions', { passThrough: ALL_STATUSES }),
  tenant: (tenant: string): Promise<TenantInfo> =>
    http.get<TenantInfo>(`t/${encodeURIComponent(tenant)}`, {
      query: { host: window.location.host },
      passThrough: [404],
    }),
  tenantLogout: (tenant: string): Promise<{ logoutUrl: string }> =>
    http.get<{ logoutUrl: string }>(`t/${encodeURIComponent(tenant)}/logout`, { passThrough: ALL_STATUSES }),
  communityUrl: (): Promise<{ url: string }> => http.get<{ url: string }>('community/generate_url'),
  sudoLoginUrl: (userId: string): Promise<{ url: string }> =>
    http.get<{ url: string }>('auth/developer/sudo_login_generate_url', {
      query: { user_id: userId },
      passThrough: [403, 404, 422],
    }),
  /** Trades a login-as link's token for the org user's session; every refusal is shown on the page. */
  sudoLogin: (request: SudoLoginRequest): Promise<SudoLoginResponse> =>
    http.post<SudoLoginResponse>('auth/developer/sudo_login', request, { passThrough: [401, 403, 422, 429] }),
};
