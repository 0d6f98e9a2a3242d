import { describe, expect, it } from 'vitest';
import { filtersOf, resultsPath, searchableFilters } from './results-path';

describe('advanced search filters', () => {
  it('searches words without the spaces around them', () => {
    expect(searchableFilters({ words: '  hand hygiene ', owner_id: 3 })).toEqual({
      words: 'hand hygiene',
      owner_id: 3,
    });
  });

  it('drops words made only of spaces, leaving nothing to search when they were all there was', () => {
    expect(searchableFilters({ words: '   ' })).toEqual({});
    expect(searchableFilters({ words: ' \t ', effective_from: '2026-01-01' })).toEqual({
      effective_from: '2026-01-01',
    });
  });

  it('reads no words from an address whose words are only spaces', () => {
    const address = resultsPath('1', { words: '   ' });
    expect(filtersOf(new URL(address, 'http://tenet.test').searchParams)).toEqual({});
    expect(filtersOf(new URLSearchParams('words=+fall+&owner_id=3'))).toEqual({ words: 'fall', owner_id: 3 });
  });
});
