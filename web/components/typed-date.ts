import { formatIsoDate, validateDateText, type CalendarDate, type DateConstraints } from '../../shared/domain/dates';

/** What the date field's text gives its form or filter: nothing yet, or a value ('yyyy-mm-dd', or null: cleared). */
export type TypedDateValue =
  | { readonly applies: false }
  | { readonly applies: true; readonly value: string | null; readonly date: CalendarDate | null };

/** The text written out in full, as the field's placeholder asks: 'yyyy-mm-dd'. */
const COMPLETE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The value the typed text gives the field. Emptied, it clears the field at once. A valid date
 * counts while the user is still typing only when it is written out in full: '2026-03-1' is a
 * real date on its way to '2026-03-15', and taking it would run a filter for the 1st or rewrite the
 * text under the cursor. Once the user is done with the field (Enter, leaving it) any valid date
 * the spec's parser reads counts, e.g. '2026-3-5'. Text that is not a valid date never counts (the
 * field shows why).
 */
export function typedDateValue(text: string, constraints: DateConstraints, typingDone: boolean): TypedDateValue {
  const result = validateDateText(text, constraints);
  if (!result.ok) return { applies: false };
  if (!result.date) return { applies: true, value: null, date: null };
  if (!typingDone && !COMPLETE_DATE.test(text.trim())) return { applies: false };
  return { applies: true, value: formatIsoDate(result.date), date: result.date };
}
