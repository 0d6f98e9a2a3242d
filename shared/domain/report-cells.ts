/**
 * Cells of a report export. A spreadsheet runs text that begins with = + - @ (or a tab or carriage
 * return, which some spreadsheets skip before looking) as a formula: such text gets a leading
 * single quote, so it is shown as typed and never evaluated. Numbers stay numbers.
 */
export type ExportCell = string | number | boolean | null;

const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

export function neutraliseCell(value: ExportCell): ExportCell {
  if (typeof value !== 'string' || value.length === 0) return value;
  return FORMULA_START.has(value[0]!) ? `'${value}` : value;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(value: ExportCell): string {
  const cell = neutraliseCell(value);
  if (cell === null) return '';
  const textValue = typeof cell === 'boolean' ? (cell ? 'Yes' : 'No') : String(cell);
  return /[",\r\n]/.test(textValue) ? `"${textValue.replace(/"/g, '""')}"` : textValue;
}

export const csvLine = (values: readonly ExportCell[]): string => `${values.map(csvField).join(',')}\r\n`;

/** 'yyyy-mm' of a UTC date, and the month `offset` months after it. */
export function monthKey(date: Date, offset = 0): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 2026' for '2026-11'. */
export function monthLabel(key: string): string {
  const [year, month] = key.split('-').map(Number);
  return `${MONTH_NAMES[(month ?? 1) - 1] ?? ''} ${year ?? ''}`;
}

/** Every month key from `from` to `to` inclusive ('yyyy-mm'). */
export function monthsBetween(from: string, to: string): string[] {
  const [fy, fm] = from.split('-').map(Number);
  const start = new Date(Date.UTC(fy ?? 1970, (fm ?? 1) - 1, 1));
  const months: string[] = [];
  for (let i = 0; ; i += 1) {
    const key = monthKey(start, i);
    if (key > to) break;
    months.push(key);
  }
  return months;
}

/** Months between two keys, counting both ends. */
export function monthSpan(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return ((ty ?? 0) - (fy ?? 0)) * 12 + ((tm ?? 0) - (fm ?? 0)) + 1;
}

/** A file name for a download: letters, digits, dash and underscore, never empty. */
export function exportFileName(title: string, date: Date, extension: string): string {
  const base =
    title
      .replace(/&/g, 'and')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'report';
  return `${base}_${date.toISOString().slice(0, 10)}.${extension}`;
}
