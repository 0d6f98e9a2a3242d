import { Messages } from '../../shared/domain/messages';
import { toasts } from './alerts';
import { ApiError } from './api-client';

/**
 * Spec §8: a failed change shows each server sentence as a danger toast (an update clears the
 * existing toasts first). A request the caller gave up on says nothing, nor does one whose failure
 * the global handler has already told the user.
 */
export function showErrors(error: unknown, options: { update?: boolean } = {}): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof ApiError && error.handled) return;
  if (options.update) toasts.clear();
  const errors = error instanceof ApiError && error.errors.length > 0 ? error.errors : [Messages.unexpectedError];
  for (const message of errors) toasts.danger(message);
}
