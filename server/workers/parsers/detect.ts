import { fileTypeFromBuffer } from 'file-type';
import type { AcceptedExtension } from '../../modules/files/file-types';

/**
 * UTF-8, or UTF-16 when the bytes start with its byte-order mark (Excel's "Unicode Text" and
 * "CSV UTF-16" exports, Notepad's "Unicode"): the decoder drops the mark. UTF-16 without a mark is
 * not told from binary, and its NUL bytes refuse it below.
 */
function encodingOf(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/** Strict UTF-8 (or UTF-16 with its mark) with no binary control characters: what we accept as a TXT file. */
export function decodePlainText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder(encodingOf(bytes), { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Tab, line feed, form feed and carriage return are text; other C0 controls mean binary.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  if (/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text)) return null;
  return text.replace(/^\uFEFF/, '');
}

const hasUtf16 = (bytes: Buffer, text: string): boolean => bytes.includes(Buffer.from(text, 'utf16le'));

/** What the bytes are, by content only. Zips must pass `checkZip` before this runs. */
export async function detectType(bytes: Buffer): Promise<AcceptedExtension | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return decodePlainText(bytes) === null ? null : 'txt';
  if (found.ext === 'docx' || found.ext === 'xlsx' || found.ext === 'pptx' || found.ext === 'pdf') return found.ext;
  // A compound file is a DOC only when it holds Word's main stream (an MSI or XLS is also a compound file).
  if (found.ext === 'cfb' && hasUtf16(bytes, 'WordDocument')) return 'doc';
  return null;
}

export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
