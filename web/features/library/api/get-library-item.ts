import type { LibraryDocument } from '../../../../shared/api/library';
import { http } from '../../../lib/api-client';

/**
 * GET o/{org}/library/{pnpId}: the published P&P and its Active version (the server records the view).
 * A 404 (the P&P is gone, or no longer shared with the reader) reaches the reading page, which says
 * so in place instead of the generic error page.
 */
export function fetchLibraryItem(orgId: string, pnpId: string): Promise<LibraryDocument> {
  return http.get<LibraryDocument>(`o/${orgId}/library/${pnpId}`, { passThrough: [404] });
}
