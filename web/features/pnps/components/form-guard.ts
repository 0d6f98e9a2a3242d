import { useRef } from 'react';

/**
 * A form with an invalid field does not submit. Every field of these forms marks itself
 * `aria-invalid` while it shows an error (Mantine inputs, the date input's own parse errors
 * included), so the form asks its own fields before sending anything and takes the user to the first
 * one that is wrong.
 */
export function firstInvalidField(root: HTMLElement | null): HTMLElement | null {
  return root?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null;
}

export function useFormGuard<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  /** True (and the first invalid field focused) when the form must not submit. */
  const blocked = (): boolean => {
    const field = firstInvalidField(ref.current);
    if (!field) return false;
    field.focus();
    return true;
  };
  return { ref, blocked };
}
