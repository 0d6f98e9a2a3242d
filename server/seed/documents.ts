import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** A table in a policy: a header row and its rows, as plain text. */
export interface PolicyTable {
  columns: string[];
  rows: string[][];
}

/** One section of a policy: its paragraphs, then an optional bulleted list, numbered steps and table. */
export interface PolicySection {
  heading: string;
  paragraphs: string[];
  bullets?: string[];
  steps?: string[];
  table?: PolicyTable;
}

/** A policy's content: the demo data and the tests render it as a real DOCX or PDF file. */
export interface PolicyText {
  title: string;
  sections: PolicySection[];
}

const STEPS_NUMBERING = 'policy-steps';

export async function renderDocx(policy: PolicyText): Promise<Buffer> {
  const children: Array<Paragraph | Table> = [
    new Paragraph({ text: policy.title, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
  ];
  policy.sections.forEach((section, index) => {
    children.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }));
    for (const text of section.paragraphs) children.push(new Paragraph({ children: [new TextRun(text)] }));
    for (const text of section.bullets ?? []) children.push(new Paragraph({ text, bullet: { level: 0 } }));
    // Each section's steps start again at 1: one numbering instance per section.
    for (const text of section.steps ?? []) {
      children.push(new Paragraph({ text, numbering: { reference: STEPS_NUMBERING, level: 0, instance: index + 1 } }));
    }
    if (section.table) children.push(docxTable(section.table), new Paragraph({ text: '' }));
  });
  const doc = new Document({
    creator: 'Tenet',
    title: policy.title,
    numbering: {
      config: [
        {
          reference: STEPS_NUMBERING,
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [new TextRun(`${policy.title} - page `), new TextRun({ children: [PageNumber.CURRENT] })],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}

function docxTable(table: PolicyTable): Table {
  // Header only where it is one: the library writes `tableHeader: false` and `bold: false` as
  // elements with a false value, which readers such as the preview's converter take as set (every
  // row then came out as a bold header row).
  const row = (cells: string[], header: boolean): TableRow =>
    new TableRow({
      ...(header ? { tableHeader: true } : {}),
      children: cells.map(
        (text) =>
          new TableCell({
            children: [new Paragraph({ children: [new TextRun(header ? { text, bold: true } : { text })] })],
          }),
      ),
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [row(table.columns, true), ...table.rows.map((cells) => row(cells, false))],
  });
}

const PAGE = { width: 612, height: 792, margin: 64 };
const INK = rgb(0.1, 0.12, 0.16);

/** Writes text top to bottom, starting a new page when the current one is full. */
class PdfWriter {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;
  readonly width = PAGE.width - PAGE.margin * 2;

  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
  }

  private room(height: number): void {
    if (this.y - height >= PAGE.margin) return;
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  text(text: string, font: PDFFont, size: number, gap: number, indent = 0, marker = ''): void {
    wrap(text, font, size, this.width - indent).forEach((line, i) => {
      this.room(size * 1.4);
      if (i === 0 && marker)
        this.page.drawText(marker, { x: PAGE.margin + indent - 14, y: this.y, size, font, color: INK });
      this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size, font, color: INK });
      this.y -= size * 1.4;
    });
    this.y -= gap;
  }

  table(table: PolicyTable): void {
    const size = 9.5;
    const columnWidth = this.width / table.columns.length;
    const rows = [table.columns, ...table.rows];
    rows.forEach((cells, r) => {
      const font = r === 0 ? this.bold : this.regular;
      const lines = cells.map((cell) => wrap(cell, font, size, columnWidth - 8));
      const height = Math.max(...lines.map((l) => l.length)) * size * 1.35 + 6;
      this.room(height);
      const top = this.y;
      cells.forEach((_, c) => {
        const x = PAGE.margin + c * columnWidth;
        this.page.drawRectangle({ x, y: top - height, width: columnWidth, height, borderColor: INK, borderWidth: 0.5 });
        lines[c]!.forEach((line, l) =>
          this.page.drawText(line, { x: x + 4, y: top - 4 - size - l * size * 1.35, size, font, color: INK }),
        );
      });
      this.y = top - height;
    });
    this.y -= 10;
  }
}

export async function renderPdf(policy: PolicyText): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(policy.title);
  pdf.setCreator('Tenet');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const out = new PdfWriter(pdf, regular, bold);
  out.text(policy.title, bold, 20, 12);
  for (const section of policy.sections) {
    out.text(section.heading, bold, 14, 4);
    for (const text of section.paragraphs) out.text(text, regular, 11, 6);
    for (const text of section.bullets ?? []) out.text(text, regular, 11, 3, 18, '\u2022');
    (section.steps ?? []).forEach((text, i) => out.text(text, regular, 11, 3, 18, `${i + 1}.`));
    if (section.table) out.table(section.table);
  }
  return Buffer.from(await pdf.save());
}

function wrap(
  text: string,
  font: { widthOfTextAtSize(t: string, s: number): number },
  size: number,
  width: number,
): string[] {
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

/** The plain text of a policy, as text extraction reads it back (title, headings, paragraphs, lists, tables). */
export const policyPlainText = (policy: PolicyText): string =>
  [
    policy.title,
    ...policy.sections.flatMap((s) => [
      s.heading,
      ...s.paragraphs,
      ...(s.bullets ?? []),
      ...(s.steps ?? []),
      ...(s.table ? [s.table.columns, ...s.table.rows].map((row) => row.join(' ')) : []),
    ]),
  ].join('\n');
