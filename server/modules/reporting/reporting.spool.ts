import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { ClientGoneError } from '../../http/cancel-on-disconnect';
import type { OrgCtx } from '../../http/routes';
import { contentDisposition } from '../library/document-file';
import { exportSpoolFileName } from './export-spool-name';

/**
 * A report export is written to a temporary file while the request's transaction is open, and sent
 * from that file once the transaction has committed (the handler returns the file's stream, which
 * the route sends after the commit). The transaction then lasts as long as the database and the disk
 * take, never as long as the client: on the embedded database (one connection) a transaction held
 * open by a slow client stalled every other request for the whole download.
 * Memory stays flat: rows go to the file a batch at a time, waiting whenever the file's buffer is
 * full, and the file goes to the client the same way. Only the server's own user may read the file,
 * and it is removed when the answer ends, however it ends (sent, refused after an error, the client
 * gone).
 */
export interface ExportSpool {
  /** The file being written (the XLSX writer streams its workbook into it). */
  readonly file: Writable;
  /** Writes `text`, waiting while the file's buffer is full. */
  write(text: string): Promise<void>;
  /** Waits until the file's buffer has room again (after rows handed to the XLSX writer). */
  drained(): Promise<void>;
  /** Waits until the file is whole on disk; `end` ends it first (the XLSX writer ends it itself). */
  finish(options: { end: boolean }): Promise<void>;
  /**
   * The finished file as the request's answer, its headers (with its length) set on the reply: the
   * handler returns it, and the route sends it once the transaction has committed.
   */
  body(contentType: string, fileName: string): Promise<Readable>;
  /** Removes the file (and stops reading or writing it): the export is not sent. */
  discard(): Promise<void>;
}

/** Resolves once `stream` has closed its file (at once when it has already). */
const closed = (stream: Writable | Readable): Promise<void> =>
  stream.closed ? Promise.resolve() : new Promise((resolve) => stream.once('close', () => resolve()));

/** Starts an export's temporary file, removed when the request's answer ends. */
export function openExportSpool(ctx: OrgCtx, extension: string): ExportSpool {
  const filePath = path.join(os.tmpdir(), exportSpoolFileName(extension));
  // 'wx': a new file, never one already there; 0600: the organisation's rows are for the server alone.
  const file = createWriteStream(filePath, { flags: 'wx', mode: 0o600 });
  // A failure to write is met by the next write or wait, which rejects; nothing is left unhandled.
  let failure: Error | null = null;
  file.on('error', (error) => {
    failure = error;
  });
  let reading: Readable | null = null;
  let discarding: Promise<void> | null = null;
  let clientGone = false;

  const discard = (): Promise<void> =>
    (discarding ??= (async () => {
      file.destroy();
      reading?.destroy();
      await Promise.all([closed(file), reading ? closed(reading) : Promise.resolve()]);
      await rm(filePath, { force: true });
    })().catch((error: unknown) => {
      ctx.deps.log.warn({ err: error }, 'A temporary export file could not be removed');
    }));

  // However the answer ends. A client gone before the end also stops the writing (see `ready`).
  const response = ctx.reply.raw;
  response.once('close', () => {
    if (!response.writableFinished) clientGone = true;
    void discard();
  });

  /** Throws when the export is not to go on: the file failed, or nobody is left to receive it. */
  const ready = (): void => {
    if (clientGone) throw new ClientGoneError();
    if (failure) throw failure;
    if (discarding) throw new Error('The export file was discarded.');
  };

  const drained = async (): Promise<void> => {
    ready();
    if (file.writableNeedDrain) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          file.off('drain', done);
          file.off('close', done);
          resolve();
        };
        file.on('drain', done);
        file.on('close', done);
      });
    }
    ready();
  };

  return {
    file,
    drained,
    async write(text) {
      ready();
      file.write(text);
      await drained();
    },
    async finish({ end }) {
      ready();
      if (end) file.end();
      await closed(file);
      ready();
    },
    async body(contentType, fileName) {
      ready();
      const size = file.bytesWritten;
      // Opened here, in the handler: a file that cannot be read is a clean error, before any header.
      const handle = await open(filePath, 'r');
      if (discarding) {
        await handle.close();
        ready(); // throws: discarded meanwhile (the client left)
      }
      reading = handle.createReadStream();
      ctx.reply
        .header('content-type', contentType)
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('content-length', String(size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reading;
    },
    discard,
  };
}
