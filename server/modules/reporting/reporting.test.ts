import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import Papa from 'papaparse';
import {
  REPORT_KEYS,
  type DashFigureResult,
  type ReadAckDetailPage,
  type ReportPage,
} from '../../../shared/api/reporting';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createContainer, createOrg, createUser } from '../../test/factories';
import { EXPORT_BATCH } from './reporting.export';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createReportingScenario, SCENARIO_NOW, type ReportingScenario } from './reporting.fixture';

let t: TestApp;
let s: ReportingScenario;
let admin: Agent;
let bea: Agent;
let una: Agent;
let other: { org: ReportingScenario; admin: Agent };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(SCENARIO_NOW);
  s = await createReportingScenario(t.deps);
  const otherScenario = await createReportingScenario(t.deps);
  admin = await t.signIn(s.admin.username, s.admin.password);
  bea = await t.signIn(s.bea.username, s.bea.password);
  una = await t.signIn(s.una.username, s.una.password);
  other = { org: otherScenario, admin: await t.signIn(otherScenario.admin.username, otherScenario.admin.password) };
});
afterAll(async () => t.close());

const base = () => `/api/o/${s.org.id}/reporting`;
async function report(agent: Agent, name: string, query = ''): Promise<ReportPage> {
  const res = await agent.get(`${base()}/${name}${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportPage>();
}
async function dash(agent: Agent, figure: string, query = ''): Promise<DashFigureResult> {
  const res = await agent.get(`${base()}/dash/${figure}${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DashFigureResult>();
}
const counts = (figure: DashFigureResult) => Object.fromEntries(figure.buckets.map((b) => [b.key, b.count]));
const col = (page: ReportPage, key: string) => page.rows.map((row) => row[key]);
const csvRows = (body: string) => Papa.parse<string[]>(body.trim(), { skipEmptyLines: true }).data;

describe('dashboard figures', () => {
  it('counts drafts by stage', async () => {
    const all = await dash(admin, 'content_authoring_status');
    expect(all.buckets.map((b) => b.label)).toEqual(['Authoring', 'Reviewing', 'Approving', 'Publishing']);
    expect(counts(all)).toEqual({ 2: 1, 3: 1, 4: 1, 5: 0 });
    expect(all.total).toBe(3);
    // Bea owns North only: Beta (Authoring) and Alpha's draft (Reviewing).
    expect(counts(await dash(bea, 'content_authoring_status'))).toEqual({ 2: 1, 3: 1, 4: 0, 5: 0 });
  });

  it('counts P&Ps by status', async () => {
    const all = await dash(admin, 'all_pnp_status');
    expect(all.buckets.map((b) => b.label)).toEqual(['DRAFT', 'ACTIVE', 'RETIRED']);
    expect(counts(all)).toEqual({ 1: 2, 2: 3, 3: 2 });
    expect(counts(await dash(bea, 'all_pnp_status'))).toEqual({ 1: 1, 2: 2, 3: 1 });
  });

  it('counts upcoming reviews by month for twelve months, and the overdue ones', async () => {
    const all = await dash(admin, 'upcoming_reviews');
    expect(all.from).toBe('2026-11');
    expect(all.to).toBe('2027-10');
    expect(all.buckets).toHaveLength(12);
    expect(all.buckets[0]).toEqual({ key: '2026-11', label: 'Nov 2026', count: 0 });
    expect(counts(all)['2026-12']).toBe(1);
    expect(counts(all)['2027-02']).toBe(1);
    expect(all.total).toBe(2);
    expect(all.overdue).toBe(1);
    const mine = await dash(bea, 'upcoming_reviews');
    expect(mine.total).toBe(1);
    expect(counts(mine)['2027-02']).toBe(0);
    expect(mine.overdue).toBe(1);
  });

  it('counts published versions per month over a period', async () => {
    const all = await dash(admin, 'published_docs');
    expect(all.from).toBe('2025-12');
    expect(all.to).toBe('2026-11');
    expect(counts(all)).toMatchObject({ '2025-12': 1, '2026-01': 1, '2026-03': 1, '2026-06': 2 });
    expect(all.total).toBe(5);
    const period = await dash(admin, 'published_docs', 'from=2025-01&to=2025-06');
    expect(period.buckets).toHaveLength(6);
    expect(counts(period)).toMatchObject({ '2025-02': 1, '2025-05': 1 });
    expect(period.total).toBe(2);
    const mine = await dash(bea, 'published_docs', 'from=2025-01&to=2026-12');
    expect(mine.total).toBe(5);
  });

  it('refuses a bad period with the errors list', async () => {
    for (const q of ['from=2026-13', 'from=2026-05&to=2026-01', 'from=2020-01&to=2026-01', 'bogus=1']) {
      const res = await admin.get(`${base()}/dash/published_docs?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json<{ errors: string[] }>().errors.length).toBeGreaterThan(0);
    }
    expect((await admin.get(`${base()}/dash/all_pnp_status?from=2026-01`)).statusCode).toBe(422);
  });
});

describe('reports', () => {
  it('All Versions lists every version with status and dates, sorted and paged', async () => {
    const page = await report(admin, 'pnp_documents', 'per_page=100');
    expect(page.total).toBe(10);
    expect(page.capped).toBe(false);
    const alpha2 = page.rows.find((row) => row.version_id === s.docs.alpha2)!;
    expect(alpha2).toMatchObject({
      pnp_name: 'Alpha Policy',
      location: 'North / North Ward',
      version_number: 2,
      version_status_label: 'Active',
      pnp_status_label: 'ACTIVE',
      effective_dt: '2026-06-15',
      published_at: '2026-06-10T10:00:00Z',
      review_dt: '2026-12-20',
    });
    expect(page.rows.find((row) => row.version_id === s.docs.alphaDraft)).toMatchObject({ stage_label: 'Reviewing' });
    // A draft waiting for an approval step says which, as the P&P screens do.
    expect(page.rows.find((row) => row.version_id === s.docs.zeta)).toMatchObject({ stage_label: 'Approving: Step 1' });
    const byStage = await report(admin, 'pnp_documents', 'sort=stage_label&dir=asc');
    expect(col(byStage, 'stage_label').slice(0, 3)).toEqual(['Approving: Step 1', 'Authoring', 'Reviewing']);

    const first = await report(admin, 'pnp_documents', 'per_page=4&sort=pnp_name&dir=asc');
    expect(first.total).toBe(10);
    expect(col(first, 'pnp_name')).toEqual(['=Gamma cmd', 'Alpha Policy', 'Alpha Policy', 'Alpha Policy']);
    const last = await report(admin, 'pnp_documents', 'per_page=4&page=3&sort=pnp_name&dir=asc');
    expect(col(last, 'pnp_name')).toEqual(['Eta Retired', 'Zeta Draft']);
    expect(last.total).toBe(10);

    const effective = await report(admin, 'pnp_documents', 'effective_from=2026-06-01&effective_to=2026-06-30');
    expect(col(effective, 'version_id').sort()).toEqual([s.docs.alpha2, s.docs.epsilon1].sort());
    const review = await report(admin, 'pnp_documents', 'review_from=2026-12-01&review_to=2027-12-31&sort=review_dt');
    expect(col(review, 'pnp_name')).toEqual(['Alpha Policy', 'Epsilon Other']);
    const published = await report(admin, 'pnp_documents', 'published_from=2026-01-01&published_to=2026-01-31');
    expect(col(published, 'version_id')).toEqual([s.docs.alpha1]);
    const search = await report(admin, 'pnp_documents', 'q=gamma');
    expect(col(search, 'pnp_name')).toEqual(['=Gamma cmd']);
    const drafts = await report(admin, 'pnp_documents', 'version_status=1');
    expect(drafts.total).toBe(3);
    // By the P&P's status: every version of the retired P&Ps, and only those.
    const retired = await report(admin, 'pnp_documents', 'pnp_status=3&per_page=100');
    expect([...new Set(col(retired, 'pnp_name'))].sort()).toEqual(['Delta Retired', 'Eta Retired']);
    expect(new Set(col(retired, 'pnp_status_label'))).toEqual(new Set(['RETIRED']));
  });

  it('Retired P&Ps lists the retired ones with their last version', async () => {
    const page = await report(admin, 'retired_pnps');
    expect(col(page, 'pnp_name')).toEqual(['Delta Retired', 'Eta Retired']);
    expect(page.rows[0]).toMatchObject({
      pnp_id: s.pnps.delta,
      version_number: 2,
      version_count: 2,
      retired_at: '2026-09-01T09:00:00Z',
      retire_reason: 'Superseded',
    });
    expect(col(await report(bea, 'retired_pnps'), 'pnp_name')).toEqual(['Delta Retired']);
  });

  it('Versions Pending Action says the stage, step and who holds the open task', async () => {
    const page = await report(admin, 'pending_action', 'sort=pnp_name');
    expect(page.rows.map((r) => [r.pnp_name, r.stage_label, r.approval_step, r.pending_with, r.pending_count])).toEqual(
      [
        ['Alpha Policy', 'Reviewing', null, 'Rex Reviewer', 1],
        ['Beta Procedure', 'Authoring', null, 'Ann Author', 1],
        ['Zeta Draft', 'Approving', 1, 'Pat Approver', 1],
      ],
    );
    const pat = await report(admin, 'pending_action', `user_id=${s.pat.id}`);
    expect(col(pat, 'pnp_name')).toEqual(['Zeta Draft']);
    // By stage: what the dashboard's draft-status bars open.
    expect(col(await report(admin, 'pending_action', 'draft_stage=4'), 'pnp_name')).toEqual(['Zeta Draft']);
    expect(col(await report(admin, 'pending_action', 'draft_stage=2'), 'pnp_name')).toEqual(['Beta Procedure']);
    expect(col(await report(admin, 'pending_action', 'draft_stage=5'), 'pnp_name')).toEqual([]);
    expect(col(await report(bea, 'pending_action', 'sort=pnp_name'), 'pnp_name')).toEqual([
      'Alpha Policy',
      'Beta Procedure',
    ]);
  });

  it('Assignments lists each role held on binders, folders and P&Ps, by role, user and group', async () => {
    const page = await report(admin, 'user_assignments', 'per_page=100');
    expect(page.total).toBe(7);
    const owners = await report(admin, 'user_assignments', 'role=1&sort=subject_name');
    expect(owners.rows.map((r) => [r.subject_name, r.object_name, r.object_type])).toEqual([
      ['Bea Owner', 'North', 'Binder'],
      ['Otto Owner', 'South', 'Binder'],
    ]);
    const approver = (await report(admin, 'user_assignments', 'role=4')).rows[0]!;
    expect(approver).toMatchObject({ subject_name: 'Pat Approver', role_label: 'Approver (Step 1)' });
    // Una holds her role through the Readers group.
    const unaRoles = await report(admin, 'user_assignments', `user_id=${s.una.id}`);
    expect(unaRoles.rows.map((r) => [r.subject_type, r.subject_name, r.role_label])).toEqual([
      ['Group', 'Readers', 'Audience'],
    ]);
    const ann = await report(admin, 'user_assignments', `user_id=${s.ann.id}&sort=object_name`);
    expect(ann.rows.map((r) => [r.subject_name, r.role_label, r.object_name])).toEqual([
      ['Ann Author', 'Author', 'North'],
      ['Readers', 'Audience', 'North'],
      ['Ann Author', 'Author', 'South'],
    ]);
    const group = await report(admin, 'user_assignments', `group_id=${s.group.id}`);
    expect(group.total).toBe(1);
    // Several groups, comma-separated: a row of any of them (an unknown id matches nothing).
    expect((await report(admin, 'user_assignments', `group_id=999999,${s.group.id}`)).total).toBe(1);
    expect((await report(admin, 'user_assignments', 'group_id=999999')).total).toBe(0);
    const mine = await report(bea, 'user_assignments', 'per_page=100');
    expect(new Set(col(mine, 'object_name'))).toEqual(new Set(['North']));
    expect(mine.total).toBe(5);
  });

  it('Unassigned Items lists containers and P&Ps with nobody in a role', async () => {
    const page = await report(admin, 'missing_assignments', 'sort=object_name&per_page=100');
    expect(page.rows.map((r) => [r.object_name, r.object_type, r.missing_roles])).toEqual([
      ['Epsilon Other', 'P&P', 'Approver; Audience'],
      ['South', 'Binder', 'Approver; Audience'],
      ['South Ward', 'Folder', 'Approver; Audience'],
      ['Zeta Draft', 'P&P', 'Approver; Audience'],
    ]);
    const reviewers = await report(admin, 'missing_assignments', 'role=3&per_page=100');
    expect(reviewers.total).toBe(4);
    expect(new Set(col(reviewers, 'missing_roles'))).toEqual(new Set(['Reviewer']));
    expect((await report(bea, 'missing_assignments')).total).toBe(0);
  });

  it('Read Acknowledgements counts completion, filters by status and group; the detail lists each reader', async () => {
    const page = await report(admin, 'read_acknowledgements', 'sort=name');
    expect(
      page.rows.map((r) => [r.name, r.status_label, r.readers_total, r.readers_completed, r.completion_pct, r.groups]),
    ).toEqual([
      ['Alpha read', 'Active', 2, 1, 50, 'Readers'],
      ['Epsilon read', 'Closed', 1, 1, 100, null],
    ]);
    expect(col(await report(admin, 'read_acknowledgements', 'status=2'), 'name')).toEqual(['Epsilon read']);
    expect(col(await report(admin, 'read_acknowledgements', `group_id=${s.group.id}`), 'name')).toEqual(['Alpha read']);
    expect(col(await report(bea, 'read_acknowledgements'), 'name')).toEqual(['Alpha read']);

    const res = await admin.get(`${base()}/read_acknowledgements/${s.readAcks.alpha}?sort=reader_name`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<ReadAckDetailPage>();
    expect(detail.read_acknowledgement).toMatchObject({
      name: 'Alpha read',
      readers_total: 2,
      readers_completed: 1,
      version_number: 2,
    });
    expect(detail.rows.map((r) => [r.reader_name, r.completed, r.acknowledged_at, r.via_group])).toEqual([
      ['Ann Author', false, null, 'Readers'],
      ['Una Reader', true, '2026-07-01T09:00:00Z', 'Readers'],
    ]);
    const pending = await admin.get(`${base()}/read_acknowledgements/${s.readAcks.alpha}?completion=0`);
    expect(pending.json<ReadAckDetailPage>().rows.map((r) => r.reader_name)).toEqual(['Ann Author']);
    // Outside Bea's binders: not found, as for an id of another organisation.
    expect((await bea.get(`${base()}/read_acknowledgements/${s.readAcks.epsilon}`)).statusCode).toBe(404);
  });

  it('Views by Version counts views and viewers per version', async () => {
    const page = await report(admin, 'pnp_document_views');
    expect(page.rows[0]).toMatchObject({
      version_id: s.docs.alpha2,
      views: 3,
      unique_viewers: 2,
      last_viewed_at: '2026-07-03T08:00:00Z',
    });
    expect(page.rows[1]).toMatchObject({ version_id: s.docs.epsilon1, views: 1, unique_viewers: 1 });
    expect(page.total).toBe(7);
    const mine = await report(bea, 'pnp_document_views', 'per_page=100');
    expect(new Set(col(mine, 'pnp_name'))).toEqual(new Set(['Alpha Policy', '=Gamma cmd', 'Delta Retired']));
  });

  it('Linked P&Ps lists the links; an owner sees only links inside their binders', async () => {
    const page = await report(admin, 'linked_pnps', 'sort=linked_pnp_name');
    expect(page.rows.map((r) => [r.pnp_name, r.linked_pnp_name, r.linked_location])).toEqual([
      ['Alpha Policy', '=Gamma cmd', 'North / North Ward'],
      ['Alpha Policy', 'Epsilon Other', 'South / South Ward'],
    ]);
    // Codes beside the labels, as in All Versions: the screen shows them as status badges.
    expect(page.rows[0]).toMatchObject({
      pnp_status: 2,
      pnp_status_label: 'ACTIVE',
      linked_pnp_status: 2,
      linked_pnp_status_label: 'ACTIVE',
    });
    expect(col(await report(bea, 'linked_pnps'), 'linked_pnp_name')).toEqual(['=Gamma cmd']);
  });
});

describe('exports', () => {
  it('streams the whole filtered report as CSV, formula-like cells neutralised', async () => {
    const res = await admin.get(`${base()}/pnp_documents?format=csv&sort=pnp_name&per_page=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    // The UTF-8 byte-order mark first: Excel then reads the file as UTF-8.
    expect(res.body.startsWith('\uFEFFP&P Name,')).toBe(true);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="All_Versions_2026-11-23\.csv"/);
    const rows = csvRows(res.body);
    expect(rows[0]).toEqual([
      'P&P Name',
      'Location',
      'Version',
      'Version Status',
      'P&P Status',
      'Draft Stage',
      'Effective Date',
      'Published',
      'Review Date',
      'Archived',
    ]);
    expect(rows).toHaveLength(11);
    expect(rows[1]![0]).toBe("'=Gamma cmd");
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      "'=Gamma cmd",
      'Alpha Policy',
      'Alpha Policy',
      'Alpha Policy',
      'Beta Procedure',
      'Delta Retired',
      'Delta Retired',
      'Epsilon Other',
      'Eta Retired',
      'Zeta Draft',
    ]);
  });

  it('streams XLSX read back with exceljs', async () => {
    const res = await admin.get(`${base()}/linked_pnps?format=xlsx&sort=linked_pnp_name`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values[0]).toEqual([
      'P&P Name',
      'Status',
      'Location',
      'Linked P&P',
      'Linked Status',
      'Linked Location',
      'Linked',
    ]);
    expect(values.slice(1).map((r) => r[3])).toEqual(['=Gamma cmd', 'Epsilon Other']);
    expect(values).toHaveLength(3);
    // Formula-like text is a string cell holding the text as it is (no quote added), never a formula:
    // a spreadsheet evaluates only cells stored as formulas, and sorts and filters this one as typed.
    const gamma = sheet.getRow(2).getCell(4);
    expect(gamma.type).toBe(ExcelJS.ValueType.String);
    expect(gamma.value).toBe('=Gamma cmd');
    expect(gamma.formula).toBeUndefined();
    const zip = await JSZip.loadAsync(res.rawPayload);
    const sheetXml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheetXml).not.toContain('<f>');
    expect(sheetXml).toMatch(/<c r="D2" t="str"><v>=Gamma cmd<\/v><\/c>/);
  });

  it('writes dates as the screen shows them, MMM dd, yyyy: as text in CSV, as date cells in XLSX', async () => {
    const query = 'q=alpha&version_status=2';
    const csv = csvRows((await admin.get(`${base()}/pnp_documents?format=csv&${query}`)).body);
    expect(csv).toHaveLength(2);
    const header = csv[0]!;
    const row = csv[1]!;
    const cell = (label: string) => row[header.indexOf(label)];
    expect([cell('Effective Date'), cell('Published'), cell('Review Date'), cell('Archived')]).toEqual([
      'Jun 15, 2026',
      'Jun 10, 2026',
      'Dec 20, 2026',
      '',
    ]);
    const xlsx = await admin.get(`${base()}/pnp_documents?format=xlsx&${query}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    // In XLSX they are date cells (sorted and filtered as dates), shown in the same format.
    const sheetRow = workbook.worksheets[0]!.getRow(2);
    expect((sheetRow.values as unknown[]).slice(7, 10)).toEqual([
      new Date('2026-06-15T00:00:00Z'),
      new Date('2026-06-10T00:00:00Z'),
      new Date('2026-12-20T00:00:00Z'),
    ]);
    expect([7, 8, 9].map((column) => sheetRow.getCell(column).numFmt)).toEqual([
      'mmm dd, yyyy',
      'mmm dd, yyyy',
      'mmm dd, yyyy',
    ]);
  });

  it('an owner exports only their rows', async () => {
    const res = await bea.get(`${base()}/pnp_documents?format=csv`);
    const names = new Set(
      csvRows(res.body)
        .slice(1)
        .map((r) => r[0]),
    );
    expect(names).toEqual(new Set(['Alpha Policy', 'Beta Procedure', "'=Gamma cmd", 'Delta Retired']));
    const xlsx = await bea.get(`${base()}/user_assignments?format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const items = workbook.worksheets[0]!.getColumn(6).values.slice(2);
    expect(new Set(items)).toEqual(new Set(['North']));
  });

  it('exports a read acknowledgement detail', async () => {
    const res = await admin.get(`${base()}/read_acknowledgements/${s.readAcks.alpha}?format=csv&sort=reader_name`);
    const rows = csvRows(res.body);
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ['Ann Author', 'No'],
      ['Una Reader', 'Yes'],
    ]);
  });
});

