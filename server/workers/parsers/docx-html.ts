import mammoth from 'mammoth';

/**
 * A DOCX rendered as HTML for the preview (mammoth: headings, paragraphs, lists, tables, images as
 * data URIs). Mammoth escapes the text it writes; the request thread sanitises link targets.
 */
/**
 * Word's Title and Subtitle styles, which mammoth leaves as plain paragraphs by default: a policy's
 * title then read as its first line of body text. They stay paragraphs (the page's own heading is
 * already the P&P's name, which the title usually repeats) and are drawn as a title by their class.
 */
const STYLE_MAP = [
  "p[style-name='Title'] => p.document-title:fresh",
  "p[style-name='Subtitle'] => p.document-subtitle:fresh",
];

export async function docxToHtml(bytes: Buffer): Promise<string> {
  const result = await mammoth.convertToHtml({ buffer: bytes }, { styleMap: STYLE_MAP });
  return result.value;
}
