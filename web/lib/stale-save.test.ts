import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isStaleSave } from './stale-save';

const CHANGED = 'Someone else changed this record after you opened it.';
const refusal = (status: number, errors: string[]): ApiError =>
  new ApiError(status, errors, undefined, false, errors[0] ?? 'failed');

describe('isStaleSave', () => {
  it('is a 409 carrying the record’s changed message', () => {
    expect(isStaleSave(refusal(409, [CHANGED]), CHANGED)).toBe(true);
  });

  it('is not a 409 for another reason, the same sentence with another status, or not an API error', () => {
    expect(isStaleSave(refusal(409, ['The name is already taken.']), CHANGED)).toBe(false);
    expect(isStaleSave(refusal(422, [CHANGED]), CHANGED)).toBe(false);
    expect(isStaleSave(new Error(CHANGED), CHANGED)).toBe(false);
  });
});