describe('a binder owner', () => {
  it('never sees anything of another binder in any report, count, figure or export', async () => {
    const outside = ['South', 'Epsilon', 'Zeta', 'Eta Retired', 'Otto'];
    const reports = [
      'pnp_documents',
      'retired_pnps',
      'pending_action',
      'user_assignments',
      'missing_assignments',
      'read_acknowledgements',
      'pnp_document_views',
      'linked_pnps',
    ];
    for (const name of reports) {
      for (const query of ['per_page=100', 'format=csv', 'format=xlsx']) {
        const res = await bea.get(`${base()}/${name}?${query}`);
        expect(res.statusCode, `${name} ${query}`).toBe(200);
        let text = res.body;
        if (query === 'format=xlsx') {
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
          text = JSON.stringify(workbook.worksheets[0]!.getSheetValues());
        }
        for (const word of outside) expect(text, `${name} ${query}`).not.toContain(word);
      }
      // The admin's answers do hold them, so the absence above is the scope at work.
      const all = await admin.get(`${base()}/${name}?per_page=100`);
      if (!['read_acknowledgements', 'retired_pnps'].includes(name)) {
        expect(
          outside.some((word) => all.body.includes(word)),
          name,
        ).toBe(true);
      }
    }
    const adminTotals = await Promise.all(
      ['content_authoring_status', 'all_pnp_status', 'published_docs'].map((f) => dash(admin, f)),
    );
    const beaTotals = await Promise.all(
      ['content_authoring_status', 'all_pnp_status', 'published_docs'].map((f) => dash(bea, f)),
    );
    beaTotals.forEach((figure, i) => expect(figure.total).toBeLessThan(adminTotals[i]!.total));
  });
});

