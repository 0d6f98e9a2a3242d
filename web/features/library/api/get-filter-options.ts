import type { LibraryFilterOptions } from '../../../../shared/api/library';
import { http } from '../../../lib/api-client';

/** GET o/{org}/library/filter_options: binders, folders and owners for the advanced search. */
export function fetchFilterOptions(orgId: string): Promise<LibraryFilterOptions> {
  return http.get<LibraryFilterOptions>(`o/${orgId}/library/filter_options`);
}
