import { describe, expect, it } from 'vitest';
import { ALL_VERSIONS, LINKED_PNPS, READ_ACKNOWLEDGEMENTS } from './report-definitions';
import {
  apiQueryOf,
  countLabel,
  exportQueryOf,
  hasFilters,
  sortOf,
  withFilter,
  withPage,
  withSort,
} from './report-query';

describe('report query string', () => {
  it('sends the URL keys the report takes, under the API names, and nothing else', () => {
    const params = new URLSearchParams(
      'review_from=2026-01-01&review_to=2026-12-31&status=1&sort=pnp_name&dir=desc&page=2&per_page=25&other=x',
    );
    expect(apiQueryOf(ALL_VERSIONS, params)).toEqual({
      review_from: '2026-01-01',
      review_to: '2026-12-31',
      sort: 'pnp_name',
      dir: 'desc',
      page: '2',
      per_page: '25',
    });
    expect(apiQueryOf(READ_ACKNOWLEDGEMENTS, params)).toEqual({
      status: '1',
      sort: 'pnp_name',
      dir: 'desc',
      page: '2',
      per_page: '25',
    });
  });

  it('exports the whole filtered report: no page', () => {
    expect(exportQueryOf({ q: 'hand', page: '3', per_page: '10', sort: 'views' })).toEqual({
      q: 'hand',
      sort: 'views',
    });
  });

  it('a filter or sort change goes back to the first page; an empty value removes the key', () => {
    const params = new URLSearchParams('q=old&page=4');
    expect(withFilter(params, 'q', 'new').toString()).toBe('q=new');
    expect(withFilter(params, 'q', '').toString()).toBe('');
    expect(withSort(params, { key: 'pnp_name', dir: 'desc' }).toString()).toBe('q=old&sort=pnp_name&dir=desc');
    expect(withPage(params, 1).toString()).toBe('q=old');
    expect(withPage(params, 5).toString()).toBe('q=old&page=5');
  });

  it('reads the sort and whether a filter is set', () => {
    expect(sortOf(new URLSearchParams('sort=views'))).toEqual({ key: 'views', dir: 'asc' });
    expect(sortOf(new URLSearchParams('dir=desc'))).toBeNull();
    expect(hasFilters(LINKED_PNPS, new URLSearchParams('status=1'))).toBe(false);
    expect(hasFilters(LINKED_PNPS, new URLSearchParams('q=a'))).toBe(true);
  });

  it('writes a capped count as 10,000+', () => {
    expect(countLabel(10_000, true)).toBe('10,000+');
    expect(countLabel(1234, false)).toBe('1,234');
  });
});
