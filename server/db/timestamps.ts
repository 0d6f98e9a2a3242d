/**
 * A timestamptz as a statement built from raw SQL hands it over (PostgreSQL's text, '2026-11-28
 * 23:53:54.756123+00', its JSON's '2026-11-28T23:53:54.756123+00:00', or a Date from PGlite and drizzle's mapped columns), written as
 * `Date#toISOString` writes it ('2026-11-28T23:53:54.756Z'), the form every reply uses.
 *
 * `new Date(text)` reads PostgreSQL's form through V8's slow, lenient parser: 0.7 us a value, which
 * was an eighth of the user groups list's server CPU (its 80 dates). The common case, a UTC
 * session's output, is rewritten directly (0.13 us); anything else (another offset, a year past
 * 9999 or before Christ, a Date) goes through Date as before, so the result is the same either way
 * (timestamps.test.ts compares the two).
 */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00(?::00)?$/;

export function isoOfTimestamp(value: Date | string): string {
  if (typeof value === 'string') {
    const parts = UTC_TEXT.exec(value);
    // Milliseconds are the fraction's first three digits: Date keeps no more, and truncates.
    if (parts) return `${parts[1]}T${parts[2]}.${(parts[3] ?? '').slice(0, 3).padEnd(3, '0')}Z`;
  }
  return new Date(value).toISOString();
}

export const isoOfTimestampOrNull = (value: Date | string | null): string | null =>
  value === null ? null : isoOfTimestamp(value);
