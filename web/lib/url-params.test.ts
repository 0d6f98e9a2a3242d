import { describe, expect, it } from 'vitest';
import { paramsChanger, setFilterValues } from './url-params';

/** An address bar: navigating writes it at once; the screen is drawn from it only later. */
function addressBar(query: string) {
  const address = { query, moves: [] as { to: string; replace: boolean }[] };
  const go = (to: string, options: { replace: boolean }): void => {
    address.moves.push({ to, ...options });
    address.query = to;
  };
  return { address, change: paramsChanger(() => address.query, go) };
}

describe('a change of the query kept in the address', () => {
  it('keeps a choice made just before it, while the screen is still drawn from the older query', () => {
    const { address, change } = addressBar('?period=last-12');
    // What the screen was drawn from; no new render comes between the two clicks.
    const rendered = new URLSearchParams(address.query);

    change((next) => next.set('period', 'last-24'));
    change((next) => {
      next.append('table', 'published_docs');
    });

    expect(rendered.get('period')).toBe('last-12');
    const now = new URLSearchParams(address.query);
    expect(now.get('period')).toBe('last-24');
    expect(now.getAll('table')).toEqual(['published_docs']);
  });

  it('goes to the query an edit returns, built from the address now', () => {
    const { address, change } = addressBar('?status=active&page=3');
    change((next) => {
      const page = new URLSearchParams(next);
      page.delete('page');
      return page;
    });
    expect(address.query).toBe('?status=active');
  });

  it('replaces the history entry unless asked to push one', () => {
    const { address, change } = addressBar('');
    change((next) => next.set('waiting_for_me', 'true'));
    change((next) => next.delete('waiting_for_me'), { push: true });
    expect(address.moves).toEqual([
      { to: '?waiting_for_me=true', replace: true },
      { to: '?', replace: false },
    ]);
  });
});

describe('setFilterValues', () => {
  it('sets the values, removes the unset ones, and goes back to the first page', () => {
    const next = new URLSearchParams('search=ward&active=true&page=3');
    setFilterValues(next, { search: null, active: 'false', role: 'admin' }, ['', 'false']);
    expect(next.toString()).toBe('role=admin');
  });

  it('keeps the page asked for', () => {
    const next = new URLSearchParams('search=ward&page=3');
    setFilterValues(next, { page: '4' });
    expect(next.toString()).toBe('search=ward&page=4');
  });
});
