/** Pagination arithmetic of spec §2 and §9: 'Showing {lower} - {upper} of {total}', at most 3 page links. */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_LINKS, PAGER_COUNT_PAGES } from './limits';

export interface PageRequest {
  readonly total: number;
  readonly page?: number;
  readonly pageSize?: number;
  readonly maxLinks?: number;
}

export interface PageWindow {
  /** The page actually shown: the request clamped to 1..pageCount. */
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
  /** 1-based index of the first item shown; 0 when there is nothing to show. */
  readonly lower: number;
  /** 1-based index of the last item shown; 0 when there is nothing to show. */
  readonly upper: number;
  readonly total: number;
  /** The page numbers to link, at most `maxLinks`, kept around the current page. */
  readonly links: readonly number[];
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
  /** Offset of the first item, for slicing a list or asking the server. */
  readonly offset: number;
}

const wholeAtLeast = (value: number | undefined, fallback: number, min: number): number =>
  value !== undefined && Number.isFinite(value) ? Math.max(min, Math.floor(value)) : fallback;

export function paginate(request: PageRequest): PageWindow {
  const total = wholeAtLeast(request.total, 0, 0);
  const pageSize = wholeAtLeast(request.pageSize, DEFAULT_PAGE_SIZE, 1);
  const maxLinks = wholeAtLeast(request.maxLinks, MAX_PAGE_LINKS, 1);
  const pageCount = Math.ceil(total / pageSize);
  const page = Math.min(wholeAtLeast(request.page, DEFAULT_PAGE, 1), Math.max(pageCount, 1));
  const offset = (page - 1) * pageSize;
  const lower = total === 0 ? 0 : offset + 1;
  const upper = Math.min(offset + pageSize, total);

  // Keep the current page in the middle of the window where the ends allow it.
  const linkCount = Math.min(maxLinks, pageCount);
  let first = Math.max(1, page - Math.floor(linkCount / 2));
  first = Math.min(first, Math.max(1, pageCount - linkCount + 1));
  const links = Array.from({ length: linkCount }, (_, index) => first + index);

  return {
    page,
    pageSize,
    pageCount,
    lower,
    upper,
    total,
    links,
    hasPrevious: page > 1,
    hasNext: page < pageCount,
    offset,
  };
}

/** The items of one page of an in-memory list. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number = DEFAULT_PAGE_SIZE): T[] {
  const window = paginate({ total: items.length, page, pageSize });
  return items.slice(window.offset, window.offset + window.pageSize);
}

/**
 * How far a page's matches are counted: PAGER_COUNT_PAGES pages past its first row, never past
 * `ceiling` (the list's own count limit).
 */
export const pagerCountReach = (page: { offset: number; limit: number }, ceiling: number): number =>
  Math.min(ceiling, page.offset + PAGER_COUNT_PAGES * page.limit);
