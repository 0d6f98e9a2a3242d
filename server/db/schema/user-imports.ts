/**
 * Tables of issue 13 (user-bulk-uploads): none of its own. Uploads of users are rows of
 * `bulk_uploads` (activity.ts) with kind 'users'; their per-row problems and the counts of created
 * and updated users are kept in its `errors` column as { rows, created, updated }.
 */
export {};
