/**
 * Dates of a version (product rules 'Review cycle and reminders'): effective, next review and
 * reminder dates, checked with the date rules of spec §5 (a real calendar date, parsed from
 * year-month-day text, within a minimum and a maximum). Shared so the form says what the server says.
 */
import type { REMINDER_DAYS_BEFORE, REVIEW_CYCLE_YEARS } from './limits';
import {
  SUPPORTED_MAX_DATE,
  SUPPORTED_MIN_DATE,
  compareDates,
  daysInMonth,
  formatDisplayDate,
  formatIsoDate,
  parseDate,
  toCalendarDate,
  validateDateText,
  type CalendarDate,
} from './dates';

export type ReviewCycleYears = (typeof REVIEW_CYCLE_YEARS)[number];
export type ReminderDays = (typeof REMINDER_DAYS_BEFORE)[number];

export const DATE_FIELD_LABELS = {
  effective_dt: 'Effective Date',
  origination_dt: 'Origination Date',
  review_dt: 'Review Date',
  reminder_dt: 'Reminder Date',
} as const;
export type DateField = keyof typeof DATE_FIELD_LABELS;

/** The same calendar day `years` later; 29 February becomes 28 February in a common year. */
export function addYears(date: CalendarDate, years: number): CalendarDate {
  const year = date.year + years;
  return { year, month: date.month, day: Math.min(date.day, daysInMonth(year, date.month)) };
}

/** `days` later (negative: earlier), counted on the UTC calendar. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const instant = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * 86_400_000);
  return { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() };
}

export const isoToCalendar = (text: string | null | undefined): CalendarDate | null =>
  toCalendarDate(parseDate(text ?? null));

/** Next review = effective + cycle; reminder = that many days before the review (product rules). */
export function reviewDatesFor(
  effectiveDt: string,
  cycleYears: ReviewCycleYears,
  reminderDays: ReminderDays,
): { review_dt: string; reminder_dt: string } | null {
  const effective = isoToCalendar(effectiveDt);
  if (!effective) return null;
  const review = addYears(effective, cycleYears);
  return { review_dt: formatIsoDate(review), reminder_dt: formatIsoDate(addDays(review, -reminderDays)) };
}

interface FieldRule {
  readonly required?: boolean;
  readonly min?: CalendarDate | null;
  readonly max?: CalendarDate | null;
  /** How the bound is described when broken, e.g. 'the Effective Date'. */
  readonly minLabel?: string;
  readonly maxLabel?: string;
}

/** One date field against spec §5; null when it is fine. */
export function dateFieldError(field: DateField, text: string | null | undefined, rule: FieldRule = {}): string | null {
  const label = DATE_FIELD_LABELS[field];
  if (text == null || text.trim() === '') return rule.required ? `${label} is required.` : null;
  const min = rule.min ?? SUPPORTED_MIN_DATE;
  const max = rule.max ?? SUPPORTED_MAX_DATE;
  const result = validateDateText(text, { minDate: min, maxDate: max });
  if (result.ok) return null;
  if (result.problem === 'invalid') return `${label} must be a real calendar date written as yyyy-mm-dd.`;
  if (result.problem === 'before-min')
    return `${label} must be on or after ${rule.minLabel ?? formatDisplayDate(formatIsoDate(min))}.`;
  return `${label} must be on or before ${rule.maxLabel ?? formatDisplayDate(formatIsoDate(max))}.`;
}

/**
 * A version's effective date (spec §5), never before its P&P's origination date when that is known:
 * a version cannot take effect before the P&P it belongs to began.
 */
export function effectiveDateError(
  text: string | null | undefined,
  originationDt: string | null | undefined,
  rule: Pick<FieldRule, 'required'> = {},
): string | null {
  const origination = isoToCalendar(originationDt);
  return dateFieldError('effective_dt', text, {
    ...rule,
    ...(origination ? { min: origination, minLabel: 'the Origination Date' } : {}),
  });
}

export interface VersionDates {
  /** The version's origination date, the earliest its effective date may be. */
  readonly origination_dt?: string | null;
  readonly effective_dt: string | null | undefined;
  readonly review_dt: string | null | undefined;
  readonly reminder_dt: string | null | undefined;
}

/**
 * The dates an Active version carries: all three required; the effective date on or after the
 * origination date (when known); the review after the effective date;
 * the reminder on or after the effective date and on or before the review (product rules).
 */
export function versionDateErrors(dates: VersionDates): string[] {
  const errors: string[] = [];
  const effectiveError = effectiveDateError(dates.effective_dt, dates.origination_dt, { required: true });
  if (effectiveError) errors.push(effectiveError);
  const effective = effectiveError ? null : isoToCalendar(dates.effective_dt);
  const reviewError = dateFieldError('review_dt', dates.review_dt, {
    required: true,
    ...(effective ? { min: addDays(effective, 1), minLabel: 'the day after the Effective Date' } : {}),
  });
  if (reviewError) errors.push(reviewError);
  const review = reviewError ? null : isoToCalendar(dates.review_dt);
  const reminderError = dateFieldError('reminder_dt', dates.reminder_dt, {
    required: true,
    ...(effective ? { min: effective, minLabel: 'the Effective Date' } : {}),
    ...(review ? { max: review, maxLabel: 'the Review Date' } : {}),
  });
  if (reminderError) errors.push(reminderError);
  return errors;
}

/** True when `iso` is after `today` (both 'yyyy-mm-dd'): a scheduled publication. */
export function isFutureDate(iso: string | null | undefined, today: string): boolean {
  const date = isoToCalendar(iso);
  const now = isoToCalendar(today);
  return !!date && !!now && compareDates(date, now) > 0;
}
