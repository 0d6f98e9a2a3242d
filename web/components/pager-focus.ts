import { useEffect, useRef } from 'react';

/** Every PaginationFooter's pager, whatever its landmark is named. */
const PAGER = 'nav[data-pager]';

const nameOf = (element: Element): string => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';

/**
 * A list that shows 'Loading Records...' in place of its rows while another page comes (never the
 * previous page's rows, as if they were the new page's) takes its pager away meanwhile, and with it
 * the Next or page button that had the keyboard: the focus fell to the start of the document. Call
 * `remember` where the list is asked for another page; once the list shows a page other than
 * `page` was then and is no longer `loading`, the focus goes back to that button of the new pager
 * (its current page where that button is gone or disabled). Only when the focus was lost with the
 * old pager: it is never taken from wherever the user went meanwhile, nor moved when the page was
 * already at hand (the pager never went away).
 */
export function usePagerFocus(page: number, loading: boolean): { readonly remember: () => void } {
  const pressed = useRef<{ readonly name: string; readonly from: number } | null>(null);
  useEffect(() => {
    const asked = pressed.current;
    if (asked === null || page === asked.from || loading) return;
    pressed.current = null;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const buttons = [...document.querySelectorAll<HTMLButtonElement>(`${PAGER} button`)];
    const target =
      buttons.find((button) => nameOf(button) === asked.name && !button.disabled) ??
      buttons.find((button) => button.getAttribute('aria-current') === 'page');
    target?.focus();
  }, [page, loading]);
  return {
    remember: () => {
      const active = document.activeElement;
      pressed.current = active?.closest(PAGER) ? { name: nameOf(active), from: page } : null;
    },
  };
}
