import type { FavoriteResponse } from '../../../../shared/api/library';
import { http } from '../../../lib/api-client';

/** PATCH o/{org}/library/{pnpId}/handle_favorite {favorite}. */
export function handleFavorite(orgId: string, pnpId: number, favorite: boolean): Promise<FavoriteResponse> {
  return http.patch<FavoriteResponse>(`o/${orgId}/library/${pnpId}/handle_favorite`, { favorite });
}
