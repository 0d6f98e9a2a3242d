import { describe, expect, it } from 'vitest';
import { compareValues, sortRows, toggleSort } from './sort-state';

describe('sort state', () => {
  it('toggles the direction on the same key and starts ascending on a new key', () => {
    const first = toggleSort(null, 'name');
    expect(first).toEqual({ key: 'name', dir: 'asc' });
    expect(toggleSort(first, 'name')).toEqual({ key: 'name', dir: 'desc' });
    expect(toggleSort({ key: 'name', dir: 'desc' }, 'name')).toEqual({ key: 'name', dir: 'asc' });
    expect(toggleSort({ key: 'name', dir: 'desc' }, 'date')).toEqual({ key: 'date', dir: 'asc' });
  });

  it('sorts naturally, case-insensitively, blanks last, reversed when descending', () => {
    const rows = [{ n: 'item 10' }, { n: 'Item 2' }, { n: '' }, { n: 'alpha' }];
    const asc = sortRows(rows, { key: 'n', dir: 'asc' }, (row) => row.n).map((row) => row.n);
    expect(asc).toEqual(['alpha', 'Item 2', 'item 10', '']);
    const desc = sortRows(rows, { key: 'n', dir: 'desc' }, (row) => row.n).map((row) => row.n);
    expect(desc).toEqual(['', 'item 10', 'Item 2', 'alpha']);
    expect(compareValues(new Date(1), new Date(2))).toBeLessThan(0);
    expect(compareValues(3, 12)).toBeLessThan(0);
  });
});
