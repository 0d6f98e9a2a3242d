import {
  UserBulkUploadFailure,
  type UserBulkUploadList,
  type UserBulkUploadResponse,
} from '../../../../shared/api/user-bulk-uploads';
import { ApiError, buildUrl, http } from '../../../lib/api-client';

/** The calls of `/api/o/{org}/user_bulk_uploads` (spec §7 Users). */
const base = (orgId: string) => `o/${orgId}/user_bulk_uploads`;

export const userBulkUploadKeys = {
  history: (orgId: string) => ['user-bulk-uploads', orgId] as const,
};

export const listUserBulkUploads = (orgId: string): Promise<UserBulkUploadList> =>
  http.get<UserBulkUploadList>(base(orgId));

/** The template's address: a plain link downloads it with the session's cookie. */
export const templateUrl = (orgId: string, format: 'csv' | 'xlsx'): string =>
  buildUrl(`${base(orgId)}/template`, { format });

export type UploadOutcome =
  { ok: true; upload: UserBulkUploadResponse['upload'] } | { ok: false; failure: UserBulkUploadFailure };

/**
 * Sends the file itself as the body (spec §7). A refusal of the file (422, 413) is shown by the
 * screen, row by row; anything else goes to the global handler.
 */
export async function uploadUsers(orgId: string, file: File): Promise<UploadOutcome> {
  const body = new Blob([file], { type: file.type || 'application/octet-stream' });
  try {
    const res = await http.post<UserBulkUploadResponse>(base(orgId), body, {
      query: { file_name: file.name },
      passThrough: [413, 422],
    });
    return { ok: true, upload: res.upload };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 422 || error.status === 413)) {
      // A 422 names every problem (row_errors) and the history's record; a 413 only says why.
      const failure = UserBulkUploadFailure.safeParse(error.body);
      return {
        ok: false,
        failure: failure.success ? failure.data : { errors: [...error.errors], row_errors: [], upload: null },
      };
    }
    throw error;
  }
}
