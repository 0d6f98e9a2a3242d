import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import Papa from 'papaparse';
import { PDFDocument, PDFRawStream, PDFName } from 'pdf-lib';
import { sql } from 'drizzle-orm';
import { EVIDENCE_ACTION } from '../../../shared/api/reporting';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
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

/** The text drawn on a PDF's pages: its content streams inflated, hex strings decoded (Helvetica is WinAnsi). */
async function pdfText(bytes: Uint8Array): Promise<{ pages: number; title: string | undefined; text: string }> {
  const pdf = await PDFDocument.load(bytes);
  let text = '';
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filter = object.dict.get(PDFName.of('Filter'));
    const raw = filter === PDFName.of('FlateDecode') ? inflateSync(object.contents) : Buffer.from(object.contents);
    const content = raw.toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      text += `${Buffer.from(match[1]!, 'hex').toString('latin1')}\n`;
    }
  }
  return { pages: pdf.getPageCount(), title: pdf.getTitle(), text };
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

    const csv = csvRows(strFromU8(zip['read-acknowledgements.csv']!));
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
    expect(csv.slice(1).map((row) => [row[0], row[1], row[2], row[4], row[6], row[7], row[9], row[10]])).toEqual([
      ['Alpha read', 'Active', '2', s.ann.name, 'Readers', 'Incomplete', '', ''],
      ['Alpha read', 'Active', '2', s.una.name, 'Readers', 'Complete', '2026-07-01T09:00:00Z', '2'],
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
        `_Gamma cmd (${gamma})`,
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
    const contents = csvRows(strFromU8(zip['contents.csv']!));
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
