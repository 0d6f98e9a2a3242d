/** The global error handling of spec §8, installed into the HTTP client at start. */
import { Messages } from '../../shared/domain/messages';
import { alerts, toasts } from '../lib/alerts';
import { setGlobalErrorHandler, type FailedRequest } from '../lib/api-client';
import { currentPath, isLoginScreen, navigateTo } from '../lib/navigation';
import { currentLocationPath, rememberReturnPath } from '../lib/return-path';
import { clearSession } from '../lib/session-store';
import { hideSignedOutNotice, showSignedOutNotice } from '../lib/signed-out-notice';

export function handleFailedRequest(failure: FailedRequest): void {
  const { status, errors } = failure;
  if (status === 500) {
    toasts.danger(Messages.unexpectedError);
    return;
  }
  if (status === 422) {
    if (errors.length === 0) toasts.danger(Messages.unexpectedError);
    for (const error of errors) alerts.danger(error);
    return;
  }
  if (failure.background) {
    // A poll the user did not ask for must not take them away from their screen (and its unsaved
    // work): a lost session is announced in place, and the user's own next request signs them in.
    if (status === 401 && !isLoginScreen(currentPath())) showSignedOutNotice();
    return;
  }
  if (status === 401 || status === 403) {
    // A request still in flight when the user was signed out (a poll answering after an inactivity
    // sign-out) must not navigate again: that second navigation drops the sign-out's own message.
    if (isLoginScreen(currentPath())) {
      if (status === 401) clearSession();
      return;
    }
    alerts.danger(Messages.notAuthorizedHttp, { scope: 'next' });
    for (const error of errors) alerts.info(error, { scope: 'next' });
    hideSignedOutNotice();
    // Signing in again returns to this screen.
    if (status === 401) rememberReturnPath(currentLocationPath());
    // 401 means the server no longer knows this session; forget it once the login page shows.
    void navigateTo('/login').then(() => {
      if (status === 401) clearSession();
    });
    return;
  }
  void navigateTo(`/error/${status}`);
}

export function installHttpErrorHandling(): void {
  setGlobalErrorHandler(handleFailedRequest);
}
