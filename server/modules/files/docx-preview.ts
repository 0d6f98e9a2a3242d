import type { FileStore } from '../../platform/file-store';
import { unprocessable } from '../../http/errors';
import { KeptPreviews } from './kept-previews';
import { fileStopSentences, inWorker, refusalMessage } from './parser-messages';
import { docxHtmlInWorker } from './parser-pool';

/** Only these URL schemes survive in links of a converted document. */
const SAFE_HREF = /^(https?:|mailto:|#)/i;

/**
 * What remains to guard in mammoth's HTML (it escapes the text it writes): elements that run or
 * load something, event attributes, link targets (no `javascript:` and the like) and image sources
 * other than the document's own embedded images.
 */
export function sanitizeConvertedHtml(html: string): string {
  return html
    .replace(/<(script|style|iframe|object|embed)[\s\S]*?<\/\1>/gi, '')
    .replace(/\son\w+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/\shref\s*=\s*"([^"]*)"/gi, (_, href: string) =>
      SAFE_HREF.test(href.trim()) ? ` href="${href}" rel="noopener noreferrer"` : '',
    )
    .replace(/\ssrc\s*=\s*"([^"]*)"/gi, (_, src: string) => (/^data:image\//i.test(src.trim()) ? ` src="${src}"` : ''));
}

/**
 * A DOCX rendered as HTML for the preview, converted in a parser worker (mammoth: headings,
 * paragraphs, lists, tables, images as data URIs) under its heap and time limits, then sanitised.
 * `name` is what the refusal sentence calls the file.
 */
export async function docxToHtml(bytes: Buffer, name = 'This document'): Promise<string> {
  const subject = name === 'This document' ? name : `The file ${name}`;
  const result = await inWorker(fileStopSentences(subject), () => docxHtmlInWorker(bytes));
  if (!result.ok) throw unprocessable(refusalMessage(subject, result));
  return sanitizeConvertedHtml(result.html);
}

/**
 * Up to 48 million characters of previews (about 96 MB) in the process, none over 4 million (a
 * document of large images is converted for each request rather than crowd out the others).
 */
const keptPreviews = new KeptPreviews(48_000_000, 4_000_000);

/**
 * The preview of a stored DOCX: converted once per storage key and kept (`KeptPreviews` says why
 * that is safe), so readers after the first are not each a parser job. Call it only after the
 * caller's permission on the document has been checked.
 */
export function storedDocxHtml(files: FileStore, storageKey: string, name = 'This document'): Promise<string> {
  return keptPreviews.get(storageKey, async () => docxToHtml(await files.get(storageKey), name));
}
