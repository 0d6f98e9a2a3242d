import { buildZip } from '../test/pnp-factories';

/**
 * Hostile spreadsheets, CSV files and SAML metadata for the upload attacks of the security suite,
 * generated on the spot (no binary fixture is committed). Each is small on the wire and either
 * expensive or dangerous to read naively.
 */

export interface ZipPart {
  name: string;
  data: Buffer;
  /** The uncompressed size the headers claim (a lie when it differs from the data). */
  declared?: number;
  /** 8 is deflate; anything else is stored as it comes with that method number (unsupported). */
  method?: number;
  /** General-purpose flags; bit 0 says the entry is encrypted. */
  flags?: number;
}

/** The tests' zip writer (`buildZip`), whose headers, methods and flags can lie on purpose. */
export const zipOf = (parts: ZipPart[]): Buffer =>
  buildZip(parts.map(({ declared, ...part }) => ({ ...part, declaredSize: declared })));

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const SHEET_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet';
const STRINGS_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings';

/** The header row of the user template, as inline strings. */
const HEADER_CELLS = ['First Name', 'Last Name', 'Email', 'Username']
  .map((text, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${text}</t></is></c>`)
  .join('');

export interface WorkbookParts {
  workbook?: string;
  workbookRels?: string;
  sheet?: string;
  sharedStrings?: string;
  /** Parts added as they are (bombs, lying headers, odd methods). */
  extra?: ZipPart[];
}

export const sheetXml = (rows: string, dimension = 'A1:D2'): string =>
  `${XML_HEAD}<worksheet xmlns="${NS}"><dimension ref="${dimension}"/><sheetData>${rows}</sheetData></worksheet>`;

export const DEFAULT_WORKBOOK = `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Users" sheetId="1" r:id="rId1"/></sheets></workbook>`;

export const workbookRelsTo = (sheetTarget: string): string =>
  `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${SHEET_TYPE}" Target="${sheetTarget}"/><Relationship Id="rId2" Type="${STRINGS_TYPE}" Target="sharedStrings.xml"/></Relationships>`;

/** A minimal XLSX of the user template's header and a row, with any part replaced. */
export function workbookOf(parts: WorkbookParts = {}): Buffer {
  const contentTypes = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
  const rootRels = `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const row2 = '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>0</v></c></row>';
  const strings = `${XML_HEAD}<sst xmlns="${NS}" count="1" uniqueCount="1"><si><t>Ann</t></si></sst>`;
  const given: ZipPart[] = [
    { name: '[Content_Types].xml', data: Buffer.from(contentTypes) },
    { name: '_rels/.rels', data: Buffer.from(rootRels) },
    { name: 'xl/workbook.xml', data: Buffer.from(parts.workbook ?? DEFAULT_WORKBOOK) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(parts.workbookRels ?? workbookRelsTo('worksheets/sheet1.xml')),
    },
    { name: 'xl/sharedStrings.xml', data: Buffer.from(parts.sharedStrings ?? strings) },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.from(parts.sheet ?? sheetXml(`<row r="1">${HEADER_CELLS}</row>${row2}`)),
    },
  ];
  const replaced = new Set((parts.extra ?? []).map((p) => p.name));
  return zipOf([...given.filter((p) => !replaced.has(p.name)), ...(parts.extra ?? [])]);
}

/** Billion laughs: ten levels of ten references, 10^9 copies of "lol" if anything expands it. */
export const BILLION_LAUGHS_DTD = (root: string): string => {
  const levels = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i <= 9; i += 1) levels.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  return `<!DOCTYPE ${root} [${levels.join('')}]>`;
};

export const XXE_DTD = (root: string, target = 'file:///etc/passwd'): string =>
  `<!DOCTYPE ${root} [<!ENTITY xxe SYSTEM "${target}">]>`;

/** `depth` nested elements around a text, built as one string without recursion. */
export const nestedElements = (depth: number, tag = 'a'): string =>
  `<${tag}>`.repeat(depth) + 'x' + `</${tag}>`.repeat(depth);

/** A sheet part of `bytes` inflated bytes that deflates to almost nothing. */
export function sheetBomb(bytes: number): Buffer {
  const head = Buffer.from(sheetXml(`<row r="1">${HEADER_CELLS}</row>`).replace('</sheetData>', ''));
  const tail = Buffer.from('</sheetData></worksheet>');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length - tail.length), 0x20), tail]);
}

/** A sharedStrings part of `bytes` inflated bytes, one huge string. */
export function sharedStringsBomb(bytes: number): Buffer {
  const head = Buffer.from(`${XML_HEAD}<sst xmlns="${NS}" count="1" uniqueCount="1"><si><t>`);
  const tail = Buffer.from('</t></si></sst>');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length - tail.length), 0x41), tail]);
}

/** Cells far to the right: a cell in column XFD (16,384) on each of `rows` rows. */
export function farRightRows(rows: number): string {
  const out = [`<row r="1">${HEADER_CELLS}</row>`];
  for (let r = 2; r <= rows + 1; r += 1)
    out.push(`<row r="${r}"><c r="XFD${r}" t="inlineStr"><is><t>x</t></is></c></row>`);
  return out.join('');
}
