import { Messages } from '../../../../shared/domain/messages';
import { toasts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';

/** The server's sentences of a failed change, as danger toasts (unless the global handler showed them). */
export function showErrors(error: unknown): void {
  if (error instanceof ApiError && error.handled) return;
  const errors = error instanceof ApiError && error.errors.length > 0 ? error.errors : [Messages.unexpectedError];
  for (const message of errors) toasts.danger(message);
}

export { errorsOf, formErrorsOf } from '../../../lib/errors-of';
