import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { MultipartFile } from './api';

/** The kinds of policy file a test can make: real files, generated in the test, with the given text. */
export type DocumentFormat = 'docx' | 'pdf' | 'txt';

const MIME: Record<DocumentFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  txt: 'text/plain',
};

async function docxBytes(title: string, paragraphs: readonly string[]): Promise<Buffer> {
  const children = [
    new Paragraph({ text: title, heading: HeadingLevel.TITLE }),
    new Paragraph({ text: 'Policy', heading: HeadingLevel.HEADING_1 }),
    ...paragraphs.map((text) => new Paragraph({ text })),
  ];
  return Packer.toBuffer(new Document({ creator: 'Tenet e2e', title, sections: [{ children }] }));
}

async function pdfBytes(title: string, paragraphs: readonly string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  let y = 720;
  for (const [index, line] of [title, ...paragraphs].entries()) {
    // One short line each: the tests' paragraphs fit a page's width.
    page.drawText(line, { x: 64, y, size: index === 0 ? 18 : 11, font });
    y -= index === 0 ? 32 : 18;
  }
  return Buffer.from(await pdf.save());
}

/** A small policy document named `${title}.${format}` holding the title and paragraphs. */
export async function policyFile(
  title: string,
  paragraphs: readonly string[],
  format: DocumentFormat = 'docx',
): Promise<MultipartFile> {
  const buffer =
    format === 'docx'
      ? await docxBytes(title, paragraphs)
      : format === 'pdf'
        ? await pdfBytes(title, paragraphs)
        : Buffer.from([title, '', ...paragraphs].join('\n'), 'utf8');
  return { name: `${title}.${format}`, mimeType: MIME[format], buffer };
}
