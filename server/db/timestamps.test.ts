import { describe, expect, it } from 'vitest';
import { isoOfTimestamp, isoOfTimestampOrNull } from './timestamps';

describe('isoOfTimestamp', () => {
  it("writes PostgreSQL's UTC text as Date#toISOString does, for every length of fraction", () => {
    const texts = [
      '2026-11-28 23:53:54+00',
      '2026-11-28 23:53:54.7+00',
      '2026-11-28 23:53:54.75+00',
      '2026-11-28 23:53:54.756+00',
      '2026-11-28 23:53:54.7569+00',
      '2026-11-28 23:53:54.756999+00',
      '2024-02-29 00:00:00.000001+00',
      '1999-12-31 23:59:59.999999+00',
      '2026-11-28T23:53:54.756123+00:00',
      '2026-11-28T23:53:54+00:00',
    ];
    for (const text of texts) expect(isoOfTimestamp(text)).toBe(new Date(text).toISOString());
    expect(isoOfTimestamp('2026-11-28 23:53:54.756999+00')).toBe('2026-11-28T23:53:54.756Z');
  });

  it('reads other offsets, and Dates, through Date', () => {
    expect(isoOfTimestamp('2026-11-28 23:53:54.5+01')).toBe('2026-11-28T22:53:54.500Z');
    expect(isoOfTimestamp('2026-11-28 23:53:54-05:30')).toBe('2026-11-29T05:23:54.000Z');
    const date = new Date(Date.UTC(2026, 10, 28, 1, 2, 3, 4));
    expect(isoOfTimestamp(date)).toBe('2026-11-28T01:02:03.004Z');
    expect(isoOfTimestampOrNull(null)).toBeNull();
    expect(isoOfTimestampOrNull('2026-11-28 01:02:03+00')).toBe('2026-11-28T01:02:03.000Z');
  });

  it('refuses what Date refuses', () => {
    expect(() => isoOfTimestamp('not a time')).toThrow(RangeError);
  });
});
