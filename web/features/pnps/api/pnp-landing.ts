import type { PnpResponse } from '../../../../shared/api/pnps';
import { ApiError, http } from '../../../lib/api-client';

/** The P&P's address is not one of a P&P this user may open: no such id, or not a number at all. */
const NOT_FOUND = [404, 422];
const REFUSED = 403;

/**
 * Where orgs/{org}/pnps/{id} leads: the P&P's current version, its library when it has none, and
 * the error screen of spec §8 (error/404, error/403) when there is no such P&P for this user. An
 * address that is not a P&P's is a page not found, never the app's crash screen.
 */
export async function pnpLandingPath(orgId: string, pnpId: string): Promise<string> {
  let pnp: PnpResponse['pnp'];
  try {
    ({ pnp } = await http.get<PnpResponse>(`o/${orgId}/pnps/${encodeURIComponent(pnpId)}`, {
      passThrough: [...NOT_FOUND, REFUSED],
    }));
  } catch (error) {
    if (error instanceof ApiError && !error.handled && NOT_FOUND.includes(error.status)) return '/error/404';
    if (error instanceof ApiError && !error.handled && error.status === REFUSED) return '/error/403';
    throw error;
  }
  const current = pnp.current_document_id;
  return current === null
    ? `/orgs/${orgId}/pnps`
    : `/orgs/${orgId}/pnps/${pnp.id}/pnp_documents/${current}/version_info/preview`;
}
