import { VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';

/** What every screen's title ends with (components/page.tsx): not said aloud. */
const TITLE_SUFFIX = ' · Tenet';

/**
 * Says the new screen's title to a screen reader after each navigation. A page that changes without
 * a load is otherwise silent: the reader stays where the click was and is not told the page changed.
 * Every screen names itself in the document title (components/page.tsx, the sign-in and error
 * pages), so a change of the title is a new screen; the first title of a load is not said, since the
 * browser announces a loaded page itself.
 */
export function RouteAnnouncer() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let last = document.title;
    const observer = new MutationObserver(() => {
      if (document.title === last) return;
      last = document.title;
      setMessage(last.endsWith(TITLE_SUFFIX) ? last.slice(0, -TITLE_SUFFIX.length) : last);
    });
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </VisuallyHidden>
  );
}
