import { PassThrough, type Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { Zip, ZipPassThrough } from 'fflate';
import { isReportDateColumn, type ReportColumn } from '../../../shared/api/reporting';
import { formatDisplayDate, toUtcCalendarDate } from '../../../shared/domain/dates';
import { csvLine, exportFileName, type ExportCell } from '../../../shared/domain/report-cells';
import { queryRows } from '../../db/client';
import type { OrgCtx } from '../../http/routes';
import { contentDisposition } from '../library/document-file';
import { openExportSpool, type ExportSpool } from './reporting.spool';

/**
 * Exports are written whole to a temporary file while the request's transaction is open, then sent
 * from it after the commit (reporting.spool.ts): the rows come from a cursor in batches of
 * EXPORT_BATCH (the whole report never sits in memory), each batch written to the file before the
 * next is fetched, so the cursor sees one consistent snapshot and the transaction never waits for
 * the client. A query that fails does so before anything is sent: the answer is a clean error.
 */
export const EXPORT_BATCH = 1000;

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Spec: dates shown 'MMM dd, yyyy' (Jun 15, 2026), in the spreadsheet's own format codes. */
const XLSX_DATE_FORMAT = 'mmm dd, yyyy';
/** Excel reads a CSV file as UTF-8 only when it begins with the byte-order mark ('Hygiène', not 'HygiÃ¨ne'). */
const UTF8_BOM = '\uFEFF';

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

/**
 * Writes a whole report as CSV or XLSX to a temporary file, the request's answer (`exportAnswer`).
 * Formula-like text is neutralised in CSV (a leading quote); in XLSX every text is a string cell,
 * which a spreadsheet never evaluates, so it is written as it is.
 */
export async function streamReport(ctx: OrgCtx, spec: ExportSpec): Promise<void> {
  const spool = openExportSpool(ctx, spec.format);
  try {
    if (spec.format === 'csv') await writeCsv(ctx, spec, spool);
    else await writeXlsx(ctx, spec, spool);
  } catch (error) {
    await spool.discard();
    throw error;
  }
  const fileName = exportFileName(spec.title, ctx.now, spec.format);
  exportBodies.set(
    ctx.reply,
    await spool.body(spec.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_MIME, fileName),
  );
}

/** Each request's written export, from `streamReport` to the route that answers with it. */
const exportBodies = new WeakMap<OrgCtx['reply'], Readable>();

/**
 * The answer of a request whose export `streamReport` has written: its file, which the route's
 * handler returns so that it is sent once the transaction has committed. (Returning the reply itself
 * would hold the transaction open until the client had read the last byte: Fastify's reply is also a
 * promise of the response's end.)
 */
export function exportAnswer(ctx: OrgCtx): Readable {
  const body = exportBodies.get(ctx.reply);
  if (!body) throw new Error('No export was written for this request.');
  exportBodies.delete(ctx.reply);
  return body;
}

/** Which columns hold dates: written as the screen shows them ('MMM dd, yyyy', UTC), not as the API's. */
const datedColumns = (spec: ExportSpec): boolean[] => spec.columns.map((column) => isReportDateColumn(column.key));

async function writeCsv(ctx: OrgCtx, spec: ExportSpec, spool: ExportSpool): Promise<void> {
  const dated = datedColumns(spec);
  const valuesOf = (row: Record<string, unknown>): ExportCell[] =>
    spec.columns.map((column, i) => {
      const cell = cellOf(row[column.key]);
      return dated[i] && typeof cell === 'string' && cell !== '' ? formatDisplayDate(cell) || cell : cell;
    });
  await spool.write(UTF8_BOM + csvLine(spec.columns.map((column) => column.label)));
  for await (const rows of batches(ctx, spec.query)) {
    await spool.write(rows.map((row) => csvLine(valuesOf(row))).join(''));
  }
  await spool.finish({ end: true });
}

async function writeXlsx(ctx: OrgCtx, spec: ExportSpec, spool: ExportSpool): Promise<void> {
  // Loaded on the first XLSX export only, so the server does not carry it from start. Only its
  // streaming writer is used here, on rows of our own: reading workbooks stays in the parser workers.
  const { default: ExcelJS } = await import('exceljs');
  // Styles for the date cells' display format (one style, shared by every date cell). No shared
  // strings: their table would hold every distinct text of the report in memory until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: spool.file,
    useStyles: true,
    useSharedStrings: false,
  });
  // Sheet names may not hold : \ / ? * [ ] and are at most 31 characters.
  const sheet = workbook.addWorksheet(spec.title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
  sheet.addRow(spec.columns.map((column) => column.label)).commit();
  const dated = datedColumns(spec);
  // A date is a real date cell (the spreadsheet sorts and filters it as a date; text 'Jun 15, 2026'
  // would sort alphabetically), shown as the screen shows it: its UTC calendar day, 'MMM dd, yyyy'.
  // Text is a string cell as it is: '=1+1 Isolation' stays that text (sorted and filtered as such),
  // never a formula, since only a cell stored as a formula is ever evaluated.
  const valuesOf = (row: Record<string, unknown>): Array<ExportCell | Date> =>
    spec.columns.map((column, i) => {
      const value = row[column.key];
      if (!dated[i]) return cellOf(value);
      const day = toUtcCalendarDate(value instanceof Date || typeof value === 'string' ? value : null);
      return day ? new Date(Date.UTC(day.year, day.month - 1, day.day)) : cellOf(value);
    });
  // The date columns' format is set once: each cell a row adds takes its column's style.
  dated.forEach((isDate, i) => {
    if (isDate) sheet.getColumn(i + 1).numFmt = XLSX_DATE_FORMAT;
  });
  for await (const rows of batches(ctx, spec.query)) {
    for (const row of rows) sheet.addRow(valuesOf(row)).commit();
    await spool.drained();
  }
  sheet.commit();
  // The workbook ends the file itself; a file discarded meanwhile (the client gone) never finishes,
  // so the wait is for the file's close, whichever comes.
  await Promise.all([workbook.commit(), spool.finish({ end: false })]);
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

/**
 * `entries` with the first one opened now, in the request's handler: a file missing from storage is
 * then a clean 404 before any header is decided. The file opened is closed when the answer ends,
 * should the zip never read it (the transaction failed after it, the client left).
 */
export async function withFirstOpened(ctx: OrgCtx, entries: readonly ZipEntrySource[]): Promise<ZipEntrySource[]> {
  const [first, ...rest] = entries;
  if (!first) return [];
  const source = await first.open();
  ctx.reply.raw.once('close', () => source.destroy());
  return [{ name: first.name, open: () => Promise.resolve(source) }, ...rest];
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
 * A zip download written after the request's transaction has ended: the handler returns the
 * stream (Fastify sends it) and commits what it wrote (a download's log entry) at once; the
 * entries then read what they need in transactions of their own, one entry at a time. The
 * writing starts on the next turn, once the handler has returned.
 */
export function zipAfterCommit(
  ctx: OrgCtx,
  fileName: string,
  entries: Iterable<ZipEntrySource> | AsyncIterable<ZipEntrySource>,
): PassThrough {
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
