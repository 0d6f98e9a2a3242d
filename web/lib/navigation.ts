/**
 * Navigation for code outside components (the HTTP error handler, sign-out, inactivity).
 * The app registers the router's navigate at start, which keeps lib and features free of app imports.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => Promise<void>;

let navigateImpl: Navigate = (to) => {
  window.location.assign(to);
  return Promise.resolve();
};
let currentPathImpl: () => string = () => window.location.pathname;

export function registerNavigator(navigate: Navigate, currentPath: () => string): void {
  navigateImpl = navigate;
  currentPathImpl = currentPath;
}

export function navigateTo(to: string, options?: { replace?: boolean }): Promise<void> {
  return navigateImpl(to, options);
}

export function currentPath(): string {
  return currentPathImpl();
}

/** Spec §2: the login screen is recognised when the last URL segment starts with 'login'. */
export function isLoginScreen(pathname: string): boolean {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  return (segments.at(-1) ?? '').startsWith('login');
}

/** Routes anyone may open without a session. */
export function isPublicPath(pathname: string): boolean {
  return (
    pathname === '/login' ||
    pathname.startsWith('/t/') ||
    pathname.startsWith('/error/') ||
    pathname.startsWith('/set_password/') ||
    pathname.startsWith('/staff_set_password/') ||
    pathname.startsWith('/hstm/login_as/')
  );
}
