import { useEffect, useState } from 'react';

/**
 * For a dialog its page mounts only while it is open: when it goes, the keyboard goes back to what
 * had it when the dialog came (the button that opened it), if that is still on the page. Mantine
 * hands focus back when a mounted dialog closes, but not when the dialog is removed with its page's
 * state, and the focus was then left on the page's body. The opener is read at the first render,
 * before any effect (the dialog's focus trap among them) can move the focus.
 */
export function useFocusBackOnUnmount(): void {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
        opener.focus({ preventScroll: true });
      }
    },
    [opener],
  );
}
