import type { PnpResponse, UpdatePnpBody } from '../../../../shared/api/pnps';
import { http } from '../../../lib/api-client';

/** PUT o/{org}/pnps/{id} {pnp}: name, description, participants; a stale lock_version is a 409. */
export function updatePnp(orgId: string, pnpId: number, body: UpdatePnpBody): Promise<PnpResponse> {
  return http.put<PnpResponse>(`o/${orgId}/pnps/${pnpId}`, body, { passThrough: [409, 422] });
}
