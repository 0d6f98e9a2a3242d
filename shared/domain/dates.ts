/**
 * Date rules of spec §5 and the date toolkit constants of §9.
 * A calendar date is handled as plain parts (no Date object) so that no time zone can shift it.
 */

export interface CalendarDate {
  readonly year: number;
  /** 1 = January .. 12 = December. */
  readonly month: number;
  readonly day: number;
}

/** What the text parser returns: year, month and day as far as the text gave them. */
export interface ParsedDateParts {
  readonly year: number;
  readonly month: number | null;
  readonly day: number | null;
}

export const DAYS_PER_WEEK = 7;
export const WEEKS_PER_MONTH = 6;
export const MONTHS_PER_YEAR = 12;
/** Monday (spec §9); Sunday is 0. */
export const FIRST_DAY_OF_WEEK = 1;
/** Years either side of the shown year in the year list without min/max (spec §9). */
export const YEAR_LIST_SPAN = 10;
/** Years either side of the shown year the list may reach when min/max bound it (spec §9). */
export const YEAR_LIST_MAX_SPAN = 500;
/** The calendar's supported range, "roughly 1882 to 2174" (spec §9). */
export const SUPPORTED_MIN_DATE: CalendarDate = { year: 1882, month: 11, day: 12 };
export const SUPPORTED_MAX_DATE: CalendarDate = { year: 2174, month: 11, day: 25 };

const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Spec §5: whole numbers, a year that is not 0, and a real calendar date. */
export function isValidDate(year: unknown, month: unknown, day: unknown): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  const y = year as number;
  const m = month as number;
  const d = day as number;
  if (y === 0 || m < 1 || m > MONTHS_PER_YEAR || d < 1) return false;
  return d <= daysInMonth(y, m);
}

/**
 * Spec §5: text is year-month-day joined by dashes, with 1 to 3 numeric parts.
 * Returns null for anything else; a result with a missing month or day is parsed but not yet a date.
 */
export function parseDate(text: string | null | undefined): ParsedDateParts | null {
  if (text == null) return null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parts = trimmed.split('-');
  if (parts.length < 1 || parts.length > 3) return null;
  if (!parts.every((part) => /^\d+$/.test(part.trim()))) return null;
  const [year, month, day] = parts.map((part) => Number.parseInt(part.trim(), 10));
  return { year: year ?? 0, month: month ?? null, day: day ?? null };
}

export function toCalendarDate(parts: ParsedDateParts | null): CalendarDate | null {
  if (!parts || parts.month === null || parts.day === null) return null;
  if (!isValidDate(parts.year, parts.month, parts.day)) return null;
  return { year: parts.year, month: parts.month, day: parts.day };
}

/** Negative when a is before b, 0 when equal, positive when after. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** ISO form 'yyyy-mm-dd' (what the text input accepts back). */
export function formatIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Spec §5: raises "'maxDate' {max} should be greater than 'minDate' {min}" when max is before min. */
export function checkMinMax(minDate: CalendarDate | null, maxDate: CalendarDate | null): void {
  if (minDate && maxDate && compareDates(maxDate, minDate) < 0) {
    throw new Error(`'maxDate' ${formatIsoDate(maxDate)} should be greater than 'minDate' ${formatIsoDate(minDate)}`);
  }
}

export interface DateConstraints {
  readonly minDate?: CalendarDate | null;
  readonly maxDate?: CalendarDate | null;
  /** Marks single dates as not selectable (e.g. weekends); the spec calls it "disabled". */
  readonly isDisabled?: (date: CalendarDate) => boolean;
}

/** Spec §5: selectable unless disabled, before the minimum or after the maximum. */
export function isSelectable(date: CalendarDate, constraints: DateConstraints = {}): boolean {
  if (constraints.minDate && compareDates(date, constraints.minDate) < 0) return false;
  if (constraints.maxDate && compareDates(date, constraints.maxDate) > 0) return false;
  return !constraints.isDisabled?.(date);
}

export type DateTextProblem = 'invalid' | 'before-min' | 'after-max' | 'disabled';

export type DateTextResult =
  { readonly ok: true; readonly date: CalendarDate | null } | { readonly ok: false; readonly problem: DateTextProblem };

/**
 * Spec §5: typed text must parse and lie within the minimum and maximum.
 * Empty text is valid (no date); a "required" check is the form's business.
 */
export function validateDateText(text: string | null | undefined, constraints: DateConstraints = {}): DateTextResult {
  if (text == null || text.trim() === '') return { ok: true, date: null };
  const date = toCalendarDate(parseDate(text));
  if (!date) return { ok: false, problem: 'invalid' };
  if (constraints.minDate && compareDates(date, constraints.minDate) < 0) return { ok: false, problem: 'before-min' };
  if (constraints.maxDate && compareDates(date, constraints.maxDate) > 0) return { ok: false, problem: 'after-max' };
  if (constraints.isDisabled?.(date)) return { ok: false, problem: 'disabled' };
  return { ok: true, date };
}

/**
 * Spec §9: the year list spans 10 years either side of the shown year; with a min or max set it
 * reaches to that bound instead, but never more than 500 years from the shown year.
 */
export function yearList(shownYear: number, minDate?: CalendarDate | null, maxDate?: CalendarDate | null): number[] {
  const start = minDate ? Math.max(minDate.year, shownYear - YEAR_LIST_MAX_SPAN) : shownYear - YEAR_LIST_SPAN;
  const end = maxDate ? Math.min(maxDate.year, shownYear + YEAR_LIST_MAX_SPAN) : shownYear + YEAR_LIST_SPAN;
  const years: number[] = [];
  for (let year = start; year <= end; year += 1) years.push(year);
  return years;
}

/** Reads an instant (ISO text, epoch ms or Date) or a plain 'yyyy-mm-dd' as its UTC calendar date. */
export function toUtcCalendarDate(value: string | number | Date | null | undefined): CalendarDate | null {
  if (value == null || value === '') return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return toCalendarDate(parseDate(value));
  const instant = value instanceof Date ? value : new Date(value);
  const time = instant.getTime();
  if (Number.isNaN(time)) return null;
  return { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() };
}

/** Spec §9: dates are displayed as 'MMM dd, yyyy' in the application time zone, UTC. '' when unknown. */
export function formatDisplayDate(value: string | number | Date | null | undefined): string {
  const date = toUtcCalendarDate(value);
  if (!date) return '';
  return `${MONTH_ABBREVIATIONS[date.month - 1]} ${pad(date.day, 2)}, ${pad(date.year, 4)}`;
}

/** Spec §9: the date sort format M/d/yy, in UTC. */
export function formatSortDate(value: string | number | Date | null | undefined): string {
  const date = toUtcCalendarDate(value);
  if (!date) return '';
  return `${date.month}/${date.day}/${pad(date.year % 100, 2)}`;
}

/** Spec §9: system-message times as month-abbreviation day, year hour:minute AM/PM (en-US), in UTC. */
export function formatMessageDateTime(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const hours = instant.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const suffix = hours < 12 ? 'AM' : 'PM';
  const month = MONTH_ABBREVIATIONS[instant.getUTCMonth()];
  return `${month} ${instant.getUTCDate()}, ${instant.getUTCFullYear()} ${hour12}:${pad(instant.getUTCMinutes(), 2)} ${suffix}`;
}
