import { describe, expect, it } from 'vitest';
import {
  addYears,
  dateFieldError,
  effectiveDateError,
  isFutureDate,
  reviewDatesFor,
  versionDateErrors,
} from './review-dates';

describe('review and reminder dates', () => {
  it('derives the review date from the cycle and the reminder from the days before', () => {
    expect(reviewDatesFor('2026-03-15', 2, 90)).toEqual({ review_dt: '2028-03-15', reminder_dt: '2027-12-16' });
    expect(addYears({ year: 2024, month: 2, day: 29 }, 1)).toEqual({ year: 2025, month: 2, day: 28 });
  });
  it('applies spec §5: a real calendar date, parsed from yyyy-mm-dd, within the bounds', () => {
    expect(dateFieldError('effective_dt', '2026-02-30')).toBe(
      'Effective Date must be a real calendar date written as yyyy-mm-dd.',
    );
    expect(dateFieldError('effective_dt', 'next week')).toBe(
      'Effective Date must be a real calendar date written as yyyy-mm-dd.',
    );
    expect(dateFieldError('effective_dt', '0000-01-01')).toBe(
      'Effective Date must be a real calendar date written as yyyy-mm-dd.',
    );
    expect(dateFieldError('effective_dt', '1700-01-01')).toBe('Effective Date must be on or after Nov 12, 1882.');
    expect(dateFieldError('effective_dt', '', { required: true })).toBe('Effective Date is required.');
    expect(dateFieldError('effective_dt', '2026-02-28')).toBeNull();
  });
  it('keeps the review after the effective date and the reminder between them', () => {
    expect(
      versionDateErrors({ effective_dt: '2026-01-01', review_dt: '2025-12-31', reminder_dt: '2025-12-01' }),
    ).toEqual([
      'Review Date must be on or after the day after the Effective Date.',
      'Reminder Date must be on or after the Effective Date.',
    ]);
    expect(
      versionDateErrors({ effective_dt: '2026-01-01', review_dt: '2027-01-01', reminder_dt: '2027-02-01' }),
    ).toEqual(['Reminder Date must be on or before the Review Date.']);
    expect(versionDateErrors({ effective_dt: null, review_dt: null, reminder_dt: null })).toHaveLength(3);
  });
  it('keeps the effective date on or after the origination date, when there is one', () => {
    const tooEarly = 'Effective Date must be on or after the Origination Date.';
    expect(effectiveDateError('2026-02-28', '2026-03-01')).toBe(tooEarly);
    expect(effectiveDateError('2026-03-01', '2026-03-01')).toBeNull();
    expect(effectiveDateError('2026-02-28', null)).toBeNull();
    expect(effectiveDateError(null, '2026-03-01')).toBeNull();
    expect(effectiveDateError(null, '2026-03-01', { required: true })).toBe('Effective Date is required.');
    expect(
      versionDateErrors({
        origination_dt: '2026-03-01',
        effective_dt: '2026-02-01',
        review_dt: '2027-02-01',
        reminder_dt: '2027-01-01',
      }),
    ).toEqual([tooEarly]);
  });
  it('knows a scheduled (future) effective date', () => {
    expect(isFutureDate('2026-05-02', '2026-05-01')).toBe(true);
    expect(isFutureDate('2026-05-01', '2026-05-01')).toBe(false);
  });
});
