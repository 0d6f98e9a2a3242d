import { PassThrough, type Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { Zip, ZipPassThrough } from 'fflate';
import { isReportDateColumn, type ReportColumn } from '../../../shared/api/reporting';
import { formatDisplayDate, toUtcCalendarDate } from '../../../shared/domain/dates';
import { csvLine, exportFileName, neutraliseCell, type ExportCell } from '../../../shared/domain/report-cells';
import { queryRows } from '../../db/client';
import type { OrgCtx } from '../../http/routes';
import { contentDisposition } from '../library/document-file';

/**
 * Exports stream: the rows come from a cursor in batches of EXPORT_BATCH (the whole report never
 * sits in memory) and each batch is written to the reply before the next is fetched, waiting for
 * the client whenever the reply's buffer is full. The transaction of the request stays open until
 * the last byte is written, so the cursor sees one consistent snapshot.
 */
export const EXPORT_BATCH = 1000;

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Spec: dates shown 'MMM dd, yyyy' (Jun 15, 2026), in the spreadsheet's own format codes. */
const XLSX_DATE_FORMAT = 'mmm dd, yyyy';

/** Waits until the reply can take more, or the client has gone (then the caller stops). */
async function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** Starts a download on the reply: the stream is handed to Fastify at once and written while rows are read. */
function startDownload(ctx: OrgCtx, contentType: string, fileName: string): PassThrough {
  const out = new PassThrough();
  void ctx.reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(out);
  return out;
}

let cursorSeq = 0;

/** Every row of `query`, EXPORT_BATCH at a time, through a server-side cursor of the request's transaction. */
async function* batches(ctx: OrgCtx, query: SQL): AsyncGenerator<Record<string, unknown>[]> {
  cursorSeq = (cursorSeq + 1) % 1_000_000;
  const name = sql.identifier(`report_export_${cursorSeq}`);
  await ctx.tx.execute(sql`declare ${name} no scroll cursor for ${query}`);
  try {
    for (;;) {
      const rows = await queryRows<Record<string, unknown>>(
        ctx.tx,
        sql`fetch forward ${sql.raw(String(EXPORT_BATCH))} from ${name}`,
      );
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < EXPORT_BATCH) return;
    }
  } finally {
    await ctx.tx.execute(sql`close ${name}`);
  }
}

const cellOf = (value: unknown): ExportCell => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
};

export interface ExportSpec {
  title: string;
  columns: ReportColumn[];
  query: SQL;
  format: 'csv' | 'xlsx';
}

