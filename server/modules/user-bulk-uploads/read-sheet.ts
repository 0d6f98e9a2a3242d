import type { UserRowError } from '../../../shared/api/user-bulk-uploads';
import { megabytes, parsersBusy } from '../files/parser-messages';
import { ParserJobStopped, parserPool } from '../files/parser-pool';
import { USER_SHEET_MAX_ROWS, type UserSheetRefusal, type UserSheetResult } from '../../workers/parsers/user-sheet';

type RunInput = Parameters<ReturnType<typeof parserPool>['run']>[0];

/**
 * Reads the sheet's cells in the parser pool. The pool's job list (files/parser-jobs.ts) does not
 * name this job yet, so the job is handed over through its input type; the worker knows it.
 */
async function runUserSheetJob(bytes: Buffer): Promise<UserSheetResult> {
  const job = { kind: 'user-sheet', bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  return (await parserPool().run(job as unknown as RunInput)) as unknown as UserSheetResult;
}

function refusal(subject: string, reason: UserSheetRefusal): string {
  const limits = parserPool().settings.parser;
  switch (reason) {
    case 'zip-too-many-entries':
      return `${subject} holds too many parts to be opened safely.`;
    case 'zip-entry-too-large':
      return `${subject} holds a part that expands to more than ${megabytes(limits.zipMaxEntryBytes)} MB when opened and was refused.`;
    case 'zip-too-large':
      return `${subject} expands to more than ${megabytes(limits.zipMaxTotalBytes)} MB when opened and was refused.`;
    case 'zip-unreadable':
      return `${subject} is damaged and could not be opened.`;
    case 'xml-too-deep':
      return `${subject} is too complex to be read safely.`;
    case 'not-a-sheet':
      return `${subject} is neither a CSV file nor an Excel workbook (XLSX). Save it as CSV or XLSX and upload it again.`;
    case 'unreadable':
      return `${subject} could not be read as a CSV file or an Excel workbook (XLSX).`;
    case 'too-many-rows':
      return `${subject} holds more than ${USER_SHEET_MAX_ROWS.toLocaleString('en-US')} users. Split it into smaller files.`;
  }
}

export type SheetRead = { ok: true; rows: string[][] } | { ok: false; error: UserRowError };

/** The cells of the uploaded file, or the sentence saying why it could not be read. */
export async function readSheetInWorker(bytes: Buffer, fileName: string | null): Promise<SheetRead> {
  const subject = fileName ? `The file ${fileName}` : 'The file';
  const whole = (message: string): SheetRead => ({ ok: false, error: { row: null, column: null, message } });
  let result: UserSheetResult;
  try {
    result = await runUserSheetJob(bytes);
  } catch (error) {
    if (error instanceof ParserJobStopped) {
      if (error.failure === 'busy') throw parsersBusy();
      return whole(
        error.failure === 'timeout'
          ? `${subject} took too long to read and was refused.`
          : `${subject} is too complex to be read safely.`,
      );
    }
    throw error;
  }
  if (!result.ok) return whole(refusal(subject, result.reason));
  return { ok: true, rows: result.rows };
}
