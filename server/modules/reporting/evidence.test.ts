import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import Papa from 'papaparse';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { sql } from 'drizzle-orm';
import { EVIDENCE_ACTION } from '../../../shared/api/reporting';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createContainer, createUser, grant, type TestUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { safeName } from './reporting.evidence';
import { createReportingScenario, SCENARIO_NOW, type ReportingScenario } from './reporting.fixture';
import { seedTurnaroundHistory } from './turnaround.fixture';

let t: TestApp;
let s: ReportingScenario;
let other: ReportingScenario;
let admin: Agent;
let bea: Agent;
let una: Agent;
let otherAdmin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(SCENARIO_NOW);
  s = await createReportingScenario(t.deps);
  other = await createReportingScenario(t.deps);
  await seedTurnaroundHistory(t.deps, s);
  admin = await t.signIn(s.admin.username, s.admin.password);
  bea = await t.signIn(s.bea.username, s.bea.password);
  una = await t.signIn(s.una.username, s.una.password);
  otherAdmin = await t.signIn(other.admin.username, other.admin.password);
});
afterAll(async () => t.close());

const base = () => `/api/o/${s.org.id}/reporting/evidence`;
const csvRows = (body: string) => Papa.parse<string[]>(body.trim(), { skipEmptyLines: true }).data;

const streamBytes = (stream: PDFRawStream): Buffer =>
  stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode')
    ? inflateSync(stream.contents)
    : Buffer.from(stream.contents);

/**
 * How to read a font's glyph codes: its ToUnicode map (code to text), as an embedded font has;
 * a standard font without one is WinAnsi, a byte a character (read as Latin-1, exact up to 0xFF
 * but for 0x80-0x9F).
 */
function decoderOf(font: PDFDict): (hex: string) => string {
  const stream = font.lookup(PDFName.of('ToUnicode'));
  if (stream === undefined) return (hex) => Buffer.from(hex, 'hex').toString('latin1');
  if (!(stream instanceof PDFRawStream)) throw new Error('A ToUnicode map that is not a plain stream');
  const map = new Map<string, string>();
  const cmap = streamBytes(stream).toString('latin1');
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, utf16] of section[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(code!.toLowerCase(), Buffer.from(utf16!, 'hex').swap16().toString('utf16le'));
    }
  }
  // Identity-H: two bytes a glyph.
  return (hex) => (hex.toLowerCase().match(/.{4}/g) ?? []).map((code) => map.get(code) ?? '\uFFFD').join('');
}

/**
 * The text drawn on a PDF's pages, a line for each text-showing operator, read as a PDF reader
 * does for search and copy: each glyph code of the current font turned back into characters.
 */
async function pdfText(bytes: Uint8Array): Promise<{ pages: number; title: string | undefined; text: string }> {
  const pdf = await PDFDocument.load(bytes);
  const fonts = new Map<string, (hex: string) => string>();
  for (const page of pdf.getPages()) {
    const resources = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of resources?.entries() ?? []) {
      fonts.set(name.asString(), decoderOf(pdf.context.lookup(ref, PDFDict)));
    }
  }
  let text = '';
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    let decode: ((hex: string) => string) | undefined;
    for (const [, fontName, hex] of streamBytes(object)
      .toString('latin1')
      .matchAll(/(\/\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (fontName) decode = fonts.get(fontName);
      if (hex === undefined) continue;
      if (!decode) throw new Error(`Text drawn before any font is chosen: <${hex}>`);
      text += `${decode(hex)}\n`;
    }
  }
  return { pages: pdf.getPageCount(), title: pdf.getTitle(), text };
}

const BOM = [0xef, 0xbb, 0xbf];
/** A CSV of the bundle: it starts with the UTF-8 byte-order mark, then its rows. */
function bundleCsv(bytes: Uint8Array | undefined): string[][] {
  if (!bytes) throw new Error('The CSV is not in the bundle');
  expect([...bytes.subarray(0, 3)]).toEqual(BOM);
  return csvRows(strFromU8(bytes.subarray(3)));
}

