import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { docxManyEntries, docxOf, docxZipBomb, fakeExecutable, pdfOf } from '../../test/pnp-factories';
import { contentDisposition } from './download';
import { renderDocx } from '../../seed/documents';
import { docxToHtml } from './docx-preview';
import { checkUpload, safeFileName } from './file-validation';
import { closeParserPool } from './parser-pool';
import { checkZip } from '../../workers/parsers/zip-guard';
import { DEFAULT_PARSER_LIMITS } from './parser-limits';

const MB = 1024 * 1024;
afterAll(() => closeParserPool());
const refusal = async (promise: Promise<unknown>): Promise<string[]> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 422) return error.errors;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('accepted files: the type comes from the content', () => {
  it('reads a DOCX and its text', async () => {
    const bytes = await docxOf('Hand Hygiene', ['Wash hands before every patient contact.']);
    const file = await checkUpload({ fileName: 'Hand Hygiene.docx', bytes, truncated: false }, 50 * MB);
    expect(file).toMatchObject({ extension: 'docx', originalName: 'Hand Hygiene.docx', sizeBytes: bytes.length });
    expect(file.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(file.extractedText).toContain('Wash hands before every patient contact.');
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
  it('reads a PDF and its text', async () => {
    const bytes = await pdfOf('Falls', ['Assess every patient for fall risk on admission.']);
    const file = await checkUpload({ fileName: 'falls.pdf', bytes, truncated: false }, 50 * MB);
    expect(file.extension).toBe('pdf');
    expect(file.extractedText).toContain('Assess every patient for fall risk on admission.');
  });
  it('accepts plain UTF-8 text as TXT', async () => {
    const file = await checkUpload(
      { fileName: 'notes.txt', bytes: Buffer.from('Café rules\nline two'), truncated: false },
      MB,
    );
    expect(file).toMatchObject({ extension: 'txt', mimeType: 'text/plain', extractedText: 'Café rules\nline two' });
  });
  it('names the file by what it is: a DOCX uploaded as .pdf is kept as .docx', async () => {
    const bytes = await docxOf('Misnamed', ['text']);
    const file = await checkUpload({ fileName: 'policy.pdf', bytes, truncated: false }, 50 * MB);
    expect(file).toMatchObject({ extension: 'docx', originalName: 'policy.docx' });
  });
  it('recognises a legacy DOC by its Word stream, not any compound file', async () => {
    const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const cfb = Buffer.concat([header, Buffer.alloc(504), Buffer.from('WordDocument', 'utf16le'), Buffer.alloc(1024)]);
    expect((await checkUpload({ fileName: 'old.doc', bytes: cfb, truncated: false }, MB)).extension).toBe('doc');
    const msi = Buffer.concat([header, Buffer.alloc(2048)]);
    expect(await refusal(checkUpload({ fileName: 'setup.doc', bytes: msi, truncated: false }, MB))).toEqual([
      'The file setup.doc is not an accepted type. Accepted types: DOCX, DOC, PDF, XLSX, PPTX, TXT.',
    ]);
  });
});

describe('refused files', () => {
  it('refuses a renamed executable', async () => {
    expect(
      await refusal(checkUpload({ fileName: 'policy.pdf', bytes: fakeExecutable(), truncated: false }, MB)),
    ).toEqual(['The file policy.pdf is not an accepted type. Accepted types: DOCX, DOC, PDF, XLSX, PPTX, TXT.']);
  });
  it('refuses an empty file', async () => {
    expect(
      await refusal(checkUpload({ fileName: 'empty.docx', bytes: Buffer.alloc(0), truncated: false }, MB)),
    ).toEqual(['The file empty.docx is empty.']);
  });
  it('refuses a file over the limit with the limit in the message', async () => {
    expect(
      await refusal(checkUpload({ fileName: 'big.pdf', bytes: Buffer.alloc(10), truncated: true }, 50 * MB)),
    ).toEqual(['The file big.pdf is larger than the 50 MB limit.']);
  });
  it('refuses a path in the file name', async () => {
    expect(
      await refusal(checkUpload({ fileName: '../../etc/passwd.pdf', bytes: Buffer.from('x'), truncated: false }, MB)),
    ).toEqual(['The file name "../../etc/passwd.pdf" is not allowed: a file name must not contain a path.']);
    expect(() => safeFileName('..\\windows\\evil.docx')).toThrow(AppError);
    expect(safeFileName('  Policy (v2).docx ')).toBe('Policy (v2).docx');
  });
  it('refuses a zip bomb before any parser opens it (uncompressed size)', async () => {
    const bomb = docxZipBomb(300 * MB);
    expect(bomb.length).toBeLessThan(2 * MB);
    expect(await refusal(checkUpload({ fileName: 'bomb.docx', bytes: bomb, truncated: false }, 50 * MB))).toEqual([
      'The file bomb.docx expands to more than 256 MB when opened and was refused.',
    ]);
  });
  it('refuses a zip with too many entries, and one whose headers lie about sizes', async () => {
    expect(
      await refusal(checkUpload({ fileName: 'many.docx', bytes: docxManyEntries(10_001), truncated: false }, 50 * MB)),
    ).toEqual(['The file many.docx holds too many parts to be opened safely.']);
    // Headers claiming 1 KB per entry: the real inflation is counted and stopped all the same.
    const liar = docxZipBomb(48 * MB, 1024);
    expect(await checkZip(liar, { ...DEFAULT_PARSER_LIMITS, zipMaxEntries: 100, zipMaxTotalBytes: 8 * MB })).toEqual({
      ok: false,
      reason: 'zip-too-large',
    });
    expect((await refusal(checkUpload({ fileName: 'liar.docx', bytes: liar, truncated: false }, 50 * MB)))[0]).toMatch(
      /^The file liar.docx /,
    );
  });
  it('refuses plain text named as a PDF or another document, and says what it holds', async () => {
    const text = Buffer.from('Hand hygiene policy\nWash hands before every patient contact.');
    expect(await refusal(checkUpload({ fileName: 'Hand Hygiene.pdf', bytes: text, truncated: false }, MB))).toEqual([
      'The file Hand Hygiene.pdf is not in PDF format: its content is plain text. Save it again as PDF, or rename it to Hand Hygiene.txt to upload it as text.',
    ]);
    expect(await refusal(checkUpload({ fileName: 'rota.XLSX', bytes: text, truncated: false }, MB))).toEqual([
      'The file rota.XLSX is not in XLSX format: its content is plain text. Save it again as XLSX, or rename it to rota.txt to upload it as text.',
    ]);
    // Named as text, or with no document extension at all, plain text is a TXT file.
    expect((await checkUpload({ fileName: 'notes.txt', bytes: text, truncated: false }, MB)).extension).toBe('txt');
    expect(await checkUpload({ fileName: 'README', bytes: text, truncated: false }, MB)).toMatchObject({
      extension: 'txt',
      originalName: 'README.txt',
    });
  });
  it('refuses a damaged PDF', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x41)]);
    expect(await refusal(checkUpload({ fileName: 'broken.pdf', bytes, truncated: false }, MB))).toEqual([
      'The file broken.pdf could not be read as a PDF document.',
    ]);
  });
});

