import mammoth from 'mammoth';

/** Only these link targets survive in a preview; anything else (javascript:, data:, file:) is dropped. */
const SAFE_HREF = /^(https?:|mailto:|#)/i;

/**
 * A DOCX rendered as HTML for the preview (mammoth: headings, paragraphs, lists, tables, images as
 * data URIs). Mammoth escapes the text it writes; link targets come from the document, so unsafe
 * schemes are removed here.
 */
export async function docxToHtml(bytes: Buffer): Promise<string> {
  const result = await mammoth.convertToHtml({ buffer: bytes });
  return result.value.replace(/ href="([^"]*)"/g, (whole, href: string) => (SAFE_HREF.test(href.trim()) ? whole : ''));
}
