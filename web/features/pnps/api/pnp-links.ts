import type { PnpLinks } from '../../../../shared/api/pnps';
import { http } from '../../../lib/api-client';
import { IN_PLACE } from '../components/section-refusal';

/** GET o/{org}/pnps/{id}/pnp_links: linked_pnps and reverse_linked_pnps. */
export function getPnpLinks(orgId: string, pnpId: string | number): Promise<PnpLinks> {
  return http.get<PnpLinks>(`o/${orgId}/pnps/${pnpId}/pnp_links`, { passThrough: IN_PLACE });
}

/** PUT o/{org}/pnps/{id}/pnp_links {linked_pnp_ids}: the P&Ps this one links to. */
export function setPnpLinks(orgId: string, pnpId: string | number, ids: number[]): Promise<PnpLinks> {
  return http.put<PnpLinks>(`o/${orgId}/pnps/${pnpId}/pnp_links`, { linked_pnp_ids: ids }, { passThrough: [422] });
}
