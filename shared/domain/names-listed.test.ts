import { describe, expect, it } from 'vitest';
import { namesWithMore } from './names-listed';

describe('namesWithMore', () => {
  it('lists the names alone when they are all there are', () => {
    expect(namesWithMore(['Hand Hygiene', 'Falls'], 2)).toBe('Hand Hygiene, Falls');
    expect(namesWithMore(['Hand Hygiene'], 1)).toBe('Hand Hygiene');
  });

  it('says how many more there are when the list was cut', () => {
    expect(namesWithMore(['Hand Hygiene', 'Falls'], 50)).toBe('Hand Hygiene, Falls and 48 more');
  });
});
