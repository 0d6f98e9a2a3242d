import { describe, expect, it } from 'vitest';
import { pageSlice, pagerCountReach, paginate } from './pagination';

describe('paginate', () => {
  it('defaults to page 1 of 10 items', () => {
    const window = paginate({ total: 25 });
    expect(window).toMatchObject({ page: 1, pageSize: 10, pageCount: 3, lower: 1, upper: 10, total: 25 });
    expect(window.links).toEqual([1, 2, 3]);
    expect(window.hasPrevious).toBe(false);
    expect(window.hasNext).toBe(true);
  });

  it('shows the partial last page', () => {
    const window = paginate({ total: 25, page: 3 });
    expect(window).toMatchObject({ lower: 21, upper: 25, hasPrevious: true, hasNext: false, offset: 20 });
  });

  it('has nothing to show for an empty list', () => {
    const window = paginate({ total: 0, page: 4 });
    expect(window).toMatchObject({ page: 1, pageCount: 0, lower: 0, upper: 0, hasPrevious: false, hasNext: false });
    expect(window.links).toEqual([]);
  });

  it('links at most 3 pages, kept around the current one', () => {
    expect(paginate({ total: 100, page: 1 }).links).toEqual([1, 2, 3]);
    expect(paginate({ total: 100, page: 5 }).links).toEqual([4, 5, 6]);
    expect(paginate({ total: 100, page: 10 }).links).toEqual([8, 9, 10]);
    expect(paginate({ total: 15, page: 2 }).links).toEqual([1, 2]);
    expect(paginate({ total: 5 }).links).toEqual([1]);
  });

  it('clamps a page past the end and tolerates odd input', () => {
    expect(paginate({ total: 12, page: 9 })).toMatchObject({ page: 2, lower: 11, upper: 12 });
    expect(paginate({ total: 12, page: 0 })).toMatchObject({ page: 1 });
    expect(paginate({ total: 12, page: Number.NaN })).toMatchObject({ page: 1 });
    expect(paginate({ total: 12, pageSize: 0 })).toMatchObject({ pageSize: 1, pageCount: 12 });
    expect(paginate({ total: 30, pageSize: 5, page: 2 })).toMatchObject({ lower: 6, upper: 10 });
  });

  it('slices one page of a list', () => {
    const items = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageSlice(items, 3)).toEqual([21, 22, 23]);
    expect(pageSlice(items, 1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageSlice([], 1)).toEqual([]);
  });
});

describe('pagerCountReach', () => {
  it('reaches ten pages past the first row shown, never past the ceiling', () => {
    expect(pagerCountReach({ offset: 0, limit: 10 }, 10_000)).toBe(100);
    expect(pagerCountReach({ offset: 90, limit: 10 }, 10_000)).toBe(190);
    expect(pagerCountReach({ offset: 9_400, limit: 100 }, 10_000)).toBe(10_000);
  });
});
