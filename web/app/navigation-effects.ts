/** What happens on each completed navigation (spec §4). */
import { modals } from '@mantine/modals';
import { ensureSessionChecked, refreshSession } from '../features/auth/session-sync';
import { clearSystemMessages } from '../features/system-messages/system-message-store';
import { runVersionCheck } from '../features/version-check/version-check';
import { moveAlertsToNewRoute } from '../lib/alerts';
import { filters } from '../lib/filter-params';
import { isPublicPath } from '../lib/navigation';
import { recordRoute } from '../lib/route-history';

export function onNavigationCompleted(pathname: string, initial: boolean): void {
  recordRoute(pathname);
  filters.reset();
  moveAlertsToNewRoute();
  clearSystemMessages();
  modals.closeAll();
  void checkSessionAndVersion(pathname, initial);
}

async function checkSessionAndVersion(pathname: string, initial: boolean): Promise<void> {
  const onProtectedRoute = !isPublicPath(pathname);
  // The page load already asked the server once; ask again on every later navigation.
  const session = initial ? await ensureSessionChecked() : await refreshSession({ onProtectedRoute });
  await runVersionCheck(session, () => refreshSession({ onProtectedRoute }));
}
