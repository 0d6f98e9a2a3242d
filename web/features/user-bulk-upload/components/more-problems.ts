import type { UserBulkUploadFailure } from '../../../../shared/api/user-bulk-uploads';

/**
 * What follows the first `shown` messages of a refused upload: how many problems are left and where
 * to read them. The first message says how many problems there are; each other is one problem. The
 * history keeps the first 500 of a file's problems: past that it says so rather than promise all.
 */
export function moreProblemsMessage(failure: UserBulkUploadFailure, shown: number): string {
  // Without the problems themselves (an answer that did not carry them), its sentences count them.
  const total = Math.max(failure.row_errors.length, failure.errors.length - 1);
  const more = total - (shown - 1);
  const kept = failure.upload?.errors.length ?? total;
  return kept >= total
    ? `${more} more problems are listed under Import History.`
    : `${more} more problems: Import History lists the first ${kept} of the file's ${total}.`;
}
