import { describe, expect, it } from 'vitest';
import { filterChipText } from './filter-chip-text';

describe('advanced search filter chips', () => {
  it("shows a date filter as 'MMM dd, yyyy', as every other date", () => {
    expect(filterChipText('effective_from', '2026-01-01', null)).toBe('Effective from: Jan 01, 2026');
    expect(filterChipText('published_to', '2026-12-31', null)).toBe('Published to: Dec 31, 2026');
    expect(filterChipText('review_from', '2027-03-09', null)).toBe('Review due from: Mar 09, 2027');
  });

  it('shows a date that is not one as it was given', () => {
    expect(filterChipText('effective_to', '2026-99-99', null)).toBe('Effective to: 2026-99-99');
  });

  it('names a binder or owner once known, and the filter alone until then', () => {
    expect(filterChipText('owner_id', 3, 'Bea Binder')).toBe('Owner: Bea Binder');
    expect(filterChipText('container_id', 12, null)).toBe('Binder or folder');
    expect(filterChipText('words', 'hand hygiene', null)).toBe('Words: hand hygiene');
  });
});
