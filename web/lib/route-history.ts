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