describe('large exports', () => {
  it('streams several cursor batches in order, in CSV and XLSX', async () => {
    const org = await createOrg(t.deps);
    const boss = await createUser(t.deps, org.id, { isAdmin: true });
    const binder = await createContainer(t.deps, org.id, { name: 'Big' });
    const count = EXPORT_BATCH * 2 + 345;
    await withSystem(t.deps.database.db, async (tx) => {
      await tx.execute(sql`insert into pnps (org_id, container_id, name, status)
                           select ${org.id}, ${binder.id}, 'P' || lpad(i::text, 5, '0'), 1 from generate_series(1, ${count}) i`);
      await tx.execute(sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage)
                           select ${org.id}, id, 1, 2 from pnps where org_id = ${org.id}`);
      await tx.execute(sql`update pnps set name = '@SUM(A1)' where org_id = ${org.id} and name = 'P00001'`);
    });
    const agent = await t.signIn(boss.username, boss.password);
    const url = `/api/o/${org.id}/reporting/pnp_documents`;
    const csv = await agent.get(`${url}?format=csv&sort=pnp_name&dir=desc`);
    const rows = csvRows(csv.body).slice(1);
    expect(rows).toHaveLength(count);
    expect(rows[0]![0]).toBe(`P${String(count).padStart(5, '0')}`);
    expect(rows[count - 2]![0]).toBe('P00002');
    expect(rows[count - 1]![0]).toBe("'@SUM(A1)");
    const xlsx = await agent.get(`${url}?format=xlsx&sort=pnp_name`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const names = workbook.worksheets[0]!.getColumn(1).values.slice(2);
    expect(names).toHaveLength(count);
    expect(names[0]).toBe('@SUM(A1)');
    expect(names[count - 1]).toBe(`P${String(count).padStart(5, '0')}`);
    // The JSON list counts them, uncapped below the limit.
    const page = await agent.get(`${url}?per_page=10`);
    expect(page.json<ReportPage>()).toMatchObject({ total: count, capped: false });
  });
});

describe('retired P&P documents', () => {
  it('zips every version file of a retired P&P', async () => {
    const res = await admin.get(`${base()}/retired_pnps/${s.pnps.delta}/download_documents`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Delta Retired - versions.zip"');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual([`v1 - policy-${s.pnps.delta}-v1.txt`, `v2 - policy-${s.pnps.delta}-v2.txt`]);
    expect(await zip.file(names[0]!)!.async('string')).toBe(s.files.delta1);
    expect(await zip.file(names[1]!)!.async('string')).toBe(s.files.delta2);
    expect((await bea.get(`${base()}/retired_pnps/${s.pnps.delta}/download_documents`)).statusCode).toBe(200);
  });

  it('404 for a P&P that is not retired, not in scope, or of another organisation', async () => {
    for (const [agent, id] of [
      [admin, s.pnps.alpha],
      [bea, s.pnps.eta],
      [admin, other.org.pnps.delta],
    ] as const) {
      const res = await agent.get(`${base()}/retired_pnps/${id}/download_documents`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Delta');
      expect(res.body).not.toContain('Eta');
    }
  });
});

describe('access and validation', () => {
  const every = () => [
    ...['content_authoring_status', 'all_pnp_status', 'upcoming_reviews', 'published_docs'].map(
      (f) => `${base()}/dash/${f}`,
    ),
    ...[
      'pnp_documents',
      'retired_pnps',
      'pending_action',
      'user_assignments',
      'missing_assignments',
      'read_acknowledgements',
      'pnp_document_views',
      'linked_pnps',
    ].map((r) => `${base()}/${r}`),
    `${base()}/read_acknowledgements/${s.readAcks.alpha}`,
    `${base()}/retired_pnps/${s.pnps.delta}/download_documents`,
  ];

  it('401 without a session, 403 for an ordinary user on every route', async () => {
    for (const url of every()) {
      expect((await t.anonymous().get(url)).statusCode, url).toBe(401);
      const res = await una.get(url);
      expect(res.statusCode, url).toBe(403);
      if (!url.includes('/dash/') && !url.endsWith('download_documents')) {
        expect((await una.get(`${url}?format=csv`)).statusCode, url).toBe(403);
      }
    }
    // A policy owner who owns nothing is an ordinary user here.
    const po = await createUser(t.deps, s.org.id, { isPolicyOwner: true });
    const poAgent = await t.signIn(po.username, po.password);
    expect((await poAgent.get(`${base()}/pnp_documents`)).statusCode).toBe(403);
  });

  it('a binder owner whose Owner role is taken away gets 403 on the next request, and 200 again when it is back', async () => {
    const owner = await createUser(t.deps, s.org.id);
    const binder = await createContainer(t.deps, s.org.id, { name: 'Owned for a while' });
    const grant = () =>
      withSystem(t.deps.database.db, (tx) =>
        tx.execute(sql`insert into access_grants (org_id, container_id, user_id, role)
                       values (${s.org.id}, ${binder.id}, ${owner.id}, 1)`),
      );
    await grant();
    const agent = await t.signIn(owner.username, owner.password);
    const urls = [
      `${base()}/pending_action`,
      `${base()}/pending_action?per_page=5&page=2`,
      `${base()}/dash/all_pnp_status`,
    ];
    for (const url of urls) expect((await agent.get(url)).statusCode, url).toBe(200);
    await withSystem(t.deps.database.db, (tx) =>
      tx.execute(sql`delete from access_grants where org_id = ${s.org.id} and user_id = ${owner.id}`),
    );
    for (const url of urls) expect((await agent.get(url)).statusCode, url).toBe(403);
    await grant();
    for (const url of urls) expect((await agent.get(url)).statusCode, url).toBe(200);
  });

  it("404 for another organisation's path or ids, with no name in the message", async () => {
    expect((await other.admin.get(`${base()}/pnp_documents`)).statusCode).toBe(404);
    const res = await admin.get(`${base()}/read_acknowledgements/${other.org.readAcks.alpha}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Alpha');
    // A filter naming another organisation's user finds nothing.
    expect((await report(admin, 'user_assignments', `user_id=${other.org.ann.id}`)).total).toBe(0);
  });

  it("names the user of a report's User filter for those who have reports; another organisation's user is 404 without a name", async () => {
    for (const agent of [admin, bea]) {
      const res = await agent.get(`${base()}/users/${s.ann.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: s.ann.id, name: 'Ann Author' });
    }
    expect((await una.get(`${base()}/users/${s.ann.id}`)).statusCode).toBe(403);
    const outside = await admin.get(`${base()}/users/${other.org.ann.id}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('Ann');
    expect((await admin.get(`${base()}/users/abc`)).json<{ errors: string[] }>().errors.length).toBe(1);
  });

  it('422 with the errors list for bad filters, sort and paging', async () => {
    const bad = [
      'effective_from=2026-02-30',
      'published_to=yesterday',
      'review_from=2026-05-01&review_to=2026-04-01',
      'sort=password_hash',
      'dir=up',
      'page=0',
      'per_page=101',
      'per_page=abc',
      'format=pdf',
      'role=6',
      'status=1',
      'pnp_status=4',
      'draft_stage=3',
      'nonsense=1',
    ];
    for (const q of bad) {
      const res = await admin.get(`${base()}/pnp_documents?${q}`);
      expect(res.statusCode, q).toBe(422);
      const errors = res.json<{ errors: string[] }>().errors;
      expect(errors.length, q).toBeGreaterThan(0);
    }
    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    for (const q of ['group_id=0', 'group_id=1,,2', 'group_id=1;2', 'group_id=a', `group_id=${tooMany}`]) {
      const res = await admin.get(`${base()}/user_assignments?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json<{ errors: string[] }>().errors).toEqual([
        'The group must be a positive whole number, or up to 50 of them separated by commas.',
      ]);
    }
    for (const q of ['draft_stage=1', 'draft_stage=6', 'pnp_status=1']) {
      const res = await admin.get(`${base()}/pending_action?${q}`);
      expect(res.statusCode, q).toBe(422);
    }
    const res = await admin.get(`${base()}/pnp_documents?sort=nope&role=1`);
    expect(res.json<{ errors: string[] }>().errors).toHaveLength(2);
  });
});

describe('kept counts (dashboard figures and unfiltered totals, migration 0030)', () => {
  const tallied = ['pnp_documents', 'pending_action', 'pnp_document_views', 'missing_assignments'];
  /** A total taken from the kept counts (a full first page) against the rows listed. */
  async function expectTotalsEqualRows(agent: Agent, label: string): Promise<void> {
    for (const name of tallied) {
      const all = await report(agent, name, 'per_page=100');
      expect(all.rows.length, `${label} ${name}`).toBeLessThan(100);
      const first = await report(agent, name, 'per_page=1');
      expect(first.total, `${label} ${name}`).toBe(all.rows.length);
    }
  }

  it("a full first page carries every report's total, equal to the rows listed, for an admin and an owner", async () => {
    let counted = 0;
    for (const [label, agent] of [
      ['admin', admin],
      ['bea', bea],
    ] as const) {
      for (const name of REPORT_KEYS) {
        const all = await report(agent, name, 'per_page=100');
        expect(all.rows.length, `${label} ${name}`).toBeLessThan(100);
        const first = await report(agent, name, 'per_page=1');
        expect(first.total, `${label} ${name}`).toBe(all.rows.length);
        expect(first.capped, `${label} ${name}`).toBe(false);
        expect(first.rows, `${label} ${name}`).toEqual(all.rows.slice(0, 1));
        if (all.rows.length > 1) counted += 1;
      }
    }
    // Most reports have more rows than the page for both users: their totals were counted, not seen.
    expect(counted).toBeGreaterThanOrEqual(10);
  });

  it('equal the rows for an admin and an owner, also for a P&P with participants of its own that the owner owns', async () => {
    await expectTotalsEqualRows(admin, 'admin');
    await expectTotalsEqualRows(bea, 'bea');
    const figures = ['content_authoring_status', 'all_pnp_status', 'upcoming_reviews', 'published_docs'];
    const before = await Promise.all(figures.map((f) => dash(bea, f)));
    const adminBefore = await Promise.all(figures.map((f) => dash(admin, f)));

    // In South (not Bea's), with participants of its own: Bea owns this one P&P only.
    const pnpId = await withSystem(t.deps.database.db, async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into pnps (org_id, container_id, name, status, inherits_access)
            values (${s.org.id}, ${s.southWard.id}, 'Own Participants', 2, false) returning id`,
      );
      await tx.execute(
        sql`insert into access_grants (org_id, pnp_id, user_id, role) values (${s.org.id}, ${row!.id}, ${s.bea.id}, 1)`,
      );
      await tx.execute(sql`insert into pnp_documents (org_id, pnp_id, version_number, status, published_at, review_dt)
                           values (${s.org.id}, ${row!.id}, 1, 2, '2026-11-02T10:00:00Z', '2027-01-15')`);
      await tx.execute(sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage)
                           values (${s.org.id}, ${row!.id}, 1, 3)`);
      return row!.id;
    });
    try {
      await expectTotalsEqualRows(admin, 'admin, own participants');
      await expectTotalsEqualRows(bea, 'bea, own participants');
      const after = await Promise.all(figures.map((f) => dash(bea, f)));
      const adminAfter = await Promise.all(figures.map((f) => dash(admin, f)));
      const delta = (a: DashFigureResult, b: DashFigureResult) =>
        Object.fromEntries(
          b.buckets.map((bucket, i) => [bucket.key, bucket.count - a.buckets[i]!.count]).filter(([, n]) => n !== 0),
        );
      for (const [i, expected] of [{ 3: 1 }, { 2: 1 }, { '2027-01': 1 }, { '2026-11': 1 }].entries()) {
        expect(delta(before[i]!, after[i]!), figures[i]).toEqual(expected);
        expect(delta(adminBefore[i]!, adminAfter[i]!), figures[i]).toEqual(expected);
      }
      // Every expected role held on the P&P itself: it leaves Unassigned Items.
      await withSystem(t.deps.database.db, (tx) =>
        tx.execute(sql`insert into access_grants (org_id, pnp_id, user_id, role, approval_step)
                       values (${s.org.id}, ${pnpId}, ${s.bea.id}, 2, null), (${s.org.id}, ${pnpId}, ${s.bea.id}, 4, 1),
                              (${s.org.id}, ${pnpId}, ${s.bea.id}, 5, null)`),
      );
      await expectTotalsEqualRows(admin, 'admin, own participants all held');
      await expectTotalsEqualRows(bea, 'bea, own participants all held');
    } finally {
      await withSystem(t.deps.database.db, (tx) =>
        tx.execute(sql`delete from pnps where org_id = ${s.org.id} and id = ${pnpId}`),
      );
    }
    const restored = await Promise.all(figures.map((f) => dash(bea, f)));
    expect(restored).toEqual(before);
  });
});
