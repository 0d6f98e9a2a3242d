/**
 * System-message polling of spec §4: live messages every 60 s, the displayed set refreshed every
 * second (cleared and rebuilt for the current screen), until stopped.
 */
import type { SystemMessage } from '../../../shared/api/system-messages';
import { SYSTEM_MESSAGE_POLL_MS, SYSTEM_MESSAGE_REFRESH_MS } from '../../../shared/domain/limits';
import { perTab, StorageKeys } from '../../lib/browser-storage';
import { currentPath, isLoginScreen } from '../../lib/navigation';
import { getSession, sessionStore } from '../../lib/session-store';
import { sessionFlags } from '../../lib/session-flags';
import { createStore, useStore } from '../../lib/store';
import { fetchLiveSystemMessages } from './api/live-system-messages';
import { sameMessages, selectDisplayed } from './select-displayed';

interface SystemMessageState {
  readonly live: readonly SystemMessage[];
  readonly displayed: readonly SystemMessage[];
}

const store = createStore<SystemMessageState>({ live: [], displayed: [] });

function readDismissed(): Set<number> {
  try {
    const parsed: unknown = JSON.parse(perTab.get(StorageKeys.dismissedSystemMessages) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : []);
  } catch {
    return new Set();
  }
}

/** Rebuilds the displayed set for the screen we are on now. */
export function refreshDisplayed(): void {
  const flags = sessionFlags(getSession());
  const next = selectDisplayed(store.get().live, {
    loginScreen: isLoginScreen(currentPath()),
    signedIn: flags.signedIn,
    isStaff: flags.isHstmUser,
    now: Date.now(),
    dismissed: readDismissed(),
  });
  if (!sameMessages(next, store.get().displayed)) store.set((state) => ({ ...state, displayed: next }));
}

/** Spec §4 "Clearing refreshes the Login or Application set according to the current screen". */
export function clearSystemMessages(): void {
  store.set((state) => ({ ...state, displayed: [] }));
  refreshDisplayed();
}

export function dismissSystemMessage(id: number): void {
  const dismissed = readDismissed();
  dismissed.add(id);
  perTab.set(StorageKeys.dismissedSystemMessages, JSON.stringify([...dismissed]));
  refreshDisplayed();
}

async function poll(): Promise<void> {
  try {
    const { system_messages: live } = await fetchLiveSystemMessages(Date.now());
    store.set((state) => ({ ...state, live }));
    refreshDisplayed();
  } catch {
    // The global handler has spoken; the next poll tries again.
  }
}

/** Who is asking decides what the server calls live (signed out: Login messages only). */
const audience = (): string => {
  const flags = sessionFlags(getSession());
  return flags.signedIn ? (flags.isHstmUser ? 'staff' : 'user') : 'anonymous';
};

/** Starts polling; returns the function that stops it. */
export function startSystemMessagePolling(): () => void {
  void poll();
  // A sign-in or sign-out changes which messages are live for us: ask again at once.
  let lastAudience = audience();
  const unsubscribe = sessionStore.subscribe(() => {
    const now = audience();
    if (now === lastAudience) return;
    lastAudience = now;
    void poll();
  });
  const pollTimer = window.setInterval(() => void poll(), SYSTEM_MESSAGE_POLL_MS);
  const refreshTimer = window.setInterval(refreshDisplayed, SYSTEM_MESSAGE_REFRESH_MS);
  return () => {
    unsubscribe();
    window.clearInterval(pollTimer);
    window.clearInterval(refreshTimer);
  };
}

export function useDisplayedSystemMessages(): readonly SystemMessage[] {
  return useStore(store, (state) => state.displayed);
}
