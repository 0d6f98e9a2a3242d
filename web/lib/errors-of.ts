import { Messages } from '../../shared/domain/messages';
import { ApiError } from './api-client';

/** The server's sentences of a failed request, for a screen to show in place. */
export const errorsOf = (error: unknown): readonly string[] =>
  error instanceof ApiError && error.errors.length > 0 ? error.errors : [Messages.unexpectedError];

/**
 * The sentences a form shows in place after a failed save: none when the global handler has already
 * told the user (a 500's toast), so that one failure is not said twice.
 */
export const formErrorsOf = (error: unknown): readonly string[] =>
  error instanceof ApiError && error.handled ? [] : errorsOf(error);
