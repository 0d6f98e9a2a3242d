import type { FastifyReply } from 'fastify';
import type { FileStore } from '../../platform/file-store';

/** An RFC 6266 Content-Disposition: an ASCII fallback name and the exact name as RFC 5987 filename*. */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment'): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/["\\;]/g, '_')
    .trim();
  const fallback = ascii === '' || ascii.startsWith('.') ? `file${ascii}` : ascii;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface DownloadableFile {
  storageKey: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
}

/**
 * A HEAD request is the page asking whether the file may be downloaded before the browser
 * downloads it (web/lib/checked-download.ts): it gets the headers and never costs a read of the file.
 */
export const headersOnly = (reply: FastifyReply): boolean => reply.request.method === 'HEAD';

/**
 * Streams a stored file with the headers that keep a browser from guessing: the stored type,
 * nosniff, a safe name, and a sandbox for anything shown inline.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  files: FileStore,
  file: DownloadableFile,
  disposition: 'inline' | 'attachment',
): Promise<FastifyReply> {
  const stream = headersOnly(reply) ? undefined : await files.stream(file.storageKey);
  return reply
    .header('Content-Type', file.mimeType === 'text/plain' ? 'text/plain; charset=utf-8' : file.mimeType)
    .header('Content-Length', String(file.sizeBytes))
    .header('Content-Disposition', contentDisposition(file.originalName, disposition))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(stream);
}
