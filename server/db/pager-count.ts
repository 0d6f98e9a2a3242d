import { pagerCountReach } from '../../shared/domain/pagination';

/** The rows of one page, as the pager asks for them. */
export interface PageSlice {
  readonly limit: number;
  readonly offset: number;
}

/** A list's count as it answers it: `total` up to the reach, `total_capped` when more matched. */
export interface CountedToReach {
  readonly total: number;
  readonly total_capped: boolean;
}

/**
 * How many match, counted no further than the pager reaches from the page shown (docs/adr/0023)
 * and saying when more did (docs/adr/0025). `countUpTo(n)` counts the matches, stopping at n, so
 * a list of millions reads one row past the reach, not all of them. A page neither full nor empty
 * is the last, so its total is known without counting. `ceiling` is the list's own count limit,
 * where it has one.
 */
export async function countToReach(
  page: PageSlice,
  shown: number,
  countUpTo: (limit: number) => Promise<number>,
  ceiling: number = Number.MAX_SAFE_INTEGER,
): Promise<CountedToReach> {
  if (shown > 0 && shown < page.limit) return { total: page.offset + shown, total_capped: false };
  const reach = pagerCountReach(page, ceiling);
  const counted = await countUpTo(reach + 1);
  return { total: Math.min(counted, reach), total_capped: counted > reach };
}
