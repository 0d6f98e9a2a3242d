import { z } from 'zod';

/**
 * Bulk upload of users (spec §7 Users), under `/api/o/{org}/user_bulk_uploads`:
 *
 * - POST ?file_name=  the CSV or XLSX file itself as the body (org admins): every row is checked;
 *                     any problem and nothing is imported (422 with each problem by row and column),
 *                     else all rows are imported in one transaction. Each upload is recorded.
 * - GET               the import history, newest first.
 * - GET /template?format=csv|xlsx  the template to fill in.
 *
 * A row whose e-mail is that of an existing user of the organisation updates that user (names,
 * title, Admin, Policy Owner, groups added): uploading the same file again never duplicates anyone.
 */

/** The template's columns, in order; headers are matched without regard to case or spacing. */
export const USER_SHEET_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Username',
  'Title',
  'Admin',
  'Policy Owner',
  'Groups',
] as const;
export type UserSheetColumn = (typeof USER_SHEET_COLUMNS)[number];
export const REQUIRED_USER_SHEET_COLUMNS: readonly UserSheetColumn[] = ['First Name', 'Last Name', 'Email', 'Username'];

/** The largest file a user upload may be. */
export const USER_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const UserBulkUploadQuery = z.object({
  file_name: z.string().max(255, { message: 'The file name must be at most 255 characters.' }).optional(),
});

export const UserTemplateQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { message: "Format must be 'csv' or 'xlsx'." }).default('csv'),
});

/** One problem of one row: the sheet's row number (the header is row 1) and the column's name. */
export const UserRowError = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type UserRowError = z.infer<typeof UserRowError>;

export const UserBulkUpload = z.object({
  id: z.number().int(),
  status: z.enum(['processing', 'completed', 'failed']),
  file_name: z.string().nullable(),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** The first problems of the file, kept for the history (at most 500). */
  errors: z.array(UserRowError),
  /** How many problems the file had in all. */
  error_count: z.number().int(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type UserBulkUpload = z.infer<typeof UserBulkUpload>;

export const UserBulkUploadResponse = z.object({ upload: UserBulkUpload });
export type UserBulkUploadResponse = z.infer<typeof UserBulkUploadResponse>;

export const UserBulkUploadFailure = z.object({
  errors: z.array(z.string()),
  row_errors: z.array(UserRowError),
  upload: UserBulkUpload.nullable(),
});
export type UserBulkUploadFailure = z.infer<typeof UserBulkUploadFailure>;

export const UserBulkUploadList = z.object({ user_bulk_uploads: z.array(UserBulkUpload) });
export type UserBulkUploadList = z.infer<typeof UserBulkUploadList>;
