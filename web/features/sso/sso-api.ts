import type { SsoTenantInfo } from '../../../shared/api/sso';
import { http } from '../../lib/api-client';

export const ssoApi = {
  /** How the tenant page offers sign-in; an unknown tenant is the tenant query's 404 already. */
  tenant: (tenant: string): Promise<SsoTenantInfo> =>
    http.get<SsoTenantInfo>(`t/${encodeURIComponent(tenant)}/sso`, { passThrough: [404] }),
};
