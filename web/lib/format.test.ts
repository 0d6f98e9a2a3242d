import { describe, expect, it } from 'vitest';
import { truncate } from './format';

describe('truncate', () => {
  it('cuts to the length and appends an ellipsis', () => {
    expect(truncate('Hand hygiene policy', 4)).toBe('Hand…');
    expect(truncate('Short', 10)).toBe('Short');
    expect(truncate('Exact', 5)).toBe('Exact');
    expect(truncate(null, 3)).toBe('');
  });
});
