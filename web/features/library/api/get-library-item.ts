import type { LibraryDocument } from '../../../../shared/api/library';
import { http } from '../../../lib/api-client';

/** GET o/{org}/library/{pnpId}: the published P&P and its Active version (the server records the view). */
export function fetchLibraryItem(orgId: string, pnpId: string): Promise<LibraryDocument> {
  return http.get<LibraryDocument>(`o/${orgId}/library/${pnpId}`);
}
