import { useEffect, useRef, type RefObject } from 'react';

const EVENTS = ['dragstart', 'dragover', 'drop', 'keydown', 'keyup'] as const;

/**
 * Whether Ctrl (or ⌘ on a Mac) is held during a drag: the drop then copies instead of moving
 * (spec §2). Drag events carry the modifier keys; key events cover a press before the drag starts.
 * While the key is held the drop effect is 'copy', so the browser shows a copy cursor and (since a
 * held Ctrl asks it for a copy) still lets the drop through: the drag-and-drop backend would
 * otherwise answer 'move' and the browser would refuse the drop.
 */
export function useCopyModifier(): RefObject<boolean> {
  const copying = useRef(false);
  useEffect(() => {
    const track = (event: DragEvent | KeyboardEvent) => {
      copying.current = event.ctrlKey || event.metaKey;
    };
    // Runs after the backend's own dragover handler (registered earlier, on the same window).
    const preferCopy = (event: DragEvent) => {
      if (copying.current && event.dataTransfer && event.dataTransfer.dropEffect !== 'none')
        event.dataTransfer.dropEffect = 'copy';
    };
    for (const type of EVENTS) window.addEventListener(type, track as EventListener, { capture: true });
    window.addEventListener('dragover', preferCopy);
    window.addEventListener('dragenter', preferCopy);
    return () => {
      for (const type of EVENTS) window.removeEventListener(type, track as EventListener, { capture: true });
      window.removeEventListener('dragover', preferCopy);
      window.removeEventListener('dragenter', preferCopy);
    };
  }, []);
  return copying;
}
