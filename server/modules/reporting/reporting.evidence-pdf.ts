import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * The history summary of one P&P as a PDF (the evidence bundle's `history.pdf`): the P&P, then for
 * each version who started, authored, reviewed, approved and published it and when, then every
 * workflow event with its actor and, for login-as sessions, the sudoer. Built from our own rows
 * only (no uploaded content is parsed), with the standard Helvetica font.
 */

export interface EvidenceEvent {
  at: Date;
  action: string;
  from: string | null;
  to: string | null;
  actor: string;
  sudoer: string | null;
  comment: string | null;
}

export interface EvidenceVersion {
  title: string;
  status: string;
  fileName: string | null;
  startedAt: Date | null;
  publishedAt: Date | null;
  effectiveDt: string | null;
  /** 'Authored by', 'Reviewed by', ... each with who and when. */
  signOffs: { role: string; who: string; at: Date }[];
  events: EvidenceEvent[];
}

export interface EvidenceSummary {
  pnpName: string;
  location: string;
  status: string;
  generatedAt: Date;
  generatedBy: string;
  versions: EvidenceVersion[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number): string => String(n).padStart(2, '0');

/** 'MMM dd, yyyy' (the product's date format), in UTC. */
export const pdfDate = (date: Date): string =>
  `${MONTHS[date.getUTCMonth()]} ${pad(date.getUTCDate())}, ${date.getUTCFullYear()}`;
/** 'MMM dd, yyyy HH:mm UTC'. */
export const pdfTime = (date: Date): string =>
  `${pdfDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;

/** The standard fonts encode WinAnsi only: anything else becomes '?' rather than failing the bundle. */
export const pdfText = (value: string): string =>
  value.replace(/[\r\n\t]+/g, ' ').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

export const withSudoer = (actor: string, sudoer: string | null): string =>
  sudoer ? `${actor} (login-as by ${sudoer})` : actor;

const PAGE = { width: 595.28, height: 841.89, margin: 50 };

class Writer {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
  }

  /** Writes text wrapped to the page width, starting a new page when the current one is full. */
  line(value: string, options: { size?: number; bold?: boolean; indent?: number; gap?: number } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    const indent = options.indent ?? 0;
    const width = PAGE.width - 2 * PAGE.margin - indent;
    for (const part of this.wrap(pdfText(value), font, size, width)) {
      if (this.y - size < PAGE.margin) {
        this.page = this.doc.addPage([PAGE.width, PAGE.height]);
        this.y = PAGE.height - PAGE.margin;
      }
      this.y -= size + 3;
      this.page.drawText(part, { x: PAGE.margin + indent, y: this.y, size, font, color: rgb(0, 0, 0) });
    }
    this.y -= options.gap ?? 0;
  }

  private wrap(value: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of value.split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !current) {
        current = candidate;
      } else {
        lines.push(current);
        current = word;
      }
    }
    lines.push(current);
    return lines;
  }
}

export async function evidencePdf(summary: EvidenceSummary): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfText(`History of ${summary.pnpName}`));
  doc.setCreationDate(summary.generatedAt);
  doc.setModificationDate(summary.generatedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, font, bold);

  w.line(`Evidence summary: ${summary.pnpName}`, { size: 16, bold: true, gap: 4 });
  w.line(`Location: ${summary.location}`);
  w.line(`P&P Status: ${summary.status}`);
  w.line(`Generated ${pdfTime(summary.generatedAt)} by ${summary.generatedBy}`, { gap: 8 });
  if (summary.versions.length === 0) w.line('No versions.');

  for (const version of summary.versions) {
    w.line(`${version.title} (${version.status})`, { size: 13, bold: true, gap: 2 });
    if (version.fileName) w.line(`File: ${version.fileName}`, { indent: 10 });
    if (version.startedAt) w.line(`Started: ${pdfTime(version.startedAt)}`, { indent: 10 });
    if (version.publishedAt) w.line(`Published: ${pdfTime(version.publishedAt)}`, { indent: 10 });
    if (version.effectiveDt)
      w.line(`Effective: ${pdfDate(new Date(`${version.effectiveDt}T00:00:00Z`))}`, { indent: 10 });
    for (const signOff of version.signOffs) {
      w.line(`${signOff.role}: ${signOff.who}, ${pdfTime(signOff.at)}`, { indent: 10 });
    }
    w.line('Workflow history', { bold: true, indent: 10 });
    if (version.events.length === 0) w.line('No workflow history recorded.', { indent: 20 });
    for (const event of version.events) {
      const move =
        event.from !== event.to && (event.from || event.to) ? ` (${event.from ?? '-'} to ${event.to ?? '-'})` : '';
      w.line(`${pdfTime(event.at)}  ${event.action}${move} by ${withSudoer(event.actor, event.sudoer)}`, {
        indent: 20,
      });
      if (event.comment) w.line(`Comment: ${event.comment}`, { indent: 30 });
    }
    w.line('', { gap: 6 });
  }
  return doc.save();
}
