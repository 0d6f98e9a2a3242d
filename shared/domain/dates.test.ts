import { describe, expect, it } from 'vitest';
import {
  checkMinMax,
  formatDisplayDate,
  formatMessageDateTime,
  formatSortDate,
  isSelectable,
  isValidDate,
  parseDate,
  toCalendarDate,
  validateDateText,
  yearList,
} from './dates';

describe('isValidDate', () => {
  it('accepts real calendar dates, including leap days', () => {
    expect(isValidDate(2024, 2, 29)).toBe(true);
    expect(isValidDate(2000, 2, 29)).toBe(true);
    expect(isValidDate(2026, 12, 31)).toBe(true);
    expect(isValidDate(-44, 3, 15)).toBe(true);
  });

  it('refuses dates that do not exist', () => {
    expect(isValidDate(2023, 2, 29)).toBe(false);
    expect(isValidDate(1900, 2, 29)).toBe(false);
    expect(isValidDate(2026, 4, 31)).toBe(false);
    expect(isValidDate(2026, 13, 1)).toBe(false);
    expect(isValidDate(2026, 0, 1)).toBe(false);
    expect(isValidDate(2026, 1, 0)).toBe(false);
  });

  it('refuses year 0 and parts that are not whole numbers', () => {
    expect(isValidDate(0, 1, 1)).toBe(false);
    expect(isValidDate(2026.5, 1, 1)).toBe(false);
    expect(isValidDate(2026, '1', 1)).toBe(false);
    expect(isValidDate(2026, 1, Number.NaN)).toBe(false);
    expect(isValidDate(null, 1, 1)).toBe(false);
  });
});

describe('parseDate', () => {
  it('reads one to three numeric parts joined by dashes', () => {
    expect(parseDate('2026')).toEqual({ year: 2026, month: null, day: null });
    expect(parseDate('2026-3')).toEqual({ year: 2026, month: 3, day: null });
    expect(parseDate(' 2026-03-09 ')).toEqual({ year: 2026, month: 3, day: 9 });
  });

  it('refuses other text', () => {
    expect(parseDate('')).toBeNull();
    expect(parseDate(null)).toBeNull();
    expect(parseDate('2026-03-09-01')).toBeNull();
    expect(parseDate('2026/03/09')).toBeNull();
    expect(parseDate('2026-March-09')).toBeNull();
    expect(parseDate('2026--09')).toBeNull();
    expect(parseDate('-2026')).toBeNull();
  });

  it('yields a calendar date only when all three parts form a real date', () => {
    expect(toCalendarDate(parseDate('2026-3'))).toBeNull();
    expect(toCalendarDate(parseDate('2026-02-30'))).toBeNull();
    expect(toCalendarDate(parseDate('2026-02-28'))).toEqual({ year: 2026, month: 2, day: 28 });
  });
});

describe('min, max and selectability', () => {
  const minDate = { year: 2026, month: 1, day: 10 };
  const maxDate = { year: 2026, month: 1, day: 20 };

  it('raises the spec error when max is before min', () => {
    expect(() => checkMinMax(maxDate, minDate)).toThrow(
      "'maxDate' 2026-01-10 should be greater than 'minDate' 2026-01-20",
    );
    expect(() => checkMinMax(minDate, maxDate)).not.toThrow();
    expect(() => checkMinMax(minDate, minDate)).not.toThrow();
    expect(() => checkMinMax(null, maxDate)).not.toThrow();
  });

  it('is selectable unless disabled, before the minimum or after the maximum', () => {
    const isDisabled = (d: { day: number }): boolean => d.day === 15;
    expect(isSelectable({ year: 2026, month: 1, day: 10 }, { minDate, maxDate, isDisabled })).toBe(true);
    expect(isSelectable({ year: 2026, month: 1, day: 20 }, { minDate, maxDate, isDisabled })).toBe(true);
    expect(isSelectable({ year: 2026, month: 1, day: 9 }, { minDate, maxDate, isDisabled })).toBe(false);
    expect(isSelectable({ year: 2026, month: 1, day: 21 }, { minDate, maxDate, isDisabled })).toBe(false);
    expect(isSelectable({ year: 2026, month: 1, day: 15 }, { minDate, maxDate, isDisabled })).toBe(false);
  });

  it('validates typed text: parse first, then the range', () => {
    expect(validateDateText('', { minDate, maxDate })).toEqual({ ok: true, date: null });
    expect(validateDateText('2026-01-12', { minDate, maxDate })).toEqual({
      ok: true,
      date: { year: 2026, month: 1, day: 12 },
    });
    expect(validateDateText('2026-01', { minDate, maxDate })).toEqual({ ok: false, problem: 'invalid' });
    expect(validateDateText('2026-01-32', { minDate, maxDate })).toEqual({ ok: false, problem: 'invalid' });
    expect(validateDateText('2026-01-09', { minDate, maxDate })).toEqual({ ok: false, problem: 'before-min' });
    expect(validateDateText('2026-02-01', { minDate, maxDate })).toEqual({ ok: false, problem: 'after-max' });
  });
});

describe('yearList', () => {
  it('spans 10 years either side of the shown year by default', () => {
    const years = yearList(2026);
    expect(years[0]).toBe(2016);
    expect(years.at(-1)).toBe(2036);
    expect(years).toHaveLength(21);
  });

  it('reaches to min and max, but never more than 500 years away', () => {
    expect(yearList(2026, { year: 2020, month: 1, day: 1 }, { year: 2030, month: 1, day: 1 })).toEqual([
      2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030,
    ]);
    const wide = yearList(2026, { year: 1, month: 1, day: 1 }, { year: 9999, month: 1, day: 1 });
    expect(wide[0]).toBe(1526);
    expect(wide.at(-1)).toBe(2526);
    const onlyMin = yearList(2026, { year: 1990, month: 1, day: 1 });
    expect(onlyMin[0]).toBe(1990);
    expect(onlyMin.at(-1)).toBe(2036);
  });
});

describe('display formats (UTC)', () => {
  it("formats dates as 'MMM dd, yyyy'", () => {
    expect(formatDisplayDate('2026-03-09')).toBe('Mar 09, 2026');
    expect(formatDisplayDate('2026-12-31T23:30:00-05:00')).toBe('Jan 01, 2027');
    expect(formatDisplayDate(Date.UTC(2025, 0, 5))).toBe('Jan 05, 2025');
    expect(formatDisplayDate('not a date')).toBe('');
    expect(formatDisplayDate(null)).toBe('');
  });

  it('formats sort dates as M/d/yy and message times in en-US 12-hour form', () => {
    expect(formatSortDate('2026-03-09T10:00:00Z')).toBe('3/9/26');
    expect(formatMessageDateTime('2026-03-09T00:05:00Z')).toBe('Mar 9, 2026 12:05 AM');
    expect(formatMessageDateTime('2026-03-09T13:45:00Z')).toBe('Mar 9, 2026 1:45 PM');
  });
});
