import mammoth from 'mammoth';

/**
 * A DOCX rendered as HTML for the preview (mammoth: headings, paragraphs, lists, tables, images as
 * data URIs). Mammoth escapes the text it writes; the request thread sanitises link targets.
 */
export async function docxToHtml(bytes: Buffer): Promise<string> {
  const result = await mammoth.convertToHtml({ buffer: bytes });
  return result.value;
}
