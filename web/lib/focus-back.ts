import { useEffect } from 'react';

/**
 * For a dialog its page mounts only while it is open: when it goes, the keyboard goes back to what
 * had it when the dialog came (the button that opened it), if that is still on the page. Mantine
 * hands focus back when a mounted dialog closes, but not when the dialog is removed with its page's
 * state, and the focus was then left on the page's body.
 */
export function useFocusBackOnUnmount(): void {
  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
        opener.focus({ preventScroll: true });
      }
    };
  }, []);
}
