import mammoth from 'mammoth';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { AcceptedExtension } from '../../modules/files/file-types';
import type { ParserRefusal } from '../../modules/files/parser-jobs';
import { EXTRACTED_TEXT_MAX_CHARS, type ParserLimits } from '../../modules/files/parser-limits';
import { decodePlainText } from './detect';
import { largestFlateStream, largestPageCount } from './pdf-streams';
import { readZipEntries } from './zip-guard';

/** A file refused by a parser check; the reason becomes the sentence the user reads. */
export class ParserRefusalError extends Error {
  constructor(readonly reason: ParserRefusal) {
    super(reason);
  }
}

/** NUL bytes are removed: PostgreSQL text cannot hold them. */
const clip = (text: string): string => text.replaceAll('\u0000', '').slice(0, EXTRACTED_TEXT_MAX_CHARS).trim();

async function pdfText(bytes: Buffer, limits: ParserLimits): Promise<string> {
  if (largestPageCount(bytes) > limits.pdfMaxPages) throw new ParserRefusalError('pdf-too-many-pages');
  if (largestFlateStream(bytes, limits.pdfMaxStreamBytes) > limits.pdfMaxStreamBytes) {
    throw new ParserRefusalError('pdf-stream-too-large');
  }
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const doc = await task.promise;
    // The page count comes from the page tree's root; no page is read before it is checked.
    if (doc.numPages > limits.pdfMaxPages) throw new ParserRefusalError('pdf-too-many-pages');
    const lines: string[] = [];
    let length = 0;
    for (let n = 1; n <= doc.numPages && length < EXTRACTED_TEXT_MAX_CHARS; n += 1) {
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
 * cannot be parsed are refused ('unreadable'); a legacy DOC keeps no text.
 */
export async function extractText(bytes: Buffer, ext: AcceptedExtension, limits: ParserLimits): Promise<string> {
  switch (ext) {
    case 'docx':
      try {
        return clip((await mammoth.extractRawText({ buffer: bytes })).value);
      } catch {
        throw new ParserRefusalError('unreadable');
      }
    case 'pdf':
      try {
        return clip(await pdfText(bytes, limits));
      } catch (error) {
        throw error instanceof ParserRefusalError ? error : new ParserRefusalError('unreadable');
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
