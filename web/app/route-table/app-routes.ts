import { redirect, type RouteObject } from 'react-router';
import { orgUserGuard, rootRedirect } from '../guards';
import { PublicLayout } from '../layouts/public-layout';
import { LoginPage } from '../routes/login-page';
import { lazyPage } from './lazy-page';
import { orgRoutes } from './org-routes';
import { Redirecting } from './route-helpers';
import { staffRoutes } from './staff-routes';

/**
 * Every route of spec §2, below the root layout (web/app/router.tsx). The sign-in screen is in the
 * first bundle (it is most people's first screen); everything else loads by route.
 */
export const appRoutes: RouteObject[] = [
  { index: true, loader: rootRedirect, Component: Redirecting },
  {
    Component: PublicLayout,
    children: [
      { path: 'login', Component: LoginPage },
      { path: 't/:tenant', lazy: lazyPage(() => import('../routes/tenant-login-page'), 'TenantLoginPage') },
      {
        path: 'set_password/:token',
        lazy: lazyPage(() => import('../../features/users/pages/set-password-page'), 'SetPasswordPage'),
      },
      {
        path: 'staff_set_password/:token',
        lazy: lazyPage(() => import('../../features/hstm-users/staff-set-password-page'), 'StaffSetPasswordPage'),
      },
      { path: 'error/:error', lazy: lazyPage(() => import('../routes/error-page'), 'ErrorPage') },
      {
        path: 'hstm/login_as/:userId/:userName',
        lazy: lazyPage(() => import('../routes/login-as-page'), 'LoginAsPage'),
      },
    ],
  },
  orgRoutes,
  staffRoutes,
  {
    path: 'self',
    loader: orgUserGuard,
    handle: { crumb: 'Home' },
    lazy: lazyPage(() => import('../layouts/self-layout'), 'SelfLayout'),
    children: [
      { index: true, loader: () => redirect('/self/preferences'), Component: Redirecting },
      {
        path: 'preferences',
        handle: {
          crumb: 'Preferences',
          description: 'Your own settings: e-mail summary of notifications and other preferences.',
        },
        lazy: lazyPage(() => import('../../features/preferences/pages/preferences-page'), 'PreferencesPage'),
      },
    ],
  },
  // Spec §2: any other path goes to error/404.
  { path: '*', loader: () => redirect('/error/404'), Component: Redirecting },
];
