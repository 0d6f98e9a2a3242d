import { useSyncExternalStore } from 'react';

/** A minimal observable value: the app's few global states need no state library. */
export interface Store<T> {
  readonly get: () => T;
  readonly set: (next: T | ((current: T) => T)) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next) => {
      const value = typeof next === 'function' ? (next as (current: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reads a store in a component; the selector must return a stable value (a primitive or a stored object). */
export function useStore<T, S = T>(store: Store<T>, selector: (state: T) => S = (state) => state as unknown as S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.get()),
    () => selector(store.get()),
  );
}
