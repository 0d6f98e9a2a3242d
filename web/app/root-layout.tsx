import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { GlobalLoadingBar } from '../components/loading-indicator';
import { ToastHost } from '../components/alert-views';
import { signOut } from '../features/auth/sign-out';
import { startInactivityWatch } from '../features/inactivity/inactivity-watch';
import { startSystemMessagePolling } from '../features/system-messages/system-message-store';
import { followOtherTabs } from '../lib/session-store';
import { onNavigationCompleted } from './navigation-effects';

/** The root of every route: app-wide behaviours of spec §4 and the toasts. */
export function RootLayout() {
  const location = useLocation();
  const initial = useRef(true);

  useEffect(() => {
    onNavigationCompleted(location.pathname, initial.current);
    initial.current = false;
    // location.key changes on every completed navigation, including to the same path.
  }, [location.key, location.pathname]);

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
      <ToastHost />
    </>
  );
}
