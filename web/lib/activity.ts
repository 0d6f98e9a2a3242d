import { local, StorageKeys } from './browser-storage';

/** Spec §4: the last-activity time, in local storage so that every tab of the app shares it. */
export function recordActivity(now = Date.now()): void {
  local.set(StorageKeys.lastAction, String(now));
}

export function readLastActivity(): number | null {
  const value = Number(local.get(StorageKeys.lastAction));
  return Number.isFinite(value) && value > 0 ? value : null;
}
