import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** A policy's content: the demo data renders it as a real DOCX or PDF file. */
export interface PolicyText {
  title: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

export async function renderDocx(policy: PolicyText): Promise<Buffer> {
  const children: Paragraph[] = [new Paragraph({ text: policy.title, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER })];
  for (const section of policy.sections) {
    children.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }));
    for (const text of section.paragraphs) children.push(new Paragraph({ children: [new TextRun(text)] }));
  }
  const doc = new Document({ creator: 'Tenet', title: policy.title, sections: [{ children }] });
  return Packer.toBuffer(doc);
}

const PAGE = { width: 612, height: 792, margin: 64 };

export async function renderPdf(policy: PolicyText): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(policy.title);
  pdf.setCreator('Tenet');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const maxWidth = PAGE.width - PAGE.margin * 2;

  const write = (text: string, font: typeof regular, size: number, gap: number): void => {
    for (const line of wrap(text, font, size, maxWidth)) {
      if (y < PAGE.margin + size) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin, y, size, font, color: rgb(0.1, 0.12, 0.16) });
      y -= size * 1.4;
    }
    y -= gap;
  };

  write(policy.title, bold, 20, 12);
  for (const section of policy.sections) {
    write(section.heading, bold, 14, 4);
    for (const text of section.paragraphs) write(text, regular, 11, 6);
  }
  return Buffer.from(await pdf.save());
}

function wrap(text: string, font: { widthOfTextAtSize(t: string, s: number): number }, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && current) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

/** The plain text of a policy, as text extraction reads it back (title, headings, paragraphs). */
export const policyPlainText = (policy: PolicyText): string =>
  [policy.title, ...policy.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join('\n');
