/**
 * The notice that the server no longer knows this session, raised by a request the user did not
 * make (a poll in the background). Such a request must not take the user away from the screen,
 * where unsaved work may be; the notice says so instead, and the user's own next action (or its
 * Sign in button) goes to the sign-in page. Any change of session makes the notice obsolete.
 */
import { sessionStore } from './session-store';
import { createStore, useStore } from './store';

const noticeStore = createStore<boolean>(false);

sessionStore.subscribe(() => noticeStore.set(false));

export function showSignedOutNotice(): void {
  noticeStore.set(true);
}

export function hideSignedOutNotice(): void {
  noticeStore.set(false);
}

export function useSignedOutNotice(): boolean {
  return useStore(noticeStore);
}
