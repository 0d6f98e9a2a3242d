import type { MouseEvent } from 'react';
import { Messages } from '../../shared/domain/messages';
import { toasts } from './alerts';
import { ApiError, apiRequest } from './api-client';

/** A plain left click: a click meant for a new tab, a new window or "save as" is left to the browser. */
const isPlainClick = (event: MouseEvent): boolean =>
  event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;

/**
 * A download link's click: the page asks the file's address first (HEAD: the headers alone, never the
 * file) and the browser downloads only when the answer is yes. Followed blindly, a link whose file
 * was removed, or whose session had ended, downloaded the error's JSON as the file (or showed it in
 * place of the application); now the failure is told as any other request's is (spec §8: sign-in
 * for 401 and 403, the error page for 404, a message for 500).
 */
export function onDownloadClick(event: MouseEvent<HTMLAnchorElement>): void {
  if (!isPlainClick(event)) return;
  const link = event.currentTarget;
  const href = link.getAttribute('href');
  if (!href) return;
  event.preventDefault();
  void downloadChecked(href, link.getAttribute('download'));
}

/** Asks first, then downloads through a link of its own (keeping the link's file name, if it has one). */
export async function downloadChecked(href: string, fileName: string | null): Promise<void> {
  try {
    await apiRequest<unknown>('HEAD', href);
  } catch (error) {
    // The global handler has told the user of a refusal; a lost connection is told here.
    if (!(error instanceof ApiError && error.handled)) toasts.danger(Messages.unexpectedError);
    return;
  }
  const anchor = document.createElement('a');
  anchor.href = href;
  if (fileName !== null) anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
