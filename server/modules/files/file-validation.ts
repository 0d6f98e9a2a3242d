import { createHash } from 'node:crypto';
import { unprocessable } from '../../http/errors';
import { ACCEPTED_FILE_TYPES, isAcceptedExtension, type AcceptedExtension } from './file-types';
import { fileStopSentences, inWorker, megabytes, refusalMessage } from './parser-messages';
import { inspectInWorker } from './parser-pool';

/** A file part as it arrived: the client's name, the bytes read, and whether the size limit cut it. */
export interface RawUpload {
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

/** A file that passed every check, with what we store about it. */
export interface CheckedFile {
  originalName: string;
  extension: AcceptedExtension;
  mimeType: string;
  bytes: Buffer;
  sizeBytes: number;
  sha256: string;
  extractedText: string;
}

const NAME_MAX = 255;

/**
 * The name a user gave, made safe to show and to offer back on download. A name that tries to
 * reach outside its folder (slashes, '..') is refused; the storage key never comes from it.
 */
export function safeFileName(raw: string): string {
  const name = raw.normalize('NFC').trim();
  if (name === '') throw unprocessable('The file has no name.');
  if (/[/\\]/.test(name) || name === '.' || name === '..' || name.split(/[/\\]/).includes('..')) {
    throw unprocessable(`The file name ${JSON.stringify(raw)} is not allowed: a file name must not contain a path.`);
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001F\u007F]/.test(name)) throw unprocessable('The file name must not contain control characters.');
  if (name.length <= NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 9 ? name.slice(dot) : '';
  return name.slice(0, NAME_MAX - ext.length) + ext;
}

/** The name with the extension the content proved (a real DOCX named .pdf is offered back as .docx). */
function withExtension(name: string, ext: AcceptedExtension): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base}.${ext}`.slice(-NAME_MAX);
}

/** The type the name's extension claims, when it is one we accept ('Policy.PDF' claims pdf). */
function claimedExtension(name: string): AcceptedExtension | null {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return isAcceptedExtension(ext) ? ext : null;
}

/**
 * A name that promises a document (.pdf, .docx, .doc, .xlsx, .pptx) over bytes that are only plain
 * text is refused: stored as .txt without a word, the user would find a text file where they had
 * uploaded what they took for a PDF. A real document under another document's extension is kept
 * and renamed by its content (below): its content is still the document the user meant.
 */
function refuseTextPosingAsDocument(name: string, found: AcceptedExtension): void {
  const claimed = claimedExtension(name);
  if (found !== 'txt' || claimed === null || claimed === 'txt') return;
  const label = ACCEPTED_FILE_TYPES[claimed].label;
  throw unprocessable(
    `The file ${name} is not in ${label} format: its content is plain text. ` +
      `Save it again as ${label}, or rename it to ${withExtension(name, 'txt')} to upload it as text.`,
  );
}

/**
 * Every check of issues 5 and 9, in an order that keeps parsers away from hostile bytes: the name,
 * the size limit and emptiness here; then, in a parser worker under its heap and time limits, zip
 * bounds, the type by content and the text extraction (a DOCX or PDF that cannot be parsed is
 * refused too).
 */
export async function checkUpload(upload: RawUpload, maxBytes: number): Promise<CheckedFile> {
  const name = safeFileName(upload.fileName);
  if (upload.truncated || upload.bytes.length > maxBytes) {
    throw unprocessable(`The file ${name} is larger than the ${megabytes(maxBytes)} MB limit.`);
  }
  if (upload.bytes.length === 0) throw unprocessable(`The file ${name} is empty.`);
  const inspected = await inWorker(fileStopSentences(`The file ${name}`), () => inspectInWorker(upload.bytes));
  if (!inspected.ok) throw unprocessable(refusalMessage(`The file ${name}`, inspected));
  const ext = inspected.extension;
  refuseTextPosingAsDocument(name, ext);
  const extractedText = inspected.text;
  return {
    originalName: withExtension(name, ext),
    extension: ext,
    mimeType: ACCEPTED_FILE_TYPES[ext].mime,
    bytes: upload.bytes,
    sizeBytes: upload.bytes.length,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    extractedText,
  };
}
