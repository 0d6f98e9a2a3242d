import { fileTypeFromBuffer } from 'file-type';
import type { AcceptedExtension } from '../../modules/files/file-types';

/** Strict UTF-8 with no binary control characters: what we accept as a TXT file. */
export function decodePlainText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
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
