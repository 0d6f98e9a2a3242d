import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDisplayDate } from '../../../shared/domain/dates';

/**
 * The history summary of one P&P as a PDF (the evidence bundle's `history.pdf`): the P&P, then for
 * each version who started, authored, reviewed, approved and published it and when, then every
 * workflow event with its actor and, for login-as sessions, the sudoer. Built from our own rows
 * only (no uploaded content is parsed).
 *
 * Names of people and P&Ps must print as written, so the text is set in DejaVu Sans, embedded
 * (the standard PDF fonts encode Windows-1252 only). It covers Latin, Greek, Cyrillic and more, not
 * CJK: a character the font lacks prints as '?'. Only the glyphs used are embedded, so the file
 * stays small (tens of kB, not the font's 1.5 MB).
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

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'MMM dd, yyyy HH:mm UTC': the product's date format (UTC) and the time, as the bundle's files show times. */
export const evidenceTime = (date: Date): string =>
  `${formatDisplayDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;

/** Line and paragraph breaks of a comment or name: the summary writes each item on a line of its own. */
const LINE_BREAKS = /[\r\n\t\v\f\u0085\u2028\u2029]+/g;
const CONTROL = /\p{Cc}/u;

/**
 * `value` as a font with glyphs for `characters` can draw it: composed (NFC, so an accent comes
 * as the accented letter the font has, not as a separate mark), on one line, and '?' for any
 * character the font has no glyph for.
 */
const drawableText = (value: string, characters: ReadonlySet<number>): string => {
  let drawable = '';
  for (const character of value.normalize('NFC').replace(LINE_BREAKS, ' ')) {
    const codePoint = character.codePointAt(0)!;
    drawable += !CONTROL.test(character) && characters.has(codePoint) ? character : '?';
  }
  return drawable;
};

/** One embedded typeface: its file's bytes and the characters it has glyphs for. */
interface Typeface {
  bytes: Uint8Array;
  characters: ReadonlySet<number>;
}

/** Resolved as the server's other packages are, so the compiled server (dist/) finds them too. */
const fromPackages = createRequire(import.meta.url);
/** DejaVu Sans, under the Bitstream Vera licence (free to embed and redistribute). */
const TYPEFACE_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

/**
 * fontkit as pdf-lib asks for it, each typeface parsed once per process instead of once per PDF
 * (parsing a 700 KB face was most of what embedding it cost; a binder's bundle makes a PDF for each
 * of its P&Ps). A subset is made afresh from the parsed face for each document.
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
const parsedFaces = new WeakMap<Uint8Array, ReturnType<Fontkit['create']>>();
const fontkitParsingOnce: Fontkit = {
  create: (bytes, postscriptName) => {
    if (postscriptName !== undefined) return fontkit.create(bytes, postscriptName);
    const known = parsedFaces.get(bytes);
    if (known) return known;
    const parsed = fontkit.create(bytes);
    parsedFaces.set(bytes, parsed);
    return parsed;
  },
};

async function loadTypeface(file: string): Promise<Typeface> {
  const bytes = new Uint8Array(await readFile(fromPackages.resolve(file)));
  return { bytes, characters: new Set(fontkitParsingOnce.create(bytes).characterSet) };
}

/** Read once per process (about 1.5 MB for both); a failed read is tried again by the next PDF. */
let typefaces: Promise<{ regular: Typeface; bold: Typeface }> | null = null;
function loadTypefaces(): Promise<{ regular: Typeface; bold: Typeface }> {
  if (!typefaces) {
    const loading = Promise.all([loadTypeface(TYPEFACE_FILES.regular), loadTypeface(TYPEFACE_FILES.bold)]).then(
      ([regular, bold]) => ({ regular, bold }),
    );
    loading.catch(() => {
      if (typefaces === loading) typefaces = null;
    });
    typefaces = loading;
  }
  return typefaces;
}

export const withSudoer = (actor: string, sudoer: string | null): string =>
  sudoer ? `${actor} (login-as by ${sudoer})` : actor;

const PAGE = { width: 595.28, height: 841.89, margin: 50 };

/**
 * The shaping features that only move glyphs. pdf-lib places each glyph at its own advance width
 * and never uses the positions shaping computes: skipping them halves the time text takes to
 * lay out. The substitutions (ligatures, composed accents) still apply.
 */
const POSITIONING_ONLY = { kern: false, mark: false, mkmk: false, curs: false };

/** A font embedded in the document with the characters it can draw. */
interface EmbeddedFont {
  font: PDFFont;
  characters: ReadonlySet<number>;
}

class Writer {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;
  /** Each word's width at size 1, by font: dates, names and actions recur on every line. */
  private readonly wordWidths = new Map<PDFFont, Map<string, number>>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: EmbeddedFont,
    private readonly bold: EmbeddedFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
  }

  /** Writes text wrapped to the page width, starting a new page when the current one is full. */
  line(value: string, options: { size?: number; bold?: boolean; indent?: number; gap?: number } = {}): void {
    const size = options.size ?? 10;
    const { font, characters } = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    const width = PAGE.width - 2 * PAGE.margin - indent;
    for (const part of this.wrap(drawableText(value, characters), font, size, width)) {
      if (this.y - size < PAGE.margin) {
        this.page = this.doc.addPage([PAGE.width, PAGE.height]);
        this.y = PAGE.height - PAGE.margin;
      }
      this.y -= size + 3;
      this.page.drawText(part, { x: PAGE.margin + indent, y: this.y, size, font, color: rgb(0, 0, 0) });
    }
    this.y -= options.gap ?? 0;
  }

  /** Text laid out in an embedded font costs far more than adding up widths: a word is measured once. */
  private widthOf(word: string, font: PDFFont, size: number): number {
    let widths = this.wordWidths.get(font);
    if (!widths) {
      widths = new Map<string, number>();
      this.wordWidths.set(font, widths);
    }
    let width = widths.get(word);
    if (width === undefined) {
      width = font.widthOfTextAtSize(word, 1);
      widths.set(word, width);
    }
    return width * size;
  }

  /**
   * Splits `value` at spaces into lines no wider than `width` (a word wider than a line stays
   * whole). A line's width is the sum of its words' and spaces' (pdf-lib adds up advance widths too).
   */
  private wrap(value: string, font: PDFFont, size: number, width: number): string[] {
    const space = this.widthOf(' ', font, size);
    const lines: string[] = [];
    let current = '';
    let currentWidth = 0;
    for (const word of value.split(' ')) {
      const wordWidth = this.widthOf(word, font, size);
      if (!current || currentWidth + space + wordWidth <= width) {
        currentWidth = current ? currentWidth + space + wordWidth : wordWidth;
        current = current ? `${current} ${word}` : word;
      } else {
        lines.push(current);
        current = word;
        currentWidth = wordWidth;
      }
    }
    lines.push(current);
    return lines;
  }
}

export async function evidencePdf(summary: EvidenceSummary): Promise<Uint8Array> {
  const faces = await loadTypefaces();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkitParsingOnce);
  // The title is metadata (written as UTF-16), not drawn: it keeps every character, even CJK.
  doc.setTitle(`History of ${summary.pnpName}`.normalize('NFC').replace(LINE_BREAKS, ' '));
  doc.setCreationDate(summary.generatedAt);
  doc.setModificationDate(summary.generatedAt);
  const embed = async (face: Typeface): Promise<EmbeddedFont> => ({
    font: await doc.embedFont(face.bytes, { subset: true, features: POSITIONING_ONLY }),
    characters: face.characters,
  });
  const w = new Writer(doc, await embed(faces.regular), await embed(faces.bold));

  w.line(`Evidence summary: ${summary.pnpName}`, { size: 16, bold: true, gap: 4 });
  w.line(`Location: ${summary.location}`);
  w.line(`P&P Status: ${summary.status}`);
  w.line(`Generated ${evidenceTime(summary.generatedAt)} by ${summary.generatedBy}`, { gap: 8 });
  if (summary.versions.length === 0) w.line('No versions.');

  for (const version of summary.versions) {
    w.line(`${version.title} (${version.status})`, { size: 13, bold: true, gap: 2 });
    if (version.fileName) w.line(`File: ${version.fileName}`, { indent: 10 });
    if (version.startedAt) w.line(`Started: ${evidenceTime(version.startedAt)}`, { indent: 10 });
    if (version.publishedAt) w.line(`Published: ${evidenceTime(version.publishedAt)}`, { indent: 10 });
    if (version.effectiveDt) w.line(`Effective: ${formatDisplayDate(version.effectiveDt)}`, { indent: 10 });
    for (const signOff of version.signOffs) {
      w.line(`${signOff.role}: ${signOff.who}, ${evidenceTime(signOff.at)}`, { indent: 10 });
    }
    w.line('Workflow history', { bold: true, indent: 10 });
    if (version.events.length === 0) w.line('No workflow history recorded.', { indent: 20 });
    for (const event of version.events) {
      const move =
        event.from !== event.to && (event.from || event.to) ? ` (${event.from ?? '-'} to ${event.to ?? '-'})` : '';
      w.line(`${evidenceTime(event.at)}  ${event.action}${move} by ${withSudoer(event.actor, event.sudoer)}`, {
        indent: 20,
      });
      if (event.comment) w.line(`Comment: ${event.comment}`, { indent: 30 });
    }
    w.line('', { gap: 6 });
  }
  return doc.save();
}
