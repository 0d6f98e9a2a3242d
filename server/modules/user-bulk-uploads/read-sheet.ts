import type { UserRowError } from '../../../shared/api/user-bulk-uploads';
import { parsersBusy, refusalMessage } from '../files/parser-messages';
import { ParserJobStopped, parserPool } from '../files/parser-pool';
import {
  USER_SHEET_MAX_COLUMNS,
  USER_SHEET_MAX_ROWS,
  type UserSheetRefusal,
  type UserSheetResult,
} from '../../workers/parsers/user-sheet';

/** Reads the sheet's cells in the parser pool. */
const runUserSheetJob = (bytes: Buffer): Promise<UserSheetResult> =>
  parserPool().run<UserSheetResult>({
    kind: 'user-sheet',
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  });

/** The sheet's own refusals; the zip and XML checks it shares with documents say what they always say. */
function refusal(subject: string, reason: UserSheetRefusal): string {
  switch (reason) {
    case 'zip-too-many-entries':
    case 'zip-entry-too-large':
    case 'zip-too-large':
    case 'zip-unreadable':
    case 'xml-too-deep':
      return refusalMessage(subject, { ok: false, reason });
    case 'not-a-sheet':
      return `${subject} is neither a CSV file nor an Excel workbook (XLSX). Save it as CSV or XLSX and upload it again.`;
    case 'unreadable':
      return `${subject} could not be read as a CSV file or an Excel workbook (XLSX).`;
    case 'too-many-columns':
      return `${subject} has cells past column ${USER_SHEET_MAX_COLUMNS.toLocaleString('en-US')}; the template has eight columns. Delete the cells far to the right and upload it again.`;
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
