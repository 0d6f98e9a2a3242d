import type { LibraryPage } from '../../../../shared/api/library';
import { http } from '../../../lib/api-client';

/** POST o/{org}/content_navigator_library/search_pnp {phrase, offset}. */
export function searchPnp(orgId: string, phrase: string, offset: number): Promise<LibraryPage> {
  return http.post<LibraryPage>(`o/${orgId}/content_navigator_library/search_pnp`, { phrase, offset });
}
