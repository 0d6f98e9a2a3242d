import { Messages } from '../../../../shared/domain/messages';
import { ApiError } from '../../../lib/api-client';

/**
 * What a refused request says, for a screen to show in place: nothing the app has already said
 * (a 500's toast), the server's own errors, or the generic message when it gave none.
 */
export const unsaidErrorsOf = (error: unknown): readonly string[] => {
  if (error instanceof ApiError && error.handled) return [];
  return error instanceof ApiError && error.errors.length > 0 ? error.errors : [Messages.unexpectedError];
};
