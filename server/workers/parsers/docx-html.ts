import mammoth from 'mammoth';

/**
 * A DOCX rendered as HTML for the preview (mammoth: headings, paragraphs, lists, tables, images as
 * data URIs). Mammoth escapes the text it writes; the request thread sanitises link targets.
 */
/**
 * Word's Title and Subtitle styles, which mammoth leaves as plain paragraphs by default: a policy's
 * title then read as its first line of body text.
 */
const STYLE_MAP = ["p[style-name='Title'] => h1.document-title:fresh", "p[style-name='Subtitle'] => h2:fresh"];

export async function docxToHtml(bytes: Buffer): Promise<string> {
  const result = await mammoth.convertToHtml({ buffer: bytes }, { styleMap: STYLE_MAP });
  return result.value;
}
