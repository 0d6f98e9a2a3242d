import type { RouteObject } from 'react-router';
import { appRoutes } from './app-routes';
import { Redirecting } from './route-helpers';

const join = (base: string, path: string | undefined): string => {
  if (path === undefined || path === '') return base;
  return `${base.replace(/\/$/, '')}/${path}`;
};

/**
 * Every path pattern that draws a screen of its own, e.g. '/orgs/:orgId/users/:userId/groups': the
 * leaves of the route table and the index screens of its groups, without the routes that only
 * redirect (a sectioned screen's bare path, the catch-all). The browser tests walk these, so a new
 * screen is checked without anyone listing it (e2e/shell/every-screen-accessibility.spec.ts).
 */
export function screenPaths(routes: readonly RouteObject[] = appRoutes, base = '/'): string[] {
  return routes.flatMap((route) => {
    const path = join(base, route.path);
    if (route.children?.length) return screenPaths(route.children, path);
    return route.Component === Redirecting ? [] : [path];
  });
}
