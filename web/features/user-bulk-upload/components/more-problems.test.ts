import { describe, expect, it } from 'vitest';
import type { UserBulkUploadFailure } from '../../../../shared/api/user-bulk-uploads';
import { moreProblemsMessage } from './more-problems';

/** A refused file of `total` problems whose history kept `kept`, as the 422 answers it. */
const failure = (total: number, kept: number): UserBulkUploadFailure => {
  const problem = (n: number) => ({ row: n + 2, column: 'Email', message: 'Email is required.' });
  return {
    errors: [`Nothing was imported: the file has ${total} problems to fix.`],
    row_errors: Array.from({ length: total }, (_, n) => problem(n)),
    upload: {
      id: 1,
      status: 'failed',
      file_name: 'users.csv',
      total,
      succeeded: 0,
      failed: total,
      created: 0,
      updated: 0,
      errors: Array.from({ length: kept }, (_, n) => problem(n)),
      error_count: total,
      created_by: 1,
      created_by_name: 'Ada Admin',
      created_at: '2026-11-29T10:00:00.000Z',
    },
  };
};

describe('moreProblemsMessage', () => {
  it('counts the problems left after the 49 shown below the summary, all in the history', () => {
    expect(moreProblemsMessage(failure(120, 120), 50)).toBe('71 more problems are listed under Import History.');
  });

  it('says the history holds the first of them when it kept fewer than the file had', () => {
    expect(moreProblemsMessage(failure(600, 500), 50)).toBe(
      "551 more problems: Import History lists the first 500 of the file's 600.",
    );
  });
});
