import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

// Issue 15, beyond the spec: the evidence bundle a surveyor asks for, and the approval turnaround.
// Each test makes its own binder and P&P and finds them by its own word.

test.use({ actionTimeout: 15_000 });

async function zipEntries(download: Promise<Download>): Promise<{ name: string; entries: string[] }> {
  const file = await download;
  const bytes = readFileSync(await file.path());
  return { name: file.suggestedFilename(), entries: Object.keys(unzipSync(new Uint8Array(bytes))) };
}

const manageRow = (page: Page, name: string) => page.getByRole('treeitem', { name, exact: true });

test("an org admin downloads a P&P's evidence bundle from its page", async ({ page, data }) => {
  const binder = await data.binder('Evidence Binder', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Evidence Policy'), publish: true });

  await openAs(page, DemoUsers.admin, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/version_info/preview`);
  await expect(page.getByRole('heading', { level: 1, name: pnp.name, exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download evidence bundle of ${pnp.name}`, exact: true }).click();
  const zip = await zipEntries(download);

  expect(zip.name).toBe(`${pnp.name} - evidence.zip`);
  expect(zip.entries).toHaveLength(3);
  expect(zip.entries[0]).toMatch(new RegExp(`^versions/v1 - ${pnp.name}\\.\\w+$`));
  expect(zip.entries.slice(1)).toEqual(['history.pdf', 'read-acknowledgements.csv']);
});

test('the Owner of a single P&P, who has no reports, is not offered its evidence bundle', async ({ page, data }) => {
  const binder = await data.binder('Evidence Single', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Single Owner Policy'), publish: true });
  await data.setParticipants(3, pnp.id, { owners: [DemoUsers.admin, DemoUsers.policyOwner] });

  await openAs(
    page,
    DemoUsers.policyOwner,
    `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/version_info/preview`,
  );
  await expect(page.getByRole('heading', { level: 1, name: pnp.name, exact: true })).toBeVisible();
  // The page is the manager's (the Owner works on the P&P), but the bundle is a report.
  await expect(page.getByRole('link', { name: 'Read Acknowledgements', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Download evidence bundle of ${pnp.name}`, exact: true })).toHaveCount(0);
});

test("a binder owner downloads their binder's evidence bundle from the manage screen", async ({ page, data }) => {
  test.setTimeout(120_000);
  const binder = await data.binder('Evidence Shelf', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Shelf Policy'), publish: true });

  await page.setViewportSize({ width: 1280, height: 1400 });
  await openAs(page, DemoUsers.binderOwner, '/orgs/:org/manage');
  await manageRow(page, binder.name).click();
  const panel = page.getByRole('region', { name: `Binder ${binder.name}`, exact: true });
  const download = page.waitForEvent('download');
  await panel.getByRole('link', { name: `Download evidence bundle of ${binder.name}`, exact: true }).click();
  const zip = await zipEntries(download);

  expect(zip.name).toBe(`${binder.name} - evidence.zip`);
  const folder = `${pnp.name} (${pnp.id})`;
  expect(zip.entries[0]).toBe('contents.csv');
  expect(zip.entries).toEqual(expect.arrayContaining([`${folder}/history.pdf`, `${folder}/read-acknowledgements.csv`]));
  expect(zip.entries.some((entry) => entry.startsWith(`${folder}/versions/v1 - `))).toBe(true);
});

test('the approval turnaround screen shows the stages of a binder over a period', async ({ page, data }) => {
  const binder = await data.binder('Turnaround Binder', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Turnaround Policy'), publish: true });

  // Opened from the report catalogue, like the other reports.
  await openAs(page, DemoUsers.admin, '/orgs/:org/reports');
  await page.getByRole('link', { name: 'Approval Turnaround', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approval Turnaround', exact: true })).toBeVisible();
  // Made and published just now: one Authoring and one Publishing stay, each well under a day. The
  // table comes a page at a time: its search finds this test's binder among the others.
  const search = page.getByRole('textbox', { name: 'Search binders', exact: true });
  await search.fill(binder.name);
  await search.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('binder')).toBe(binder.name);
  const byBinder = page.getByRole('table', { name: 'Turnaround by binder', exact: true });
  await expect(byBinder.getByRole('row')).toHaveCount(3);
  const rows = byBinder.getByRole('row').filter({ hasText: binder.name });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Authoring' })).toHaveText(new RegExp(`^${binder.name}Authoring10\\.0`));
  await expect(rows.filter({ hasText: 'Publishing' })).toHaveText(new RegExp(`^${binder.name}Publishing10\\.0`));
  expect(pnp.id).toBeGreaterThan(0);
});

test('the approval turnaround pages its tables, each narrowed by its own search', async ({ page, data }) => {
  // Six binders, each with a P&P made and published just now: twelve rows by binder (Authoring and
  // Publishing each), two pages of ten.
  const names: string[] = [];
  for (const letter of ['A', 'B', 'C', 'D', 'E', 'F']) {
    const binder = await data.binder(`Paged ${letter}`, { owners: [DemoUsers.admin] });
    await data.pnp({ containerId: binder.id, name: data.name(`Paged Policy ${letter}`), publish: true });
    names.push(binder.name);
  }
  await openAs(page, DemoUsers.admin, '/orgs/:org/reports/approval_turnaround');
  const search = page.getByRole('textbox', { name: 'Search binders', exact: true });
  await search.fill(data.word);
  await page.getByRole('button', { name: 'Search binders', exact: true }).click();

  const byBinder = page.getByRole('table', { name: 'Turnaround by binder', exact: true });
  const section = page.getByRole('region', { name: 'By Binder', exact: true });
  await expect(section.getByText('Showing 1 - 10 of 12 Items', { exact: true })).toBeVisible();
  // Sorted by binder name: A to E on the first page (two rows each), F on the second.
  await expect(byBinder.getByRole('row').filter({ hasText: names[0]! })).toHaveCount(2);
  await expect(byBinder.getByRole('row').filter({ hasText: names[5]! })).toHaveCount(0);
  const pager = page.getByRole('navigation', { name: 'Turnaround by binder pages', exact: true });
  await pager.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(section.getByText('Showing 11 - 12 of 12 Items', { exact: true })).toBeVisible();
  await expect(byBinder.getByRole('row').filter({ hasText: names[5]! })).toHaveCount(2);
  await expect(byBinder.getByRole('row').filter({ hasText: names[0]! })).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]binder_page=2(&|$)/);

  // The people's table keeps its own page; a search nothing matches says so.
  const people = page.getByRole('textbox', { name: 'Search people', exact: true });
  await people.fill(`nobody ${data.word}`);
  await people.press('Enter');
  await expect(
    page.getByRole('region', { name: 'By Person', exact: true }).getByText(`Nothing matches "nobody ${data.word}".`, {
      exact: true,
    }),
  ).toBeVisible();
  await expect(section.getByText('Showing 11 - 12 of 12 Items', { exact: true })).toBeVisible();
});
