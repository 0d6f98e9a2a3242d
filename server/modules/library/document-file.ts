import type { FastifyReply } from 'fastify';
import type { FilePreview } from '../../../shared/api/library';
import type { FileStore } from '../../platform/file-store';
import { headersOnly } from '../files/download';
import { storedDocxHtml } from '../files/docx-preview';

/**
 * Serving a stored document: the bytes inline or as an attachment with a safe Content-Disposition
 * and `nosniff`, or as HTML for the reading view (DOCX through mammoth; a PDF is shown by the
 * browser itself). The conversion runs in the parser worker pool, once per stored file.
 */

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF_MIME = 'application/pdf';

export interface StoredDocument {
  storageKey: string;
  originalName: string;
  mimeType: string;
  extension: string;
}

export type PreviewKind = FilePreview['kind'];

export function previewKind(doc: Pick<StoredDocument, 'mimeType' | 'extension'>): PreviewKind {
  const ext = doc.extension.toLowerCase();
  if (doc.mimeType === PDF_MIME || ext === 'pdf') return 'pdf';
  if (doc.mimeType === DOCX_MIME || ext === 'docx') return 'html';
  return 'none';
}

/** A file name safe in a header: no path, no control or quoting characters; UTF-8 in filename*. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'document';
  // Control characters and quotes would break the header: drop them (by code point, no regex).
  const cleaned =
    [...base]
      .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && ch !== '"')
      .join('')
      .trim() || 'document';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/[;\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cleaned)}`;
}

/** Sends the bytes: `download` as an attachment, `view` inline with the stored type. */
export async function sendDocument(
  reply: FastifyReply,
  files: FileStore,
  doc: StoredDocument,
  action: 'view' | 'download',
): Promise<FastifyReply> {
  const bytes = headersOnly(reply) ? undefined : await files.get(doc.storageKey);
  // Inline only for types a browser shows without running anything of the file's; else download.
  const inline = action === 'view' && previewKind(doc) === 'pdf';
  return reply
    .header('content-type', inline ? PDF_MIME : doc.mimeType || 'application/octet-stream')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', doc.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** The reading view's rendering: HTML of a DOCX, or which other way to show it. */
export async function previewDocument(files: FileStore, doc: StoredDocument): Promise<FilePreview> {
  const kind = previewKind(doc);
  if (kind !== 'html') return { kind, html: null };
  // Converted in a parser worker, under its heap and time limits (issue 9), once per stored file.
  return { kind, html: await storedDocxHtml(files, doc.storageKey) };
}