describe('downloads and previews', () => {
  it('writes a safe Content-Disposition with an RFC 5987 name', () => {
    expect(contentDisposition('Política "final"; v2.pdf', 'attachment')).toBe(
      `attachment; filename="Politica _final__ v2.pdf"; filename*=UTF-8''Pol%C3%ADtica%20%22final%22%3B%20v2.pdf`,
    );
    expect(contentDisposition('手順.docx', 'inline')).toBe(
      `inline; filename="file.docx"; filename*=UTF-8''%E6%89%8B%E9%A0%86.docx`,
    );
  });
  it('renders a DOCX as HTML', async () => {
    const html = await docxToHtml(await docxOf('Title', ['Body text.']));
    expect(html).toContain('<p>Body text.</p>');
  });
  it("renders a table's header row as its header and the rest as plain cells, and Word's Title as a title", async () => {
    const html = await docxToHtml(
      await renderDocx({
        title: 'Sharps Disposal',
        sections: [
          { heading: 'Containers', paragraphs: [], table: { columns: ['Item', 'Bin'], rows: [['Needle', 'Yellow']] } },
        ],
      }),
    );
    expect(html).toContain('<p class="document-title">Sharps Disposal</p>');
    expect(html).toContain(
      '<thead><tr><th><p><strong>Item</strong></p></th><th><p><strong>Bin</strong></p></th></tr></thead>',
    );
    expect(html).toContain('<tbody><tr><td><p>Needle</p></td><td><p>Yellow</p></td></tr></tbody>');
  });
});
