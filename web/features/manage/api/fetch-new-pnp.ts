import type { NewPnpResponse } from '../../../../shared/api/pnps';
import { http } from '../../../lib/api-client';

/**
 * GET o/{org}/pnps/new?container_id: whether the caller may create P&Ps in a binder or folder (the
 * P&P module decides). A refusal only hides the buttons, so it never reaches the global handler.
 */
export function fetchNewPnp(orgId: string, containerId: number): Promise<NewPnpResponse> {
  return http.get<NewPnpResponse>(`o/${orgId}/pnps/new`, {
    query: { container_id: containerId },
    passThrough: [403, 404],
  });
}
