import { deflateSync } from 'node:zlib';
import { buildZip, type ZipEntry } from '../../test/pnp-factories';

/**
 * Hostile files for the tests of issue 9, generated on the spot (no binary fixture is committed):
 * each is small on the wire and expensive to read.
 */

/** An entry of the tests' one zip writer; `declared` makes its headers lie about its inflated size. */
const entryOf = (name: string, data: Buffer, declared = data.length): ZipEntry => ({
  name,
  data,
  declaredSize: declared,
});
const zip = buildZip;

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A DOCX whose word/document.xml inflates to `bytes`; `declared` makes its headers lie about that size. */
export function docxDocumentBomb(bytes: number, declared?: number): Buffer {
  const body = Buffer.alloc(bytes, 0x20);
  Buffer.from(`<w:document ${W}><w:body>`).copy(body);
  return zip([entryOf('[Content_Types].xml', CONTENT_TYPES), entryOf('word/document.xml', body, declared ?? bytes)]);
}

/** A DOCX of `depth` nested elements (a few KB compressed). */
export function docxNested(depth: number): Buffer {
  const xml = `<w:document ${W}><w:body><w:p>${'<w:r>'.repeat(depth)}${'</w:r>'.repeat(depth)}</w:p></w:body></w:document>`;
  return zip([entryOf('[Content_Types].xml', CONTENT_TYPES), entryOf('word/document.xml', Buffer.from(xml))]);
}

/** A PDF from numbered object bodies (1 is the catalog), with a correct cross-reference table. */
function pdfOfObjects(objects: Array<string | Buffer>): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = chunks[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const bytes = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body) : body,
      Buffer.from('\nendobj\n'),
    ]);
    chunks.push(bytes);
    length += bytes.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`];
  for (const offset of offsets) xref.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  xref.push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  chunks.push(Buffer.from(xref.join('')));
  return Buffer.concat(chunks);
}

/** A one-page PDF whose content stream inflates to `bytes` of `unit` repeated (a few hundred KB on the wire). */
export function pdfStreamBomb(bytes: number, unit = ' '): Buffer {
  const content = deflateSync(Buffer.alloc(bytes, unit), { level: 9 });
  return pdfOfObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
  ]);
}

/** A PDF of `pages` empty pages, written object by object (about 100 bytes a page). */
export function pdfManyPages(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`];
  for (let i = 0; i < pages; i += 1) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>');
  return pdfOfObjects(objects);
}

/** `count` distinct words (w0 w1 ...) spread over lines: a long text for the full-text index. */
export function distinctWords(count: number, prefix = 'quillword'): string {
  const words: string[] = [];
  for (let i = 0; i < count; i += 1) words.push(`${prefix}${i.toString(36)}`);
  const lines: string[] = [];
  for (let i = 0; i < words.length; i += 12) lines.push(words.slice(i, i + 12).join(' '));
  return lines.join('\n');
}

/** `count` distinct lines, for a version compare. */
export const distinctLines = (count: number, prefix: string): string =>
  Array.from({ length: count }, (_, i) => `${prefix} requirement number ${i} of the policy.`).join('\n');
