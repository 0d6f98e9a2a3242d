import { describe, expect, it } from 'vitest';
import { matchCount, matchSentence } from './match-count';

describe('library match count', () => {
  it("says '10,000+' when the server stopped counting, and the exact number otherwise", () => {
    expect(matchCount(10_000, true)).toBe('10,000+');
    expect(matchCount(12_345, false)).toBe('12,345');
    expect(matchCount(7, undefined)).toBe('7');
  });

  it('agrees the verb with the number, a capped one always plural', () => {
    expect(matchSentence(1, false, '“hygiene”')).toBe('1 P&P matches “hygiene”');
    expect(matchSentence(3, undefined, 'the advanced search')).toBe('3 P&Ps match the advanced search');
    expect(matchSentence(10_000, true, '“patient”')).toBe('10,000+ P&Ps match “patient”');
  });
});
