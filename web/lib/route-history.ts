/** Spec §3 application state: the previous routes, of which the last one is exposed. */
import { createStore, useStore } from './store';

/** Enough to go back a few steps; older entries are of no use to anyone. */
const KEEP = 25;

interface RouteHistory {
  readonly current: string | null;
  readonly previous: readonly string[];
}

const store = createStore<RouteHistory>({ current: null, previous: [] });

export function recordRoute(path: string): void {
  store.set((state) => {
    if (state.current === path) return state;
    const previous = state.current === null ? state.previous : [...state.previous, state.current].slice(-KEEP);
    return { current: path, previous };
  });
}

/** The route the user came from, or null on the first screen. */
export function previousRoute(): string | null {
  return store.get().previous.at(-1) ?? null;
}

export function usePreviousRoute(): string | null {
  return useStore(store, (state) => state.previous.at(-1) ?? null);
}

/**
 * The query each screen was last left with (its page, sort, view, filters), by path: a breadcrumb
 * back up to a list returns to the list as it was left, as the browser's Back does, rather than
 * to its first page and default view.
 */
const lastSearch = new Map<string, string>();
const keyOf = (pathname: string): string => pathname.replace(/(.)\/+$/, '$1');

export function recordSearch(pathname: string, search: string): void {
  if (search && search !== '?') lastSearch.set(keyOf(pathname), search);
  else lastSearch.delete(keyOf(pathname));
}

/** The path with the query it was last left with, if any. */
export function returnPath(pathname: string): string {
  return pathname + (lastSearch.get(keyOf(pathname)) ?? '');
}

/** Another person's (or no one's) session: the queries the last one left are not theirs to return to. */
export function forgetSearches(): void {
  lastSearch.clear();
}
