import type { FormEvent } from 'react';

/**
 * A form with an invalid field does not submit (issue 10). Fields mark themselves invalid with
 * aria-invalid (Mantine inputs do when they show an error). A field whose typed text never reached
 * the form's state at all (a date that is not one: the date input keeps the last good value) also
 * carries data-entry-invalid. The form looks for one before it does anything, and takes the user to it.
 */
const INVALID = '[aria-invalid="true"]';
const UNREADABLE = '[data-entry-invalid="true"]';

export function firstInvalidField(form: Element, selector: string = INVALID): HTMLElement | null {
  return form.querySelector<HTMLElement>(selector);
}

function stopAt(event: FormEvent<Element>, selector: string): boolean {
  event.preventDefault();
  const invalid = firstInvalidField(event.currentTarget, selector);
  invalid?.focus();
  return invalid !== null;
}

/** Stops the submit event; true when any field shows an error (it now has the focus): send nothing. */
export function stopIfInvalid(event: FormEvent<Element>): boolean {
  return stopAt(event, INVALID);
}

/**
 * Stops the submit event; true when a field holds text the form never received (e.g. 2026-02-30 in
 * a date field). For forms that check their own values on submit and show their own errors.
 */
export function stopIfUnreadable(event: FormEvent<Element>): boolean {
  return stopAt(event, UNREADABLE);
}
