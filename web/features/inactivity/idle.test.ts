import { describe, expect, it } from 'vitest';
import { isIdleTooLong } from './idle';

describe('inactivity', () => {
  it('signs out only when idle time exceeds the timeout', () => {
    const last = 1_000_000;
    expect(isIdleTooLong(last + 30 * 60_000, last, 30)).toBe(false);
    expect(isIdleTooLong(last + 30 * 60_000 + 1, last, 30)).toBe(true);
    expect(isIdleTooLong(last + 999 * 60_000, last, 0)).toBe(false);
  });
});
