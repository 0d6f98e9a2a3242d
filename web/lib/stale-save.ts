import { ApiError } from './api-client';

/**
 * The server refused a save because someone else changed the record after the form opened it (a
 * 409 whose sentence is the record's own "changed" message). Each form keeps what was typed and
 * offers to reload; any other failure, a 409 for another reason included, is said as usual.
 */
export const isStaleSave = (error: unknown, changedMessage: string): boolean =>
  error instanceof ApiError && error.status === 409 && error.errors.includes(changedMessage);
