/**
 * A screen's choices kept in the address's query (filters, period, page, tables shown). A change
 * starts from the address as it is when the user acts, not from the query of the last render: the
 * router draws a navigation in a React transition, so on a busy machine a second click can come
 * before the first one is drawn, and building on the drawn query would write the first choice away.
 * react-router's `setSearchParams(prev => ...)` does not help: its `prev` is that same drawn query.
 */
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** Changes the query in place, or returns the query to go to instead (both start from the address now). */
export type ParamsEdit = (next: URLSearchParams) => URLSearchParams | void;

export interface ParamsChangeOptions {
  /** A new history entry, so Back undoes the change; by default the change replaces the entry. */
  readonly push?: boolean;
}

export type ParamsChange = (edit: ParamsEdit, options?: ParamsChangeOptions) => void;

type Go = (to: string, options: { replace: boolean }) => unknown;

/**
 * The change function apart from React: `addressQuery` reads the query as the address holds it
 * at the moment of the change (the data router writes the address before the next user event,
 * while the screen may still be drawn from the previous one).
 */
export function paramsChanger(addressQuery: () => string, go: Go): ParamsChange {
  return (edit, options = {}) => {
    const next = new URLSearchParams(addressQuery());
    const edited = edit(next) ?? next;
    void go(`?${edited.toString()}`, { replace: options.push !== true });
  };
}

/** The query the screen is drawn from, and a change that never loses one made just before it. */
export function useUrlParams(): [URLSearchParams, ParamsChange] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const change = useMemo(() => paramsChanger(() => window.location.search, navigate), [navigate]);
  return [params, change];
}

/**
 * A list screen's filters written into the query: each value set, or removed when it is null or one
 * of `unset` (a filter at its default leaves no trace in the address); any change but of the page
 * itself goes back to the first page, since the old page may not exist under the new filters.
 */
export function setFilterValues(
  next: URLSearchParams,
  values: Readonly<Record<string, string | null>>,
  unset: readonly string[] = [''],
): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === null || unset.includes(value)) next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in values)) next.delete('page');
}