async function changeLogs(objectType: string, objectId: number) {
  return withSystem(t.deps.database.db, (tx) =>
    queryRows<{ action_name: string; created_by_user: string; sudoer_name: string | null }>(
      tx,
      sql`select action_name, created_by_user, sudoer_name from change_logs
           where org_id = ${s.org.id} and object_type = ${objectType} and object_id = ${objectId}
             and action_name = ${EVIDENCE_ACTION}`,
    ),
  );
}

describe("a P&P's evidence bundle", () => {
  it("holds every version's file, the history summary and the read acknowledgements, and is logged", async () => {
    const res = await admin.get(`${base()}/pnps/${s.pnps.alpha}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Alpha Policy - evidence.zip"');
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const alpha = s.pnps.alpha;
    expect(Object.keys(zip)).toEqual([
      `versions/v1 - policy-${alpha}-v1.txt`,
      `versions/v2 - policy-${alpha}-v2.txt`,
      `versions/draft-${s.docs.alphaDraft} - policy-${alpha}-v0.txt`,
      'history.pdf',
      'read-acknowledgements.csv',
    ]);
    expect(strFromU8(zip[`versions/v1 - policy-${alpha}-v1.txt`]!)).toBe(`Version text ${alpha} 1`);
    expect(strFromU8(zip[`versions/v2 - policy-${alpha}-v2.txt`]!)).toBe(`Version text ${alpha} 2`);
    expect(strFromU8(zip[`versions/draft-${s.docs.alphaDraft} - policy-${alpha}-v0.txt`]!)).toBe(
      `Version text ${alpha} draft`,
    );

    const pdf = await pdfText(zip['history.pdf']!);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    expect(pdf.title).toBe('History of Alpha Policy');
    expect(pdf.text).toContain('Evidence summary: Alpha Policy');
    expect(pdf.text).toContain('Version 2 (Active)');
    expect(pdf.text).toContain(`Authored (submitted) by: ${s.ann.name}, May 03, 2026 00:00 UTC`);
    expect(pdf.text).toContain(`Reviewed (accepted) by: ${s.rex.name}, May 07, 2026 00:00 UTC`);
    expect(pdf.text).toContain(`Approved (Step 1) by: ${s.ann.name}, May 07, 2026 12:00 UTC`);
    expect(pdf.text).toContain(`Approved (Step 1) by: ${s.pat.name}, May 08, 2026 00:00 UTC`);
    expect(pdf.text).toContain(`Published by: ${s.bea.name} (login-as by Sam Staff), May 10, 2026 00:00 UTC`);
    expect(pdf.text).toContain('Generated Nov 23, 2026 12:00 UTC by Ada Admin');

    const csv = bundleCsv(zip['read-acknowledgements.csv']);
    expect(csv[0]).toEqual([
      'Read Acknowledgement',
      'Status',
      'Version',
      'Due Date',
      'Reader',
      'Email',
      'Via Group',
      'Completion',
      'Opened At',
      'Acknowledged At',
      'Acknowledged Version',
    ]);
    // Dates as the product shows them, times to the minute in UTC, as history.pdf shows them.
    expect(csv.slice(1)).toEqual([
      ['Alpha read', 'Active', '2', 'Dec 31, 2026', s.ann.name, s.ann.email, 'Readers', 'Incomplete', '', '', ''],
      [
        'Alpha read',
        'Active',
        '2',
        'Dec 31, 2026',
        s.una.name,
        s.una.email,
        'Readers',
        'Complete',
        'Jul 01, 2026 08:00 UTC',
        'Jul 01, 2026 09:00 UTC',
        '2',
      ],
    ]);

    // The request's transaction commits as the zip starts: on PostgreSQL it may land just after the last byte.
    await vi.waitFor(async () =>
      expect(await changeLogs('Pnp', alpha)).toEqual([
        { action_name: EVIDENCE_ACTION, created_by_user: 'Ada Admin', sudoer_name: null },
      ]),
    );
  });

  it('is open to the owner of its binder, not to another binder owner', async () => {
    expect((await bea.get(`${base()}/pnps/${s.pnps.gamma}`)).statusCode).toBe(200);
    const res = await bea.get(`${base()}/pnps/${s.pnps.epsilon}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Epsilon');
  });
});

describe('a version file missing from storage', () => {
  it('is named as missing in the bundle, which is still whole', async () => {
    const [file] = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ storage_key: string }>(
        tx,
        sql`select f.storage_key from pnp_documents d join stored_files f on f.org_id = d.org_id and f.id = d.file_id
             where d.org_id = ${s.org.id} and d.id = ${s.docs.eta1}`,
      ),
    );
    await t.deps.files.remove(file!.storage_key);
    const res = await admin.get(`${base()}/pnps/${s.pnps.eta}`);
    expect(res.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const name = `versions/v1 - policy-${s.pnps.eta}-v1.txt (missing).txt`;
    expect(Object.keys(zip)).toEqual([name, 'history.pdf', 'read-acknowledgements.csv']);
    expect(strFromU8(zip[name]!)).toContain('missing from storage');
  });
});

