import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { unprocessable } from '../../http/errors';
import { ACCEPTED_FILE_TYPES, ACCEPTED_LABELS, ZIP_MAX_UNCOMPRESSED_BYTES, type AcceptedExtension } from './file-types';
import { decodePlainText, extractText, UnreadableFile } from './text-extraction';
import { checkZip } from './zip-guard';

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

const MB = 1024 * 1024;
const NAME_MAX = 255;
const megabytes = (bytes: number): string => (bytes % MB === 0 ? String(bytes / MB) : (bytes / MB).toFixed(1));

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

const hasUtf16 = (bytes: Buffer, text: string): boolean => bytes.includes(Buffer.from(text, 'utf16le'));

/** What the bytes are, by content only. Zips must pass `checkZip` before this runs. */
async function detect(bytes: Buffer): Promise<AcceptedExtension | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return decodePlainText(bytes) === null ? null : 'txt';
  if (found.ext === 'docx' || found.ext === 'xlsx' || found.ext === 'pptx' || found.ext === 'pdf') return found.ext;
  // A compound file is a DOC only when it holds Word's main stream (an MSI or XLS is also a compound file).
  if (found.ext === 'cfb' && hasUtf16(bytes, 'WordDocument')) return 'doc';
  return null;
}

const isZip = (bytes: Buffer): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

/**
 * Every check of issue 5, in an order that keeps parsers away from hostile bytes: the name, the
 * size limit, emptiness, zip bounds (entry count and uncompressed size), the type by content, and
 * finally the text extraction (a DOCX or PDF that cannot be parsed is refused too).
 */
export async function checkUpload(upload: RawUpload, maxBytes: number): Promise<CheckedFile> {
  const name = safeFileName(upload.fileName);
  if (upload.truncated || upload.bytes.length > maxBytes) {
    throw unprocessable(`The file ${name} is larger than the ${megabytes(maxBytes)} MB limit.`);
  }
  if (upload.bytes.length === 0) throw unprocessable(`The file ${name} is empty.`);
  if (isZip(upload.bytes)) {
    const verdict = await checkZip(upload.bytes);
    if (!verdict.ok) {
      throw unprocessable(
        verdict.reason === 'too-many-entries'
          ? `The file ${name} holds too many parts to be opened safely.`
          : verdict.reason === 'too-large'
            ? `The file ${name} expands to more than ${megabytes(ZIP_MAX_UNCOMPRESSED_BYTES)} MB when opened and was refused.`
            : `The file ${name} is damaged and could not be opened.`,
      );
    }
  }
  const ext = await detect(upload.bytes);
  if (!ext) throw unprocessable(`The file ${name} is not an accepted type. Accepted types: ${ACCEPTED_LABELS}.`);
  let extractedText: string;
  try {
    extractedText = await extractText(upload.bytes, ext);
  } catch (error) {
    if (error instanceof UnreadableFile) {
      throw unprocessable(`The file ${name} could not be read as a ${ACCEPTED_FILE_TYPES[ext].label} document.`);
    }
    throw error;
  }
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
