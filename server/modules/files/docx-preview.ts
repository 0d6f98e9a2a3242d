import { unprocessable } from '../../http/errors';
import { fileStopSentences, inWorker, refusalMessage } from './parser-messages';
import { docxHtmlInWorker } from './parser-pool';

/** Only these link targets survive in a preview; anything else (javascript:, data:, file:) is dropped. */
const SAFE_HREF = /^(https?:|mailto:|#)/i;

/**
 * A DOCX rendered as HTML for the preview, converted in a parser worker (mammoth: headings,
 * paragraphs, lists, tables, images as data URIs). Mammoth escapes the text it writes; link
 * targets come from the document, so unsafe schemes are removed here. `name` is what the refusal
 * sentence calls the file.
 */
export async function docxToHtml(bytes: Buffer, name = 'This document'): Promise<string> {
  const subject = name === 'This document' ? name : `The file ${name}`;
  const result = await inWorker(fileStopSentences(subject), () => docxHtmlInWorker(bytes));
  if (!result.ok) throw unprocessable(refusalMessage(subject, result));
  return result.html.replace(/ href="([^"]*)"/g, (whole, href: string) => (SAFE_HREF.test(href.trim()) ? whole : ''));
}
