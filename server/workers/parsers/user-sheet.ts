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
 * Columns of an XLSX row that are read: the template has eight, and unknown columns are ignored.
 * A cell's column comes from its reference, so one cell in column XFD would otherwise make a row
 * of 16,384 cells: 10,000 such rows held a parser for its whole 30 s clock.
 */
export const USER_SHEET_MAX_COLUMNS = 256;

export type UserSheetRefusal =
  | 'zip-too-many-entries'
  | 'zip-entry-too-large'
  | 'zip-too-large'
  | 'zip-unreadable'
  | 'xml-too-deep'
  | 'not-a-sheet'
  | 'unreadable'
  | 'too-many-rows';

export interface UserSheetJob {
  kind: 'user-sheet';
  bytes: Uint8Array;
  limits: ParserLimits;
}

export type UserSheetResult =
  { ok: true; format: 'csv' | 'xlsx'; rows: string[][] } | { ok: false; reason: UserSheetRefusal };

class TooManyRows extends Error {}

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
      const values = row.values as ExcelJS.CellValue[];
      const cells: string[] = [];
      // exceljs numbers columns from 1; sparse rows keep their positions.
      const lastColumn = Math.min(values.length, USER_SHEET_MAX_COLUMNS + 1);
      for (let col = 1; col < lastColumn; col += 1) cells[col - 1] = cellText(values[col]);
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
