import { Messages } from '../../../../shared/domain/messages';
import { ApiError } from '../../../lib/api-client';
import { toasts } from '../../../lib/alerts';

/**
 * Spec §8: a failed create or update shows each server error as a danger toast (an update clears
 * the existing toasts first). Failures the global handler already reported are left alone.
 */
export function showFailure(error: unknown, kind: 'create' | 'update'): void {
  if (error instanceof ApiError && error.handled) return;
  if (kind === 'update') toasts.clear();
  const errors = error instanceof ApiError && error.errors.length ? error.errors : [Messages.requestFailed];
  for (const message of errors) toasts.danger(message);
}
