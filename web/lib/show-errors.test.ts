import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Messages } from '../../shared/domain/messages';
import { ApiError } from './api-client';
import { showErrors } from './show-errors';

const said = vi.hoisted(() => ({ toasts: [] as string[], cleared: 0 }));
vi.mock('./alerts', () => ({
  toasts: {
    danger: (message: string) => said.toasts.push(message),
    clear: () => {
      said.cleared += 1;
    },
  },
}));

const refusal = (errors: string[], handled = false): ApiError =>
  new ApiError(422, errors, undefined, handled, errors[0] ?? 'failed');

describe('showErrors', () => {
  beforeEach(() => {
    said.toasts = [];
    said.cleared = 0;
  });

  it('says each of the server’s sentences as a toast, and clears the others first on an update', () => {
    showErrors(refusal(['Name is required.', 'Owner is required.']), { update: true });
    expect(said.toasts).toEqual(['Name is required.', 'Owner is required.']);
    expect(said.cleared).toBe(1);
  });

  it('says the unexpected-error sentence when the failure carries none', () => {
    showErrors(new Error('socket hang up'));
    expect(said.toasts).toEqual([Messages.unexpectedError]);
    expect(said.cleared).toBe(0);
  });

  it('says nothing for a request given up on, or one the global handler already told', () => {
    showErrors(new DOMException('The operation was aborted.', 'AbortError'));
    showErrors(refusal(['Internal error'], true));
    expect(said.toasts).toEqual([]);
  });
});
