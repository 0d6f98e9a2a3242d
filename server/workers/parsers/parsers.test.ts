import { deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARSER_LIMITS, type ParserLimits } from '../../modules/files/parser-limits';
import { buildZip, crc32 } from '../../test/pnp-factories';
import { decodePlainText } from './detect';
import { lineDiff } from './line-diff';
import { largestFlateStream, largestPageCount } from './pdf-streams';
import { XmlDepthMeter } from './xml-depth';
import { checkZip } from './zip-guard';

const KiB = 1024;
const MiB = 1024 * KiB;
/** Small bounds keep each case fast; every check is still the one production runs. */
const SMALL: ParserLimits = {
  ...DEFAULT_PARSER_LIMITS,
  zipMaxEntries: 20,
  zipMaxEntryBytes: 1 * MiB,
  zipMaxTotalBytes: 2 * MiB,
  xmlMaxDepth: 50,
};

/** An entry of `size` zero bytes whose headers say it is `declared` bytes (a liar when they differ). */
function zeros(name: string, size: number, declared = size) {
  const data = Buffer.alloc(size);
  return {
    name,
    declaredSize: declared,
    deflated: { bytes: deflateRawSync(data), size, crc: (crc32(data) ^ 0xffffffff) >>> 0 },
  };
}
/** An entry whose headers claim `declared` bytes but whose data is not deflate at all. */
const garbage = (name: string, declared: number) => ({
  name,
  declaredSize: declared,
  deflated: { bytes: Buffer.from('not deflate data, just bytes'), size: declared, crc: 0 },
});

describe('zip bounds: each check refuses on its own', () => {
  it('accepts a zip within every bound', async () => {
    expect(await checkZip(buildZip([zeros('a.xml', 600 * KiB), zeros('b.xml', 600 * KiB)]), SMALL)).toEqual({
      ok: true,
      entries: 2,
      uncompressedBytes: 1200 * KiB,
    });
  });
  it('declared size of one entry: refused from the central directory, nothing inflated', async () => {
    // The data is not even deflate: only the declared-size check can name the reason.
    expect(await checkZip(buildZip([garbage('word/document.xml', 2 * MiB)]), SMALL)).toEqual({
      ok: false,
      reason: 'zip-entry-too-large',
    });
  });
  it('declared size in total: refused from the central directory, nothing inflated', async () => {
    const zip = buildZip([garbage('a.xml', 900 * KiB), garbage('b.xml', 900 * KiB), garbage('c.xml', 900 * KiB)]);
    expect(await checkZip(zip, SMALL)).toEqual({ ok: false, reason: 'zip-too-large' });
  });
  it('inflated size of one entry: headers that lie are caught while inflating', async () => {
    expect(await checkZip(buildZip([zeros('word/document.xml', 3 * MiB, 1 * KiB)]), SMALL)).toEqual({
      ok: false,
      reason: 'zip-entry-too-large',
    });
  });
  it('inflated size in total: many lying entries, each under the entry bound', async () => {
    const zip = buildZip([
      zeros('a.xml', 900 * KiB, KiB),
      zeros('b.xml', 900 * KiB, KiB),
      zeros('c.xml', 900 * KiB, KiB),
    ]);
    expect(await checkZip(zip, SMALL)).toEqual({ ok: false, reason: 'zip-too-large' });
  });
  it('entry count', async () => {
    const zip = buildZip(Array.from({ length: 21 }, (_, i) => zeros(`p${i}.xml`, 10)));
    expect(await checkZip(zip, SMALL)).toEqual({ ok: false, reason: 'zip-too-many-entries' });
  });
  it('XML nesting depth', async () => {
    const deep = Buffer.from(`<w:document>${'<w:p>'.repeat(60)}${'</w:p>'.repeat(60)}</w:document>`);
    const shallow = Buffer.from(`<?xml version="1.0"?><w:document>${'<w:p><w:r/></w:p>'.repeat(500)}</w:document>`);
    expect(await checkZip(buildZip([{ name: 'word/document.xml', data: deep }]), SMALL)).toEqual({
      ok: false,
      reason: 'xml-too-deep',
    });
    expect((await checkZip(buildZip([{ name: 'word/document.xml', data: shallow }]), SMALL)).ok).toBe(true);
  });
});

