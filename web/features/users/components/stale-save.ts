import { USER_CHANGED_MESSAGE } from '../../../../shared/api/users';
import { ApiError } from '../../../lib/api-client';

/** The server refused the save because someone else changed the user after this form opened it. */
export const isStaleSave = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.errors.includes(USER_CHANGED_MESSAGE);
