import { GROUP_CHANGED_MESSAGE } from '../../../../shared/api/user-groups';
import { ApiError } from '../../../lib/api-client';

/** The server refused the save because someone else changed the group after this form opened it. */
export const isStaleSave = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.errors.includes(GROUP_CHANGED_MESSAGE);
