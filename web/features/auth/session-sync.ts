/** Loading and re-checking the session with the server (spec §4 "Session and version checks run"). */
import { Messages } from '../../../shared/domain/messages';
import type { Session } from '../../../shared/api/sessions';
import { alerts } from '../../lib/alerts';
import { ApiError } from '../../lib/api-client';
import { clearSession, getSession, sessionGeneration, sessionStore, setSession } from '../../lib/session-store';
import { sessionApi } from './api/session-api';

let bootPromise: Promise<Session | null> | null = null;
/** Whether the page load's session check had the server's answer (it can also fail on the way). */
let bootAnswered = false;

/**
 * The first check of a page load. Spec §8 "Session load failure": go to login and show each
 * returned error as a danger message; the caller navigates when this resolves to null.
 */
export function bootSession(): Promise<Session | null> {
  bootPromise ??= sessionApi
    .load({ handleErrorsHere: true })
    .then((session) => {
      bootAnswered = true;
      setSession(session);
      return getSession();
    })
    .catch((error: unknown) => {
      const errors = error instanceof ApiError ? error.errors : [];
      for (const message of errors) alerts.danger(message, { scope: 'next' });
      clearSession();
      return null;
    });
  return bootPromise;
}

/**
 * Whether the server answered the page load's session check. A check that failed on the way (the
 * server out of reach, or the page left while it ran: typing another address aborts it) says
 * nothing of the session, so nothing is remembered of it.
 */
export function sessionCheckAnswered(): boolean {
  return bootAnswered;
}

/** Resolves once the page load's first session check is done: guards wait for it. */
export async function ensureSessionChecked(): Promise<Session | null> {
  if (sessionStore.get().checked) return getSession();
  return bootSession();
}

/**
 * A later check (on navigation): follows the server's view of the session. A session the server
 * ended while we thought it valid sends the user to sign in again with a message.
 */
export async function refreshSession(options: { onProtectedRoute: boolean }): Promise<Session | null> {
  const before = getSession();
  const startedAt = sessionGeneration();
  let fresh: Session;
  try {
    fresh = await sessionApi.load();
  } catch {
    // The global handler already spoke; keep what we have rather than sign out on a hiccup.
    return before;
  }
  // Someone signed in or out while we asked: their answer is newer than ours.
  if (sessionGeneration() !== startedAt) return getSession();
  if (!fresh.valid && before?.valid && options.onProtectedRoute) {
    alerts.info(Messages.sessionExpired, { scope: 'next' });
  }
  setSession(fresh);
  return getSession();
}
