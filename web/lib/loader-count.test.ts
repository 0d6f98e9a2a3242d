import { describe, expect, it } from 'vitest';
import { isLoading, startLoad, stopLoad } from './loader-count';

describe('loader count', () => {
  it('is on while any load is running', () => {
    let count = 0;
    count = startLoad(count);
    count = startLoad(count);
    expect(isLoading(count)).toBe(true);
    count = stopLoad(count);
    expect(isLoading(count)).toBe(true);
    count = stopLoad(count);
    expect(isLoading(count)).toBe(false);
  });

  it('never goes below zero', () => {
    let count = stopLoad(stopLoad(0));
    expect(count).toBe(0);
    count = startLoad(count);
    expect(isLoading(count)).toBe(true);
    expect(stopLoad(count)).toBe(0);
  });
});
