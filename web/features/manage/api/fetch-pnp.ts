import type { PnpResponse } from '../../../../shared/api/pnps';
import { http } from '../../../lib/api-client';

/** GET o/{org}/pnps/{id}: the P&P's current document (its draft, else its Active version) to open. */
export function fetchPnp(orgId: string, pnpId: number): Promise<PnpResponse> {
  return http.get<PnpResponse>(`o/${orgId}/pnps/${pnpId}`, { passThrough: [403, 404] });
}
