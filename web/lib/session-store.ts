import type { Session } from '../../shared/api/sessions';
import { local, StorageKeys } from './browser-storage';
import { forgetSearches } from './route-history';
import { looksLikeSession, sessionFlags, type SessionFlags } from './session-flags';
import { createStore, useStore } from './store';

interface SessionState {
  readonly session: Session | null;
  /** True once the server has confirmed or refused the stored session in this page load. */
  readonly checked: boolean;
}

function readStoredSession(): Session | null {
  const raw = local.get(StorageKeys.session);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return looksLikeSession(parsed) && parsed.valid ? parsed : null;
  } catch {
    return null;
  }
}

export const sessionStore = createStore<SessionState>({ session: readStoredSession(), checked: false });

let generation = 0;
const identity = (s: Session | null): string =>
  s?.valid ? `${s.isHstmUser ? 'staff' : 'org'}:${s.user?.id ?? ''}:${s.sudo ? 'sudo' : ''}` : '';

/** Bumped by every sign-in or sign-out, so a slow check started before one cannot undo it. */
export function sessionGeneration(): number {
  return generation;
}

export function getSession(): Session | null {
  return sessionStore.get().session;
}

/** Stores a session (or null when signed out) and remembers its org id. */
export function setSession(session: Session | null): void {
  const before = identity(sessionStore.get().session);
  if (before !== identity(session)) {
    generation += 1;
    // Signed out or someone else: the lists the last person left are not theirs to return to.
    if (before !== '') forgetSearches();
  }
  const valid = session?.valid ? session : null;
  if (valid) {
    local.set(StorageKeys.session, JSON.stringify(valid));
    if (valid.org) local.set(StorageKeys.orgId, String(valid.org.id));
  } else {
    local.remove(StorageKeys.session);
  }
  sessionStore.set({ session: valid, checked: true });
}

export function clearSession(): void {
  setSession(null);
}

export function rememberedOrgId(): string | null {
  return local.get(StorageKeys.orgId);
}

export function useSession(): Session | null {
  return useStore(sessionStore, (state) => state.session);
}

export function useSessionChecked(): boolean {
  return useStore(sessionStore, (state) => state.checked);
}

export function useSessionFlags(): SessionFlags {
  const session = useSession();
  return sessionFlags(session);
}

/** Other tabs signing in or out change the stored session: follow them. */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent): void => {
    if (event.key !== StorageKeys.session) return;
    sessionStore.set((state) => ({ ...state, session: readStoredSession() }));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
