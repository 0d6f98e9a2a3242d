import type { FormEvent } from 'react';

/**
 * A form with an invalid field does not submit (issue 10). Fields mark themselves invalid with
 * aria-invalid (Mantine inputs do when they show an error, the date input does for a date that is
 * not one): the form looks for one before it does anything, and takes the user to it.
 */
export function firstInvalidField(form: Element): HTMLElement | null {
  return form.querySelector<HTMLElement>('[aria-invalid="true"]');
}

/** Stops the submit event; true when a field is invalid (it now has the focus) and nothing may be sent. */
export function stopIfInvalid(event: FormEvent<Element>): boolean {
  event.preventDefault();
  const invalid = firstInvalidField(event.currentTarget);
  invalid?.focus();
  return invalid !== null;
}
