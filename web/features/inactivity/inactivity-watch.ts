/**
 * Inactivity logout of spec §4: activity events refresh a last-activity time kept in local storage
 * (so all tabs share it); a check every 15 s signs the user out past the session's timeout.
 */
import { INACTIVITY_CHECK_MS } from '../../../shared/domain/limits';
import { readLastActivity, recordActivity } from '../../lib/activity';
import { getSession } from '../../lib/session-store';
import { isIdleTooLong } from './idle';

const ACTIVITY_EVENTS = ['click', 'mouseover', 'mouseout', 'keydown', 'keyup', 'keypress'] as const;
/** Writing storage on every mouse move is wasteful; once a second is precise enough for minutes. */
const WRITE_EVERY_MS = 1000;

/** Starts watching; `onIdle` signs the user out. Returns the function that stops watching. */
export function startInactivityWatch(onIdle: () => void): () => void {
  let lastWrite = 0;
  const onActivity = (): void => {
    const now = Date.now();
    if (now - lastWrite < WRITE_EVERY_MS) return;
    lastWrite = now;
    recordActivity(now);
  };
  for (const type of ACTIVITY_EVENTS) document.addEventListener(type, onActivity, { capture: true, passive: true });
  // Opening the app counts as activity when nothing was recorded yet (e.g. a first visit).
  if (readLastActivity() === null) recordActivity();

  const check = (): void => {
    const session = getSession();
    if (!session?.valid) return;
    const last = readLastActivity();
    if (last === null) {
      recordActivity();
      return;
    }
    if (isIdleTooLong(Date.now(), last, session.token_timeout)) onIdle();
  };
  const timer = window.setInterval(check, INACTIVITY_CHECK_MS);
  return () => {
    window.clearInterval(timer);
    for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, onActivity, { capture: true });
  };
}