describe("a binder's evidence bundle", () => {
  it('holds a folder per P&P of the binder the caller may see, and is logged on the binder', async () => {
    const res = await bea.get(`${base()}/containers/${s.north.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="North - evidence.zip"');
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(zip);
    const { alpha, beta, gamma, delta } = s.pnps;
    const folders = [...new Set(names.filter((n) => n.includes('/')).map((n) => n.split('/')[0]))].sort();
    expect(folders).toEqual(
      [
        `Alpha Policy (${alpha})`,
        `Beta Procedure (${beta})`,
        // A file name may begin with '=': only the CSV cells are neutralised.
        `=Gamma cmd (${gamma})`,
        `Delta Retired (${delta})`,
      ].sort(),
    );
    expect(names[0]).toBe('contents.csv');
    expect(names).toContain(`Delta Retired (${delta})/versions/v1 - policy-${delta}-v1.txt`);
    expect(names).toContain(`Delta Retired (${delta})/versions/v2 - policy-${delta}-v2.txt`);
    expect(strFromU8(zip[`Delta Retired (${delta})/versions/v2 - policy-${delta}-v2.txt`]!)).toBe(s.files.delta2);
    for (const folder of folders) {
      expect(names).toContain(`${folder}/history.pdf`);
      expect(names).toContain(`${folder}/read-acknowledgements.csv`);
    }
    // Eight version files: Alpha 3, Beta 1, Gamma 1, Delta 2... and nothing of South.
    expect(names.filter((n) => n.includes('/versions/'))).toHaveLength(7);
    expect(names.some((n) => n.includes('Epsilon') || n.includes('Zeta'))).toBe(false);
    const contents = bundleCsv(zip['contents.csv']);
    expect(contents[0]).toEqual(['Folder', 'P&P Name', 'Location', 'P&P Status']);
    // Formula-like names are neutralised in the CSV.
    expect(contents.some((row) => row[1] === "'=Gamma cmd")).toBe(true);
    await vi.waitFor(async () => expect(await changeLogs('Binder', s.north.id)).toHaveLength(1));
  });

  it("404 for a binder outside the caller's scope, a folder id, or another organisation's binder", async () => {
    for (const [agent, id] of [
      [bea, s.south.id],
      [admin, s.northWard.id],
      [admin, other.north.id],
    ] as const) {
      const res = await agent.get(`${base()}/containers/${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.body).not.toContain('South');
      expect(res.body).not.toContain('North');
    }
  });
});

