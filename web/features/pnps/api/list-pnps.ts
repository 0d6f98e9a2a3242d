import type { PnpList } from '../../../../shared/api/pnps';
import { http } from '../../../lib/api-client';

export interface PnpListParams {
  readonly container_id?: number;
  readonly status?: number;
  readonly search?: string;
  readonly page?: number;
  readonly per_page?: number;
}

/** GET o/{org}/pnps: the P&Ps the caller may see. */
export function listPnps(orgId: string, params: PnpListParams = {}): Promise<PnpList> {
  return http.get<PnpList>(`o/${orgId}/pnps`, { query: { ...params } });
}
