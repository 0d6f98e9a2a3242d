import { describe, expect, it } from 'vitest';
import type { SystemMessage } from '../../../shared/api/system-messages';
import { selectDisplayed, type DisplayContext } from './select-displayed';

const at = Date.parse('2026-03-01T12:00:00Z');
const message = (
  id: number,
  location: 'Login' | 'Application',
  start = '2026-03-01T00:00:00Z',
  end = '2026-03-02T00:00:00Z',
): SystemMessage => ({
  id,
  message: `m${id}`,
  start_datetime: start,
  end_datetime: end,
  location,
});
const live = [
  message(1, 'Login'),
  message(2, 'Application'),
  message(3, 'Application', '2026-03-05T00:00:00Z', '2026-03-06T00:00:00Z'),
];
const context = (extra: Partial<DisplayContext>): DisplayContext => ({
  loginScreen: false,
  signedIn: true,
  isStaff: false,
  now: at,
  dismissed: new Set(),
  ...extra,
});

describe('system messages shown', () => {
  it('shows only Login messages on the login screen, signed in or not', () => {
    expect(selectDisplayed(live, context({ loginScreen: true, signedIn: false })).map((m) => m.id)).toEqual([1]);
  });

  it('shows Application messages to signed-in users who are not staff, within their window', () => {
    expect(selectDisplayed(live, context({})).map((m) => m.id)).toEqual([2]);
    expect(selectDisplayed(live, context({ isStaff: true }))).toEqual([]);
    expect(selectDisplayed(live, context({ signedIn: false }))).toEqual([]);
  });

  it('leaves out dismissed messages', () => {
    expect(selectDisplayed(live, context({ dismissed: new Set([2]) }))).toEqual([]);
  });
});