describe('names in any script', () => {
  // DejaVu Sans has Latin, Greek and Cyrillic but no CJK: 手順 prints as '??' in the PDF's text, and
  // is kept where no font is needed (the PDF's title, the zip's names, the CSVs).
  const BINDER = 'Łódź Hygiène';
  const PNP = 'Łódź Hygiène – O’Brien’s policy 手順';
  const FILE = 'Hygiène – plan «été».docx';
  let zoe: TestUser;
  let binderId: number;
  let pnpId: number;

  beforeAll(async () => {
    zoe = await createUser(t.deps, s.org.id, { firstName: 'Zoë', lastName: 'O’Brien-Łukasiewicz' });
    const binder = await createContainer(t.deps, s.org.id, { name: BINDER });
    const ward = await createContainer(t.deps, s.org.id, { parentId: binder.id, name: 'Ώρα – Отделение' });
    await grant(t.deps, s.org.id, { containerId: binder.id }, { userId: s.bea.id }, 1);
    binderId = binder.id;
    pnpId = await withSystem(t.deps.database.db, async (tx) => {
      const [pnp] = await queryRows<{ id: number }>(
        tx,
        sql`insert into pnps (org_id, container_id, name, status) values (${s.org.id}, ${ward.id}, ${PNP}, 2) returning id`,
      );
      const bytes = Buffer.from('Hygiène');
      const key = await t.deps.files.put(bytes, 'docx');
      const [file] = await queryRows<{ id: number }>(
        tx,
        sql`insert into stored_files (org_id, storage_key, original_name, mime_type, extension, size_bytes, sha256)
            values (${s.org.id}, ${key}, ${FILE}, 'application/octet-stream', 'docx', ${bytes.length}, 'x') returning id`,
      );
      const [doc] = await queryRows<{ id: number }>(
        tx,
        sql`insert into pnp_documents (org_id, pnp_id, version_number, status, file_id, effective_dt, published_at)
            values (${s.org.id}, ${pnp!.id}, 1, 2, ${file!.id}, '2026-07-02', '2026-07-01T10:00:00Z') returning id`,
      );
      await tx.execute(sql`insert into workflow_history
          (org_id, pnp_id, document_id, actor_id, actor_name, sudoer_name, action,
           from_status, to_status, from_stage, to_stage, from_step, to_step, comment, created_at)
        values (${s.org.id}, ${pnp!.id}, ${doc!.id}, ${zoe.id}, ${zoe.name}, 'Дмитрий Ковалёв', 'Submit',
                1, 1, 2, 3, null, null, ${'Checked “as written” — €5 fee;\nΕλληνικά ok'}, '2026-06-30T09:15:00Z')`);
      const [readAck] = await queryRows<{ id: number }>(
        tx,
        sql`insert into read_acknowledgements (org_id, pnp_id, document_id, name, status, due_dt, created_at)
            values (${s.org.id}, ${pnp!.id}, ${doc!.id}, 'Lecture – été', 1, '2026-12-17', '2026-07-01T11:00:00Z')
            returning id`,
      );
      await tx.execute(sql`insert into read_ack_readers
          (org_id, read_ack_id, user_id, completion, opened_at, acknowledged_at, acknowledged_document_id)
        values (${s.org.id}, ${readAck!.id}, ${zoe.id}, 1, '2026-07-01T08:05:00Z', '2026-07-01T09:30:00Z', ${doc!.id})`);
      return pnp!.id;
    });
  });

  it("print as written in the P&P's history summary, file names and read acknowledgements", async () => {
    const res = await admin.get(`${base()}/pnps/${pnpId}`);
    expect(res.statusCode, res.body).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(zip)).toEqual([`versions/v1 - ${FILE}`, 'history.pdf', 'read-acknowledgements.csv']);

    const pdf = await pdfText(zip['history.pdf']!);
    expect(pdf.title).toBe(`History of ${PNP}`);
    const lines = pdf.text.split('\n');
    expect(lines).toContain('Evidence summary: Łódź Hygiène – O’Brien’s policy ??');
    expect(lines).toContain('Location: Łódź Hygiène / Ώρα – Отделение');
    expect(lines).toContain(`File: ${FILE}`);
    expect(lines).toContain('Effective: Jul 02, 2026');
    // DejaVu Sans is wider than Helvetica: this one is wrapped onto two lines.
    expect(lines.join(' ')).toContain(
      'Authored (submitted) by: Zoë O’Brien-Łukasiewicz (login-as by Дмитрий Ковалёв), Jun 30, 2026 09:15 UTC',
    );
    expect(lines).toContain('Comment: Checked “as written” — €5 fee; Ελληνικά ok');

    const csv = bundleCsv(zip['read-acknowledgements.csv']);
    expect(csv.slice(1)).toEqual([
      [
        'Lecture – été',
        'Active',
        '1',
        'Dec 17, 2026',
        zoe.name,
        zoe.email,
        '',
        'Complete',
        'Jul 01, 2026 08:05 UTC',
        'Jul 01, 2026 09:30 UTC',
        '1',
      ],
    ]);
  });

  it("keep their letters in a binder bundle's folders and contents", async () => {
    const res = await bea.get(`${base()}/containers/${binderId}`);
    expect(res.statusCode, res.body).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const folder = `${PNP} (${pnpId})`;
    expect(Object.keys(zip)).toEqual([
      'contents.csv',
      `${folder}/versions/v1 - ${FILE}`,
      `${folder}/history.pdf`,
      `${folder}/read-acknowledgements.csv`,
    ]);
    expect(bundleCsv(zip['contents.csv'])).toEqual([
      ['Folder', 'P&P Name', 'Location', 'P&P Status'],
      [folder, PNP, 'Łódź Hygiène / Ώρα – Отделение', 'ACTIVE'],
    ]);
  });
});

