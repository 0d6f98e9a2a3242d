import mammoth from 'mammoth';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { EXTRACTED_TEXT_MAX_CHARS, PDF_MAX_PAGES, type AcceptedExtension } from './file-types';
import { readZipEntries } from './zip-guard';

/** Thrown when a file that looks like a type by its bytes cannot be read as that type. */
export class UnreadableFile extends Error {}

/** NUL bytes are removed: PostgreSQL text cannot hold them. */
const clip = (text: string): string => text.replaceAll('\u0000', '').slice(0, EXTRACTED_TEXT_MAX_CHARS).trim();

/** Strict UTF-8 with no binary control characters: what we accept as a TXT file. */
export function decodePlainText(bytes: Buffer): string | null {
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

async function pdfText(bytes: Buffer): Promise<string> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const doc = await task.promise;
    const lines: string[] = [];
    let length = 0;
    for (let n = 1; n <= Math.min(doc.numPages, PDF_MAX_PAGES) && length < EXTRACTED_TEXT_MAX_CHARS; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          length += line.length;
          line = '';
        }
      }
      if (line) lines.push(line);
      lines.push('');
      page.cleanup();
    }
    return lines.join('\n');
  } finally {
    await task.destroy();
  }
}

const xmlText = (xml: string): string =>
  xml
    .replace(/<\/(a:p|w:p|si|row)>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n');

/** Slides in order, then the shared strings of a workbook: enough text for search. */
async function officeXmlText(bytes: Buffer, ext: 'xlsx' | 'pptx'): Promise<string> {
  const pattern = ext === 'pptx' ? /^ppt\/slides\/slide(\d+)\.xml$/ : /^xl\/sharedStrings\.xml$/;
  const entries = await readZipEntries(bytes, (name) => pattern.test(name));
  const ordered = [...entries.entries()].sort(
    ([a], [b]) => Number(pattern.exec(a)?.[1] ?? 0) - Number(pattern.exec(b)?.[1] ?? 0),
  );
  return ordered.map(([, xml]) => xmlText(xml)).join('\n');
}

/**
 * The text of a checked file, for search, preview and version compare. DOCX and PDF files that
 * cannot be parsed are refused (UnreadableFile); a legacy DOC keeps no text.
 */
export async function extractText(bytes: Buffer, ext: AcceptedExtension): Promise<string> {
  switch (ext) {
    case 'docx':
      try {
        return clip((await mammoth.extractRawText({ buffer: bytes })).value);
      } catch {
        throw new UnreadableFile('docx');
      }
    case 'pdf':
      try {
        return clip(await pdfText(bytes));
      } catch {
        throw new UnreadableFile('pdf');
      }
    case 'txt':
      return clip(decodePlainText(bytes) ?? '');
    case 'xlsx':
    case 'pptx':
      try {
        return clip(await officeXmlText(bytes, ext));
      } catch {
        return '';
      }
    case 'doc':
      return '';
  }
}
