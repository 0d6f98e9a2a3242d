import type { PnpResponse } from '../../../../shared/api/pnps';
import { http } from '../../../lib/api-client';

/** PUT o/{org}/pnps/retire {id, retire_reason} (spec §7). */
export function retirePnp(orgId: string, id: number, retireReason: string): Promise<PnpResponse> {
  return http.put<PnpResponse>(`o/${orgId}/pnps/retire`, { id, retire_reason: retireReason }, { passThrough: [422] });
}

/** PUT o/{org}/pnps/restore {id} (spec §7). */
export function restorePnp(orgId: string, id: number): Promise<PnpResponse> {
  return http.put<PnpResponse>(`o/${orgId}/pnps/restore`, { id }, { passThrough: [422] });
}
