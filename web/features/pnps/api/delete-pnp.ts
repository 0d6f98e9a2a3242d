import { http } from '../../../lib/api-client';

/** DELETE o/{org}/pnps/{id}: only a P&P that was never published. */
export function deletePnp(orgId: string, id: number): Promise<void> {
  return http.delete<void>(`o/${orgId}/pnps/${id}`, { passThrough: [422] });
}