describe('XML depth meter', () => {
  it('counts nesting across chunks; self-closing, declarations and comments do not nest', () => {
    const meter = new XmlDepthMeter();
    const xml = Buffer.from('<?xml version="1.0"?><!-- c --><a><b x="1"/><c><d></d></c></a>');
    for (let i = 0; i < xml.length; i += 3) meter.feed(xml.subarray(i, i + 3));
    expect(meter.maxDepth).toBe(3);
  });
});

describe('PDF stream size', () => {
  const pdfWithStream = (content: Buffer) =>
    Buffer.concat([
      Buffer.from(`%PDF-1.7\n4 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`),
      content,
      Buffer.from('\nendstream\nendobj\n'),
    ]);
  it('finds the largest Flate stream and stops counting past the limit', () => {
    expect(largestFlateStream(pdfWithStream(deflateSync(Buffer.alloc(100 * KiB))), MiB)).toBe(100 * KiB);
    expect(largestFlateStream(pdfWithStream(deflateSync(Buffer.alloc(5 * MiB))), MiB)).toBe(MiB + 1);
  });
});

describe('PDF page count in plain view', () => {
  it('reads the page tree root, not an outline', () => {
    const pdf = Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Outlines /Count 9000 >>\nendobj\n2 0 obj\n<< /Kids [3 0 R] /Type /Pages /Count 50000 >>\nendobj\n',
    );
    expect(largestPageCount(pdf)).toBe(50_000);
    expect(largestPageCount(Buffer.from('<< /Type /Outlines /Count 9000 >>'))).toBe(0);
  });
});

describe('line diff bounds', () => {
  const lines = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} line ${i}`).join('\n');
  it('compares versions within the bounds', () => {
    const result = lineDiff('a\nb\nc\n', 'a\nB\nc\n', DEFAULT_PARSER_LIMITS);
    expect(result).toEqual({
      ok: true,
      parts: [
        { value: 'a\n', added: false, removed: false },
        { value: 'b\n', added: false, removed: true },
        { value: 'B\n', added: true, removed: false },
        { value: 'c\n', added: false, removed: false },
      ],
    });
  });
  it('gives up past the edit length, and refuses too many lines before diffing', () => {
    const limits = { ...DEFAULT_PARSER_LIMITS, diffMaxEditLength: 100, diffMaxLines: 1_000 };
    expect(lineDiff(lines('old', 500), lines('new', 500), limits)).toEqual({ ok: false, reason: 'diff-too-different' });
    expect(lineDiff(lines('old', 1_001), lines('old', 1_000), limits)).toEqual({ ok: false, reason: 'diff-too-long' });
  });
});

describe('plain text', () => {
  const text = 'Name,Émile\nZoë,Łódź\n';
  it('reads UTF-8, and UTF-16 in either byte order when its byte-order mark says so', () => {
    expect(decodePlainText(Buffer.from(text))).toBe(text);
    expect(decodePlainText(Buffer.from(`\uFEFF${text}`))).toBe(text);
    expect(decodePlainText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toBe(text);
    const be = Buffer.from(text, 'utf16le').swap16();
    expect(decodePlainText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe(text);
  });
  it('refuses UTF-16 without its mark, broken UTF-8 and binary control characters', () => {
    expect(decodePlainText(Buffer.from(text, 'utf16le'))).toBeNull();
    expect(decodePlainText(Buffer.from([0x41, 0xc3, 0x28]))).toBeNull();
    expect(decodePlainText(Buffer.from('a\u0000b'))).toBeNull();
    // An odd number of bytes after the UTF-16 mark is not UTF-16.
    expect(decodePlainText(Buffer.from([0xff, 0xfe, 0x41]))).toBeNull();
  });
});
