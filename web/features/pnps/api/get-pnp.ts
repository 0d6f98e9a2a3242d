import type { PnpResponse } from '../../../../shared/api/pnps';
import { http } from '../../../lib/api-client';
import { IN_PLACE } from '../components/section-refusal';

/** GET o/{org}/pnps/{id}: one P&P with its versions' summary, participants and abilities. */
export function getPnp(orgId: string, pnpId: string | number): Promise<PnpResponse> {
  return http.get<PnpResponse>(`o/${orgId}/pnps/${pnpId}`, { passThrough: IN_PLACE });
}
