import { useEffect, useRef, type RefObject } from 'react';

/**
 * Whether Ctrl (or ⌘ on a Mac) is held during a drag: the drop then copies instead of moving
 * (spec §2). Drag events carry the modifier keys; key events cover a press before the drag starts.
 */
export function useCopyModifier(): RefObject<boolean> {
  const copying = useRef(false);
  useEffect(() => {
    const fromEvent = (event: DragEvent | KeyboardEvent) => {
      copying.current = event.ctrlKey || event.metaKey;
    };
    const options = { capture: true } as const;
    window.addEventListener('dragstart', fromEvent, options);
    window.addEventListener('dragover', fromEvent, options);
    window.addEventListener('drop', fromEvent, options);
    window.addEventListener('keydown', fromEvent, options);
    window.addEventListener('keyup', fromEvent, options);
    return () => {
      window.removeEventListener('dragstart', fromEvent, options);
      window.removeEventListener('dragover', fromEvent, options);
      window.removeEventListener('drop', fromEvent, options);
      window.removeEventListener('keydown', fromEvent, options);
      window.removeEventListener('keyup', fromEvent, options);
    };
  }, []);
  return copying;
}
