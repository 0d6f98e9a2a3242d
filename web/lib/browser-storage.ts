/** Storage access that never throws: private modes and full quotas must not break the app. */
function safe<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.localStorage.removeItem(key), undefined),
};

export const perTab = {
  get: (key: string): string | null => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => window.sessionStorage.removeItem(key), undefined),
};

/** Keys the app keeps in browser storage. */
export const StorageKeys = {
  /** Spec §3: the session is kept under 'session'. */
  session: 'session',
  /** Spec §3: the organisation id is remembered (survives sign-out, used by the '' route). */
  orgId: 'orgId',
  /** Spec §4: the last-activity time of the inactivity logout (shared by all tabs). */
  lastAction: 'lastAction',
  /** Spec §4: set before a version reload, read once after it. */
  versionUpdated: 'version-updated',
  /** Server versions already handled in this browser session (prevents reload loops). */
  handledVersion: 'handled-version',
  dismissedSystemMessages: 'dismissed-system-messages',
} as const;
