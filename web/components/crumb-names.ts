import { useEffect, useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';
import { isRouteHandle } from './route-handle';

/**
 * Names for breadcrumbs whose route only knows an id ('P&P 12'): the screen that loaded the record
 * says its name, and the trail shows it instead. Keyed by the matched path, so a name never
 * follows the user to another record.
 */
const names = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;

const emit = (): void => {
  version += 1;
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The name given to the crumb of this matched path, if any. */
export function useCrumbNames(): (pathname: string) => string | undefined {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return (pathname) => names.get(pathname);
}

/**
 * Names the deepest breadcrumb that is built from route parameters (a crumb function), e.g. the
 * P&P of the reading view or the document of the P&P document screens. `name` undefined while loading.
 */
export function useCrumbName(name: string | undefined): void {
  const matches = useMatches();
  const target = [...matches].reverse().find((m) => isRouteHandle(m.handle) && typeof m.handle.crumb === 'function');
  const pathname = target?.pathname;
  useEffect(() => {
    if (!pathname || !name) return undefined;
    names.set(pathname, name);
    emit();
    return () => {
      if (names.get(pathname) === name) names.delete(pathname);
      emit();
    };
  }, [pathname, name]);
}
