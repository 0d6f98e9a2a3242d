import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** A route's component from a lazily loaded module's named export (routes are code-split). */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): NonNullable<RouteObject['lazy']> {
  return () => load().then((m) => ({ Component: m[name] }));
}