/** Streams a whole report as CSV or XLSX on the reply; formula-like text is neutralised in both. */
export async function streamReport(ctx: OrgCtx, spec: ExportSpec): Promise<void> {
  const fileName = exportFileName(spec.title, ctx.now, spec.format);
  const header = spec.columns.map((column) => column.label);
  // Dates as the screen shows them ('MMM dd, yyyy', UTC), not the API's yyyy-mm-dd and ISO times.
  const dated = spec.columns.map((column) => isReportDateColumn(column.key));
  const valuesOf = (row: Record<string, unknown>): ExportCell[] =>
    spec.columns.map((column, i) => {
      const cell = cellOf(row[column.key]);
      return dated[i] && typeof cell === 'string' && cell !== '' ? formatDisplayDate(cell) || cell : cell;
    });

  if (spec.format === 'csv') {
    const out = startDownload(ctx, 'text/csv; charset=utf-8', fileName);
    out.write(csvLine(header));
    for await (const rows of batches(ctx, spec.query)) {
      if (out.destroyed) break;
      out.write(rows.map((row) => csvLine(valuesOf(row))).join(''));
      await drained(out);
    }
    out.end();
    return;
  }

  // Loaded on the first XLSX export only, so the server does not carry it from start. Only its
  // streaming writer is used here, on rows of our own: reading workbooks stays in the parser workers.
  const { default: ExcelJS } = await import('exceljs');
  const out = startDownload(ctx, XLSX_MIME, fileName);
  // Styles for the date cells' display format (one style, shared by every date cell).
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  // Sheet names may not hold : \ / ? * [ ] and are at most 31 characters.
  const sheet = workbook.addWorksheet(spec.title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
  sheet.addRow(header).commit();
  // A date is a real date cell (the spreadsheet sorts and filters it as a date; text 'Jun 15, 2026'
  // would sort alphabetically), shown as the screen shows it: its UTC calendar day, 'MMM dd, yyyy'.
  const xlsxValuesOf = (row: Record<string, unknown>): Array<ExportCell | Date> =>
    spec.columns.map((column, i) => {
      const value = row[column.key];
      if (!dated[i]) return neutraliseCell(cellOf(value));
      const day = toUtcCalendarDate(value instanceof Date || typeof value === 'string' ? value : null);
      return day ? new Date(Date.UTC(day.year, day.month - 1, day.day)) : neutraliseCell(cellOf(value));
    });
  // The date columns' format is set once: each cell a row adds takes its column's style.
  dated.forEach((isDate, i) => {
    if (isDate) sheet.getColumn(i + 1).numFmt = XLSX_DATE_FORMAT;
  });
  for await (const rows of batches(ctx, spec.query)) {
    if (out.destroyed) break;
    for (const row of rows) sheet.addRow(xlsxValuesOf(row)).commit();
    await drained(out);
  }
  // A client that left gets nothing more: finishing the workbook would write to a closed stream.
  if (out.destroyed) return;
  sheet.commit();
  await workbook.commit();
}

export interface ZipEntrySource {
  /** Read once the entry is open, so `open` may still change it. */
  name: string;
  open(): Promise<Readable>;
}

/** Writes the zip of `entries` to `out`, `first` already opened; a file that fails cuts the zip short. */
async function pumpZip(
  ctx: Pick<OrgCtx, 'deps'>,
  out: PassThrough,
  iterator: AsyncIterator<ZipEntrySource>,
  first: { entry: ZipEntrySource; source: Readable } | null,
): Promise<void> {
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  try {
    let current = first;
    while (current && !out.destroyed) {
      const file = new ZipPassThrough(current.entry.name);
      zip.add(file);
      for await (const chunk of current.source as AsyncIterable<Buffer | Uint8Array | string>) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        file.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        await drained(out);
      }
      file.push(new Uint8Array(0), true);
      const next = await iterator.next();
      current = next.done ? null : { entry: next.value, source: await next.value.open() };
    }
  } catch (error) {
    // The answer has started: a later file missing from storage can only cut the download short
    // (the client sees a broken zip, never a partial one that looks whole).
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    ctx.deps.log.warn({ err: error }, 'A zip download was cut short');
    return;
  }
  if (out.destroyed) return;
  zip.end();
}

const iteratorOf = (
  entries: Iterable<ZipEntrySource> | AsyncIterable<ZipEntrySource>,
): AsyncIterator<ZipEntrySource> =>
  Symbol.asyncIterator in entries
    ? entries[Symbol.asyncIterator]()
    : (() => {
        const sync = entries[Symbol.iterator]();
        return { next: () => Promise.resolve(sync.next()) };
      })();

/**
 * Streams a zip of files on the reply. The first file is opened before anything is sent, so a
 * missing file is a clean 404; entries are stored (document formats are compressed already).
 * Entries may come from an async iterable, so a large bundle is read as it is written: only one
 * entry (and the reply's buffer) is in memory at a time.
 */
export async function streamZip(
  ctx: OrgCtx,
  fileName: string,
  entries: Iterable<ZipEntrySource> | AsyncIterable<ZipEntrySource>,
): Promise<void> {
  const iterator = iteratorOf(entries);
  const head = await iterator.next();
  const first = head.done ? null : { entry: head.value, source: await head.value.open() };
  const out = startDownload(ctx, 'application/zip', fileName);
  await pumpZip(ctx, out, iterator, first);
}

/**
 * A zip download written after the request's transaction has ended: the handler returns the
 * stream (Fastify sends it) and commits what it wrote (a download's log entry) at once; the
 * entries then read what they need in transactions of their own, one entry at a time. The
 * writing starts on the next turn, once the handler has returned.
 */
export function zipAfterCommit(ctx: OrgCtx, fileName: string, entries: AsyncIterable<ZipEntrySource>): PassThrough {
  const out = new PassThrough();
  ctx.reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  setImmediate(() => {
    void (async () => {
      const iterator = iteratorOf(entries);
      try {
        const head = await iterator.next();
        const first = head.done ? null : { entry: head.value, source: await head.value.open() };
        await pumpZip(ctx, out, iterator, first);
      } catch (error) {
        out.destroy(error instanceof Error ? error : new Error(String(error)));
        ctx.deps.log.warn({ err: error }, 'A zip download failed');
      }
    })();
  });
  return out;
}
