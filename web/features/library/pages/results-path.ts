import type { LibraryFilters } from '../../../../shared/api/library';

export interface ResultsQuery extends LibraryFilters {
  phrase?: string;
}

/** orgs/{orgId}/pnps/results with the search in the address (shareable, back-button safe). */
export function resultsPath(orgId: string, query: ResultsQuery, page = 1): string {
  return `/orgs/${orgId}/pnps/results?${resultsQuery(query, page).toString()}`;
}

/** The query of a results address: the search and, past the first, the page. */
export function resultsQuery(query: ResultsQuery, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

const FILTER_KEYS = [
  'words',
  'container_id',
  'owner_id',
  'effective_from',
  'effective_to',
  'published_from',
  'published_to',
  'review_from',
  'review_to',
] as const;

/** The advanced-search filters of the address (numbers for the ids). */
export function filtersOf(params: URLSearchParams): LibraryFilters {
  const filters: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (!value) continue;
    filters[key] = key === 'container_id' || key === 'owner_id' ? Number(value) : value;
  }
  return searchableFilters(filters);
}

/**
 * The filters as they are searched: the words without the spaces around them, and none at all when
 * only spaces were typed (the server refuses such words: the search would end on an error and an
 * empty list, with a chip 'Words:' naming nothing).
 */
export function searchableFilters(filters: LibraryFilters): LibraryFilters {
  const { words, ...rest } = filters;
  const trimmed = words?.trim() ?? '';
  return trimmed ? { ...rest, words: trimmed } : rest;
}
