import { describe, expect, it } from 'vitest';
import { typedDateValue } from './typed-date';

const march10 = { year: 2026, month: 3, day: 10 };

describe('typedDateValue', () => {
  it('takes nothing from a date still being typed, even one that is already a real date', () => {
    expect(typedDateValue('2026-03-1', {}, false)).toEqual({ applies: false });
    expect(typedDateValue('2026-3-15', {}, false)).toEqual({ applies: false });
    expect(typedDateValue('2026-03', {}, false)).toEqual({ applies: false });
    expect(typedDateValue('2026-03-015', {}, false)).toEqual({ applies: false });
  });

  it('takes a date written out in full as it is typed', () => {
    expect(typedDateValue('2026-03-15', {}, false)).toEqual({
      applies: true,
      value: '2026-03-15',
      date: { year: 2026, month: 3, day: 15 },
    });
    expect(typedDateValue(' 2026-03-15 ', {}, false)).toMatchObject({ applies: true, value: '2026-03-15' });
  });

  it('takes any valid date, written out in full, once the user is done with the field', () => {
    expect(typedDateValue('2026-3-5', {}, true)).toEqual({
      applies: true,
      value: '2026-03-05',
      date: { year: 2026, month: 3, day: 5 },
    });
    expect(typedDateValue('2026-03-1', {}, true)).toMatchObject({ applies: true, value: '2026-03-01' });
  });

  it('clears the field when it is emptied, typing or not', () => {
    expect(typedDateValue('', {}, false)).toEqual({ applies: true, value: null, date: null });
    expect(typedDateValue('  ', {}, true)).toEqual({ applies: true, value: null, date: null });
  });

  it('never takes text that is not a valid, selectable date', () => {
    for (const typingDone of [false, true]) {
      expect(typedDateValue('2026-02-30', {}, typingDone)).toEqual({ applies: false });
      expect(typedDateValue('2026-3', {}, typingDone)).toEqual({ applies: false });
      expect(typedDateValue('Mar 3', {}, typingDone)).toEqual({ applies: false });
      expect(typedDateValue('2026-03-09', { minDate: march10 }, typingDone)).toEqual({ applies: false });
      expect(typedDateValue('2026-03-11', { maxDate: march10 }, typingDone)).toEqual({ applies: false });
    }
  });
});
