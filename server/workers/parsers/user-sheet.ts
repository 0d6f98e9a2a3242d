import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ParserLimits } from '../../modules/files/parser-limits';
import { decodePlainText, isZip } from './detect';
import { checkZip } from './zip-guard';

/**
 * Reading an uploaded sheet of users (issue 13), in the parser worker: CSV by papaparse, XLSX by
 * exceljs's streaming reader after the zip bounds. Only the first sheet is read and only its cells'
 * text comes back; what the cells mean is decided on the request thread.
 */

/** Rows a sheet may hold besides its header: a larger onboarding is split into several files. */
export const USER_SHEET_MAX_ROWS = 10_000;

/**
 * The last column an XLSX row may reach (AMJ): the template has eight, and unknown columns are
 * ignored. A cell's column comes from its reference, and exceljs walks every column up to a row's
 * last cell more than once per row: one cell in column XFD on each of 10,000 rows held a parser
 * for its whole 30 s clock. Such a file is refused at its first row past the bound.
 */
export const USER_SHEET_MAX_COLUMNS = 1_024;

export type UserSheetRefusal =
  | 'zip-too-many-entries'
  | 'zip-entry-too-large'
  | 'zip-too-large'
  | 'zip-unreadable'
  | 'xml-too-deep'
  | 'not-a-sheet'
  | 'unreadable'
  | 'too-many-rows'
  | 'too-many-columns';

export interface UserSheetJob {
  kind: 'user-sheet';
  bytes: Uint8Array;
  limits: ParserLimits;
}

export type UserSheetResult =
  { ok: true; format: 'csv' | 'xlsx'; rows: string[][] } | { ok: false; reason: UserSheetRefusal };

class TooManyRows extends Error {}
class TooManyColumns extends Error {}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result);
    if ('error' in value) return '';
  }
  return '';
};

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows: string[][] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      // A row numbered past the limit is refused before the rows in between are made.
      if (row.number > USER_SHEET_MAX_ROWS + 1) throw new TooManyRows();
      if (row.cellCount > USER_SHEET_MAX_COLUMNS) throw new TooManyColumns();
      const values = row.values as ExcelJS.CellValue[];
      const cells: string[] = [];
      // exceljs numbers columns from 1; sparse rows keep their positions.
      for (let col = 1; col < values.length; col += 1) cells[col - 1] = cellText(values[col]);
      // Row numbers matter for the messages: blank rows in between are kept as empty rows.
      while (rows.length < row.number - 1) rows.push([]);
      rows.push(Array.from(cells, (c) => c ?? ''));
      if (rows.length > USER_SHEET_MAX_ROWS + 1) throw new TooManyRows();
    }
    break; // the first sheet only
  }
  return rows;
}

function readCsv(text: string): string[][] | null {
  const parsed = Papa.parse<string[]>(text, { preview: USER_SHEET_MAX_ROWS + 2, skipEmptyLines: false });
  if (parsed.data.length > USER_SHEET_MAX_ROWS + 1) {
    // A last line that is only a line break is not a row.
    const extra = parsed.data.slice(USER_SHEET_MAX_ROWS + 1);
    if (extra.some((row) => row.some((cell) => cell.trim() !== ''))) throw new TooManyRows();
  }
  return parsed.data;
}

/** The cells of the first sheet of an uploaded CSV or XLSX, told apart by content, never by name. */
export async function readUserSheet(bytes: Buffer, limits: ParserLimits): Promise<UserSheetResult> {
  try {
    if (isZip(bytes)) {
      const verdict = await checkZip(bytes, limits);
      if (!verdict.ok) return { ok: false, reason: verdict.reason };
      try {
        return { ok: true, format: 'xlsx', rows: await readXlsx(bytes) };
      } catch (error) {
        if (error instanceof TooManyRows) throw error;
        if (error instanceof TooManyColumns) return { ok: false, reason: 'too-many-columns' };
        return { ok: false, reason: 'unreadable' };
      }
    }
    const text = decodePlainText(bytes);
    if (text === null) return { ok: false, reason: 'not-a-sheet' };
    const rows = readCsv(text);
    if (!rows) return { ok: false, reason: 'unreadable' };
    return { ok: true, format: 'csv', rows };
  } catch (error) {
    if (error instanceof TooManyRows) return { ok: false, reason: 'too-many-rows' };
    throw error;
  }
}
