import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import type { TestData } from '../support/test-data';
import { DemoUsers } from '../support/users';

// The report screens of issue 15 (spec §2 "Report catalogue", §3 "Reporting filters"). Each test
// makes its own binders and P&Ps and finds them by its own word, whatever else the org holds.

test.use({ actionTimeout: 15_000 });

const reportTable = (page: Page, name: string): Locator => page.getByRole('table', { name, exact: true });
const rowOf = (table: Locator, text: string): Locator => table.getByRole('row').filter({ hasText: text });

async function saved(download: Promise<Download>): Promise<{ name: string; bytes: Buffer }> {
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

async function retire(data: TestData, pnpId: number, reason: string): Promise<void> {
  await data.api.send('PUT', data.o('pnps/retire'), { id: pnpId, retire_reason: reason });
}

test('an org admin opens Retired P&Ps from the catalogue, searches, sorts by keyboard, exports CSV and XLSX, and downloads the documents zip', async ({
  page,
  data,
}) => {
  test.setTimeout(180_000);
  const binder = await data.binder('Report Archive', { owners: [DemoUsers.admin] });
  const gowns = await data.pnp({ containerId: binder.id, name: data.name('Gown Policy'), publish: true });
  const masks = await data.pnp({ containerId: binder.id, name: data.name('Mask Policy'), publish: true });
  await retire(data, gowns.id, 'Replaced by the 2027 gown policy');
  await retire(data, masks.id, '=HYPERLINK("x") merged into PPE');

  await openAs(page, DemoUsers.admin, '/orgs/:org/reports');
  await page.getByRole('link', { name: 'Retired P&Ps', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Retired P&Ps', exact: true })).toBeVisible();

  // Search: the URL takes the API's own key, so the same link opens the same list.
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await search.fill(data.word);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${data.word}(&|$)`));
  const table = reportTable(page, 'Retired P&Ps');
  await expect(rowOf(table, gowns.name)).toContainText('Replaced by the 2027 gown policy');
  await expect(rowOf(table, masks.name)).toBeVisible();
  await expect(page.getByTestId('report-count')).toHaveText('P&Ps: 2');

  // Sort by name with the keyboard: ascending, then descending.
  const byName = table.getByRole('button', { name: 'P&P Name', exact: true });
  await byName.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=pnp_name&dir=asc/);
  await expect(table.getByRole('row').nth(1)).toContainText(gowns.name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=pnp_name&dir=desc/);
  await expect(table.getByRole('row').nth(1)).toContainText(masks.name);
  await expect(table.getByRole('columnheader', { name: 'P&P Name' })).toHaveAttribute('aria-sort', 'descending');

  // One a page (per_page is the API's key too): the pager moves through them.
  await page.goto(`${page.url()}&per_page=1`);
  const pager = page.getByTestId('pagination-footer');
  await expect(pager).toContainText('Showing 1 - 1 of 2 P&Ps');
  await expect(table.getByRole('row').nth(1)).toContainText(masks.name);
  await pager.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager).toContainText('Showing 2 - 2 of 2 P&Ps');
  await expect(table.getByRole('row').nth(1)).toContainText(gowns.name);
  await page.goto(page.url().replace(/&per_page=1|&page=2/g, ''));
  await expect(rowOf(table, gowns.name)).toBeVisible();

  // CSV: the whole filtered, sorted report, formula-looking text neutralised.
  const csv = await saved(
    Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]).then(([download]) => download),
  );
  expect(csv.name).toMatch(/^Retired_PandPs_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csv.bytes.toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('P&P Name,Location,Last Version,Versions,Effective Date,Published,Retired,Reason');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(masks.name);
  expect(lines[1]).toContain(`"'=HYPERLINK(""x"") merged into PPE"`);
  expect(lines[2]).toContain(gowns.name);
  await expect(page.getByTestId('export-status')).toHaveText(/^Downloaded Retired_PandPs_.*\.csv$/);

  // XLSX: the same rows.
  const xlsx = await saved(
    Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export XLSX', exact: true }).click(),
    ]).then(([download]) => download),
  );
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as the older Buffer; the bytes are the same.
  await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe('P&P Name');
  expect(sheet.getRow(2).getCell(1).value).toBe(masks.name);
  expect(sheet.getRow(3).getCell(1).value).toBe(gowns.name);
  expect(sheet.actualRowCount).toBe(3);

  // The retired P&P's documents, one zip.
  const zip = await saved(
    Promise.all([
      page.waitForEvent('download'),
      rowOf(table, gowns.name)
        .getByRole('button', { name: `Download documents of ${gowns.name}`, exact: true })
        .click(),
    ]).then(([download]) => download),
  );
  expect(zip.name).toBe(`${gowns.name} - versions.zip`);
  const entries = Object.keys(unzipSync(new Uint8Array(zip.bytes)));
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatch(/^v1 - /);
});

test('a dashboard-style link opens All Versions filtered; a filter changes the URL; a bad link shows the server’s errors', async ({
  page,
  data,
}) => {
  test.setTimeout(180_000);
  const binder = await data.binder('Report Versions', { owners: [DemoUsers.admin] });
  const published = await data.pnp({ containerId: binder.id, name: data.name('Sharps Policy'), publish: true });
  const draft = await data.pnp({ containerId: binder.id, name: data.name('Linen Policy') });
  // Published yesterday with a one-year cycle: its review falls about a year from now.
  const nextYear = new Date().getUTCFullYear() + 1;

  await openAs(
    page,
    DemoUsers.admin,
    `/orgs/:org/reports/all_versions?q=${data.word}&review_from=${nextYear - 1}-01-01&review_to=${nextYear}-12-31`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'All Versions', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search', exact: true })).toHaveValue(data.word);
  await expect(page.getByRole('textbox', { name: 'Review due date from', exact: true })).toHaveValue(
    `${nextYear - 1}-01-01`,
  );
  const table = reportTable(page, 'All Versions');
  await expect(rowOf(table, published.name)).toContainText('Active');
  await expect(rowOf(table, draft.name)).toHaveCount(0);
  await expect(page.getByTestId('report-count')).toHaveText('Versions: 1');
  // The P&P's name opens its version.
  await expect(rowOf(table, published.name).getByRole('link', { name: published.name, exact: true })).toHaveAttribute(
    'href',
    new RegExp(`/pnps/${published.id}/pnp_documents/${published.documentId}$`),
  );

  // Clearing the review range and choosing Draft: only the draft, and the URL says so.
  await page.getByRole('button', { name: 'Clear Filters', exact: true }).click();
  await expect(page).not.toHaveURL(/review_from/);
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await search.fill(data.word);
  await search.press('Enter');
  await page.getByRole('combobox', { name: 'Version Status', exact: true }).click();
  await page.getByRole('option', { name: 'Draft', exact: true }).click();
  await expect(page).toHaveURL(/version_status=1/);
  await expect(rowOf(table, draft.name)).toContainText('Draft');
  await expect(rowOf(table, published.name)).toHaveCount(0);

  // Nothing matches: the empty state.
  await page.getByRole('combobox', { name: 'Version Status', exact: true }).click();
  await page.getByRole('option', { name: 'Archived', exact: true }).click();
  await expect(page.getByTestId('no-records')).toContainText('No Versions to show');

  // A link with a date that is not one: the server's sentence, shown in place.
  await page.goto(`${new URL(page.url()).pathname}?published_from=2026-02-30`);
  const alert = page.getByRole('alert').filter({ hasText: 'All Versions could not be loaded' });
  await expect(alert).toContainText('Published date from must be a real date written as yyyy-mm-dd.');
});

test('the search box has a Search button: a user who types and clicks it sees the report searched', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Report Search', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Sharps Disposal'), publish: true });

  await openAs(page, DemoUsers.admin, '/orgs/:org/reports');
  await page.getByRole('link', { name: 'All Versions', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Versions', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(data.word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${data.word}(&|$)`));
  await expect(rowOf(reportTable(page, 'All Versions'), pnp.name)).toContainText('Active');
  await expect(page.getByTestId('report-count')).toHaveText('Versions: 1');
});

test('Read Acknowledgements: filter by status, open one, see its readers, filter them and export them', async ({
  page,
  data,
}) => {
  test.setTimeout(180_000);
  const binder = await data.binder('Report Reads', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Isolation Policy'), publish: true });
  const ackName = data.name('Isolation Read');
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await data.api.post(data.o(`pnps/${pnp.id}/read_acknowledgements`), {
    read_acknowledgement: { name: ackName, due_date: due, user_ids: [await data.userId(DemoUsers.nurse)] },
  });

  await openAs(page, DemoUsers.admin, '/orgs/:org/reports');
  await page.getByRole('link', { name: 'Read Acknowledgements', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Read Acknowledgements', exact: true })).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await search.fill(data.word);
  await search.press('Enter');
  const table = reportTable(page, 'Read Acknowledgements');
  await expect(rowOf(table, ackName)).toContainText(pnp.name);

  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Closed', exact: true }).click();
  await expect(page).toHaveURL(/status=2/);
  await expect(page.getByTestId('no-records')).toContainText('No Read Acknowledgements to show');
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await expect(page).toHaveURL(/status=1/);
  const row = rowOf(table, ackName);
  await expect(row).toContainText('Active');
  await row.getByRole('link', { name: ackName, exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: ackName, exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb', exact: true })).toHaveText(
    /Reports.*Read Acknowledgements.*Read Acknowledgement/,
  );
  await expect(page.getByTestId('readack-completed')).toHaveText('0 of 1 readers');
  const readers = reportTable(page, 'Read Acknowledgement Readers');
  await expect(rowOf(readers, DemoUsers.nurse.name)).toContainText('No');

  await page.getByRole('combobox', { name: 'Completion', exact: true }).click();
  await page.getByRole('option', { name: 'Complete', exact: true }).click();
  await expect(page).toHaveURL(/completion=1/);
  await expect(page.getByTestId('no-records')).toContainText('No Readers to show');
  await page.getByRole('button', { name: 'Clear Filters', exact: true }).click();
  await expect(rowOf(readers, DemoUsers.nurse.name)).toBeVisible();

  const csv = await saved(
    Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]).then(([download]) => download),
  );
  const lines = csv.bytes.toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('Reader,Email,Group,Completed,Opened,Acknowledged,Version Acknowledged');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${DemoUsers.nurse.name},[^,]+,,No,`));
});

test('a binder owner sees only rows of the binders they own, on screen and in the export', async ({ page, data }) => {
  test.setTimeout(180_000);
  const theirs = await data.binder('Owned Reports', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const other = await data.binder('Hidden Reports', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const visible = await data.pnp({ containerId: theirs.id, name: data.name('Visible Policy'), publish: true });
  const hidden = await data.pnp({ containerId: other.id, name: data.name('Hidden Policy'), publish: true });

  const hiddenAck = await data.api.post<{ read_acknowledgement: { id: number } }>(
    data.o(`pnps/${hidden.id}/read_acknowledgements`),
    {
      read_acknowledgement: {
        name: data.name('Hidden Read'),
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        user_ids: [await data.userId(DemoUsers.nurse)],
      },
    },
  );
  // The admin sees both.
  await openAs(page, DemoUsers.admin, `/orgs/:org/reports/all_versions?q=${data.word}`);
  const table = reportTable(page, 'All Versions');
  await expect(rowOf(table, visible.name)).toBeVisible();
  await expect(rowOf(table, hidden.name)).toBeVisible();

  await openAs(page, DemoUsers.binderOwner, '/orgs/:org/reports');
  await page.getByRole('link', { name: 'All Versions', exact: true }).click();
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await search.fill(data.word);
  await search.press('Enter');
  await expect(rowOf(table, visible.name)).toBeVisible();
  await expect(page.getByTestId('report-count')).toHaveText('Versions: 1');
  await expect(rowOf(table, hidden.name)).toHaveCount(0);

  const csv = await saved(
    Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]).then(([download]) => download),
  );
  const text = csv.bytes.toString('utf8');
  expect(text).toContain(visible.name);
  expect(text).not.toContain(hidden.name);

  // The hidden P&P's read acknowledgement: not found, and nothing of it shown.
  await page.goto(`/orgs/${data.orgId}/reports/read_acknowledgements/${hiddenAck.read_acknowledgement.id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toContainText(
    'The read acknowledgement was not found.',
  );
  await expect(page.getByText(hidden.name)).toHaveCount(0);

  // Assignments: their binder's grants, never the other binder's; filtered by role through the URL key.
  await page.goto(`/orgs/${data.orgId}/reports/user_assignments?q=${data.word}`);
  const grants = reportTable(page, 'Assignments');
  await expect(rowOf(grants, theirs.name).first()).toBeVisible();
  await expect(rowOf(grants, other.name)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Owner', exact: true }).click();
  await expect(page).toHaveURL(/role=1/);
  await expect(rowOf(grants, DemoUsers.binderOwner.name)).toContainText('Owner');
});

test('the other reports from the catalogue: Versions Pending Action by user, Views by Version, Unassigned Items by role, Linked P&Ps', async ({
  page,
  data,
}) => {
  test.setTimeout(180_000);
  const binder = await data.binder('Report Misc', { owners: [DemoUsers.admin], authors: [DemoUsers.policyOwner] });
  const published = await data.pnp({ containerId: binder.id, name: data.name('Oxygen Policy'), publish: true });
  const draft = await data.pnp({ containerId: binder.id, name: data.name('Suction Policy') });
  await data.api.send('PUT', data.o(`pnps/${draft.id}/pnp_links`), { linked_pnp_ids: [published.id] });
  // Two openings in the library by the same reader.
  await data.api.get(data.o(`library/${published.id}`));
  await data.api.get(data.o(`library/${published.id}`));

  const openFromCatalogue = async (name: string): Promise<void> => {
    await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
    const search = page.getByRole('textbox', { name: 'Search', exact: true });
    await search.fill(data.word);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${data.word}`));
  };

  await openAs(page, DemoUsers.admin, '/orgs/:org/reports');

  // Versions Pending Action: the draft waits on its author; the User filter finds it by them.
  await openFromCatalogue('Versions Pending Action');
  const pending = reportTable(page, 'Versions Pending Action');
  await expect(rowOf(pending, draft.name)).toContainText('Paul Owner');
  const user = page.getByRole('combobox', { name: 'User', exact: true });
  await user.click();
  await user.fill('Paul');
  await page.getByRole('option', { name: /^Paul Owner/ }).click();
  await expect(page).toHaveURL(/user_id=\d+/);
  await expect(rowOf(pending, draft.name)).toContainText('Authoring');
  await expect(page.getByTestId('report-count')).toHaveText('Versions: 1');

  // Views by Version: two views by one reader.
  await openFromCatalogue('Views by Version');
  const views = rowOf(reportTable(page, 'Views by Version'), published.name);
  await expect(views.getByRole('cell').nth(5)).toHaveText('2');
  await expect(views.getByRole('cell').nth(6)).toHaveText('1');

  // Unassigned Items: the binder has no approver or audience; it has an owner.
  await openFromCatalogue('Unassigned Items');
  const unassigned = reportTable(page, 'Unassigned Items');
  // Its P&Ps show the binder in their location: the binder's own row is the one of type Binder.
  const binderRow = rowOf(unassigned, binder.name).filter({
    has: page.getByRole('cell', { name: 'Binder', exact: true }),
  });
  await expect(binderRow).toContainText('Approver; Audience');
  await page.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Owner', exact: true }).click();
  await expect(page).toHaveURL(/role=1/);
  await expect(page.getByTestId('no-records')).toContainText('No Items to show');

  // Linked P&Ps: the draft links to the published one.
  await openFromCatalogue('Linked P&Ps');
  await expect(rowOf(reportTable(page, 'Linked P&Ps'), draft.name)).toContainText(published.name);
});
