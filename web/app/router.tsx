import { createBrowserRouter, type RouteObject } from 'react-router';
import { BootScreen } from './boot-screen';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { appRoutes } from './route-table/app-routes';

/** Every route of spec §2 (web/app/route-table/app-routes.ts) inside the root layout. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: BootScreen,
    children: appRoutes,
  },
];

export const router = createBrowserRouter(routes);
