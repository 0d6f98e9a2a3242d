import { describe, expect, it } from 'vitest';
import { clearFilter, EMPTY_FILTERS, setFilter, toggleFilter } from './filter-params';

describe('filter parameters', () => {
  it('setting and toggling mark the filters changed; clearing nulls the value', () => {
    let state = setFilter(EMPTY_FILTERS, 'status', 1, 'Active');
    expect(state.changed).toBe(true);
    state = toggleFilter(state, 'never_logged_in', 'Never logged in');
    expect(state.params.never_logged_in?.value).toBe(true);
    state = toggleFilter(state, 'never_logged_in');
    expect(state.params.never_logged_in?.value).toBe(false);
    state = clearFilter(state, 'status');
    expect(state.params.status).toEqual({ key: 'status', value: null, label: 'Active' });
    expect(clearFilter(state, 'missing')).toBe(state);
  });
});
