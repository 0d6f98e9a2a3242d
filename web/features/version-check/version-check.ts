import type { Session } from '../../../shared/api/sessions';
import { Messages } from '../../../shared/domain/messages';
import { alerts } from '../../lib/alerts';
import { fetchVersionFile } from '../../lib/api-client';
import { local, perTab, StorageKeys } from '../../lib/browser-storage';
import { decideVersionAction } from './version-decision';

export const BUILT_VERSION: string = __APP_VERSION__;
const PRODUCTION = import.meta.env.PROD;

/**
 * Spec §4: after a session check, compare the built version with the server's version file; in
 * production reload once per new server version, in development only say so.
 * `updateSession` is the "session update" made when the session's app_version is not ours.
 */
export async function runVersionCheck(
  session: Session | null,
  updateSession: () => Promise<Session | null>,
): Promise<void> {
  let current = session;
  if (current?.valid && current.app_version !== BUILT_VERSION) current = await updateSession();
  const serverVersion = await fetchVersionFile(PRODUCTION);
  const action = decideVersionAction({
    builtVersion: BUILT_VERSION,
    serverVersion,
    sessionValid: current?.valid === true,
    handledVersion: perTab.get(StorageKeys.handledVersion),
    production: PRODUCTION,
  });
  if (action === 'none') return;
  perTab.set(StorageKeys.handledVersion, serverVersion);
  if (action === 'dev-message') {
    alerts.info(Messages.devVersionChanged);
    return;
  }
  perTab.set(StorageKeys.versionUpdated, 'true');
  // Forget the stored activity time so that the reload is not mistaken for inactivity.
  local.remove(StorageKeys.lastAction);
  window.location.reload();
}

/** After a version reload: say so on the next route and drop the flag (spec §4). */
export function announceVersionUpdate(): void {
  if (perTab.get(StorageKeys.versionUpdated) !== 'true') return;
  perTab.remove(StorageKeys.versionUpdated);
  alerts.success(Messages.appUpdated, { scope: 'next' });
}
