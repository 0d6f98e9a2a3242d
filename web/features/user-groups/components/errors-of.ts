import { Messages } from '../../../../shared/domain/messages';
import { ApiError } from '../../../lib/api-client';

/** The server's sentences of a failed change, for a screen to show in place. */
export const errorsOf = (error: unknown): readonly string[] =>
  error instanceof ApiError && error.errors.length > 0 ? error.errors : [Messages.unexpectedError];
