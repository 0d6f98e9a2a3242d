import { countText } from '../../lib/format';
import type { ReportFilterKey } from '../../../shared/api/reporting';
import type { SortState } from '../../components/sort-state';
import type { ReportDefinition } from './report-definitions';

/**
 * A report screen's state lives in the URL's query string, under exactly the API's query keys
 * (shared/api/reporting.ts): the report's filters (q, role, status, version_status, completion,
 * group_id (comma-separated ids), user_id, effective_from/_to, published_from/_to, review_from/_to), then sort, dir, page
 * and per_page. The screen sends those it finds to GET o/{org}/reporting/{report} unchanged, so a
 * link such as `reports/all_versions?review_from=2026-01-01&review_to=2026-12-31` (the reporting
 * dashboard's click-through) opens the report filtered, and the server's checks (a real date, a
 * known sort key) are the only ones. Keys a report does not take are left out of its request.
 */
export const PAGING_KEYS = ['sort', 'dir', 'page', 'per_page'] as const;
type PagingKey = (typeof PAGING_KEYS)[number];

export type ReportQueryKey = ReportFilterKey | PagingKey;
export type ReportApiQuery = Partial<Record<ReportQueryKey, string>>;

/** The query the report's API call takes: the URL's values of the keys this report accepts. */
export function apiQueryOf(def: ReportDefinition, params: URLSearchParams): ReportApiQuery {
  const query: ReportApiQuery = {};
  for (const key of [...def.filters, ...PAGING_KEYS]) {
    const value = params.get(key);
    if (value !== null && value !== '') query[key] = value;
  }
  return query;
}

/** The same query for an export: the whole filtered, sorted report, so no page. */
export function exportQueryOf(query: ReportApiQuery): ReportApiQuery {
  const { page: _page, per_page: _perPage, ...rest } = query;
  return rest;
}

/** The URL after a filter changed: an empty value removes the key, and the list goes back to page 1. */
export function withFilter(params: URLSearchParams, key: ReportFilterKey, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(key);
  else next.set(key, value);
  next.delete('page');
  return next;
}

/**
 * The URL after a filter reset: every filter of the report gone and the sort back to the report's
 * default (a sort the server refuses, from an old bookmark, would otherwise keep the report from
 * loading); the page size kept unless `keepPageSize` is false (a report that failed to load, whose
 * page size from the address may be the one the server refuses).
 */
export function withoutFilters(params: URLSearchParams, def: ReportDefinition, keepPageSize = true): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of def.filters) next.delete(key);
  next.delete('sort');
  next.delete('dir');
  next.delete('page');
  if (!keepPageSize) next.delete('per_page');
  return next;
}

/** Whether the address holds a sort, a page or a page size of its own (any of which the server may refuse). */
export function hasPagingKeys(params: URLSearchParams): boolean {
  return PAGING_KEYS.some((key) => params.has(key));
}

export function withSort(params: URLSearchParams, sort: SortState): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('sort', sort.key);
  next.set('dir', sort.dir);
  next.delete('page');
  return next;
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return next;
}

/** The sort the URL asks for, when it names one (dir defaults to ascending, as on the server). */
export function sortOf(params: URLSearchParams): SortState | null {
  const key = params.get('sort');
  if (!key) return null;
  return { key, dir: params.get('dir') === 'desc' ? 'desc' : 'asc' };
}

/** Whether any of the report's filters is set (for the reset button and the empty state's words). */
export function hasFilters(def: ReportDefinition, params: URLSearchParams): boolean {
  return def.filters.some((key) => (params.get(key) ?? '') !== '');
}

/** A plural noun inside a sentence: lower case, but P&P keeps its capitals ('No P&Ps match', never 'No p&ps'). */
export function nounInSentence(noun: string): string {
  return noun.toLowerCase().replace(/p&p/g, 'P&P');
}

/** The count as the screen writes it: '1,234', or '10,000+' when the server stopped counting (capped). */
export function countLabel(total: number, capped: boolean): string {
  return countText(total, capped);
}
