import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { GlobalLoadingBar } from '../components/loading-indicator';
import { ToastHost } from '../components/alert-views';
import { RouteAnnouncer } from '../components/route-announcer';
import { signOut } from '../features/auth/sign-out';
import { startInactivityWatch } from '../features/inactivity/inactivity-watch';
import { startSystemMessagePolling } from '../features/system-messages/system-message-store';
import { currentPath, isPublicPath, navigateTo } from '../lib/navigation';
import { currentLocationPath, rememberReturnPath } from '../lib/return-path';
import { recordSearch } from '../lib/route-history';
import { followOtherTabs, useSession, useSessionChecked } from '../lib/session-store';
import { onNavigationCompleted } from './navigation-effects';

/**
 * A session that ends while a protected screen is open (another tab signed out, the server ended
 * it) sends the user to sign in. The router's own location is read, not the rendered one: during a
 * sign-out navigation the old screen may still be on display although the router has moved on.
 * Signing in again returns to the screen that was open.
 */
function useSessionLossRedirect(): void {
  const session = useSession();
  const checked = useSessionChecked();
  useEffect(() => {
    if (checked && !session?.valid && !isPublicPath(currentPath())) {
      rememberReturnPath(currentLocationPath());
      void navigateTo('/login', { replace: true });
    }
  }, [checked, session]);
}

/** The root of every route: app-wide behaviours of spec §4 and the toasts. */
export function RootLayout() {
  useSessionLossRedirect();
  const location = useLocation();
  const initial = useRef(true);

  useEffect(() => {
    onNavigationCompleted(location.pathname, initial.current);
    initial.current = false;
    // location.key changes on every completed navigation, including to the same path.
  }, [location.key, location.pathname]);

  useEffect(() => {
    recordSearch(location.pathname, location.search);
  }, [location.pathname, location.search]);

  useEffect(() => {
    const stops = [
      startInactivityWatch(() => void signOut({ reason: 'inactivity' })),
      startSystemMessagePolling(),
      followOtherTabs(),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);

  return (
    <>
      <GlobalLoadingBar />
      <a href="#main-content" className="tenet-skip-link">
        Skip to content
      </a>
      <Outlet />
      <RouteAnnouncer />
      <ToastHost />
    </>
  );
}
