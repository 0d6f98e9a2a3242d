import { Messages } from '../../../../shared/domain/messages';
import { ApiError } from '../../../lib/api-client';
import { toasts } from '../../../lib/alerts';

/**
 * Spec §8: create and update failures show each server sentence as a danger toast (an update
 * clears the existing toasts first). Errors the global handler already showed are left alone.
 */
export function showErrors(error: unknown, options: { update?: boolean } = {}): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof ApiError && error.handled) return;
  if (options.update) toasts.clear();
  const errors = error instanceof ApiError && error.errors.length > 0 ? error.errors : [Messages.unexpectedError];
  for (const message of errors) toasts.danger(message);
}
