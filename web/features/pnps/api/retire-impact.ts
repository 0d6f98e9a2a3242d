import type { RetireImpactResponse } from '../../../../shared/api/retire-impact';
import { http } from '../../../lib/api-client';

/** GET o/{org}/pnps/{id}/retire_impact: what retiring breaks; refusals are shown in the dialog. */
export function getRetireImpact(orgId: string, pnpId: number): Promise<RetireImpactResponse> {
  return http.get<RetireImpactResponse>(`o/${orgId}/pnps/${pnpId}/retire_impact`, { passThrough: [403, 404, 422] });
}