describe('a name in the bundle', () => {
  it('keeps letters of any script and the punctuation of names', () => {
    expect(safeName('Łódź Hygiène – O’Brien’s «policy» 手順 (v2).docx', 'x')).toBe(
      'Łódź Hygiène – O’Brien’s «policy» 手順 (v2).docx',
    );
    // Composed, so the same name typed on two systems is one name.
    expect(safeName('Hygie\u0300ne', 'x')).toBe('Hygiène');
  });

  it('is never a path, a hidden file or empty', () => {
    expect(safeName('../../etc/passwd', 'x')).toBe('_.._etc_passwd');
    expect(safeName('C:\\Users\\a.docx', 'x')).toBe('C__Users_a.docx');
    expect(safeName('..', 'x')).toBe('x');
    expect(safeName(' .hidden. ', 'x')).toBe('hidden');
    expect(safeName('', 'document')).toBe('document');
  });

  it('holds no control, invisible or reserved character', () => {
    expect(safeName('a\u0000b\nc\td', 'x')).toBe('a_b_c_d');
    // A right-to-left override would show 'policy\u202Excod.exe' as 'policyexe.docx'.
    expect(safeName('policy\u202Excod.exe', 'x')).toBe('policy_xcod.exe');
    // The joiners some scripts and emoji need are kept.
    expect(safeName('می\u200Cخواهم \u{1F468}\u200D\u{1F469}', 'x')).toBe('می\u200Cخواهم \u{1F468}\u200D\u{1F469}');
    expect(safeName('a<b>c:d"e|f?g*h', 'x')).toBe('a_b_c_d_e_f_g_h');
    expect(safeName('a\u00a0b\u3000c', 'x')).toBe('a b c');
  });

  it('is cut to 150 bytes between whole characters, keeping its extension', () => {
    const long = safeName(`${'手'.repeat(100)}.docx`, 'x');
    expect(long).toBe(`${'手'.repeat(48)}.docx`);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(150);
    // An accent written as a separate mark stays with its letter; an emoji of several code points stays whole.
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(safeName(`${'a'.repeat(140)}${family}`, 'x')).toBe('a'.repeat(140));
  });
});

describe('access and validation', () => {
  const urls = () => [`${base()}/pnps/${s.pnps.alpha}`, `${base()}/containers/${s.north.id}`];

  it('401 without a session; 403 for a reader who sees the P&P but has no reporting role', async () => {
    for (const url of urls()) {
      expect((await t.anonymous().get(url)).statusCode, url).toBe(401);
      expect((await una.get(url)).statusCode, url).toBe(403);
    }
  });

  it("404 for another organisation's P&P or path, with no name in the body", async () => {
    const res = await admin.get(`${base()}/pnps/${other.pnps.alpha}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Alpha');
    expect((await otherAdmin.get(`${base()}/pnps/${s.pnps.alpha}`)).statusCode).toBe(404);
    expect((await otherAdmin.get(`${base()}/containers/${s.north.id}`)).statusCode).toBe(404);
  });

  it('422 with the errors list for a bad id', async () => {
    for (const url of [`${base()}/pnps/abc`, `${base()}/containers/0`, `${base()}/pnps/99999999999`]) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json<{ errors: string[] }>().errors.length).toBeGreaterThan(0);
    }
  });
});
