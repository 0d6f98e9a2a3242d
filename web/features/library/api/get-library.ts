import type {
  LibraryFilters,
  LibraryPage,
  LibrarySortKey,
  LibraryTree,
  LibraryView,
} from '../../../../shared/api/library';
import { http, type QueryValue } from '../../../lib/api-client';

export interface BrowseParams extends LibraryFilters {
  view?: LibraryView;
  offset?: number;
  limit?: number;
  sort?: LibrarySortKey;
  dir?: 'asc' | 'desc';
}

const query = (params: BrowseParams): Record<string, QueryValue> => ({ ...params });

/** GET o/{org}/library?list=true: one page of the flat list. */
export function fetchLibraryList(orgId: string, params: BrowseParams): Promise<LibraryPage> {
  return http.get<LibraryPage>(`o/${orgId}/library`, { query: { ...query(params), list: true } });
}

/** GET o/{org}/library: the tree of binders, folders and P&Ps. */
export function fetchLibraryTree(orgId: string, params: BrowseParams): Promise<LibraryTree> {
  const { offset: _offset, limit: _limit, sort: _sort, dir: _dir, ...filters } = params;
  return http.get<LibraryTree>(`o/${orgId}/library`, { query: query(filters) });
}
