import { expect, test } from '@playwright/test';
import { orgHome, signIn } from '../support/auth';
import { DemoUsers } from '../support/users';

test('a nurse searches inside the documents, opens the policy, favourites it and finds it under Favorites', async ({
  page,
}) => {
  const session = await signIn(page, DemoUsers.nurse);
  await page.goto(orgHome(session));
  await expect(page.getByRole('table', { name: 'Library' }).getByRole('link', { name: 'Hand Hygiene' })).toBeVisible();

  // A phrase found only in the document's body, with a highlighted extract.
  await page.getByLabel('Search the library').fill('alcohol-based rub');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/pnps\/results\?phrase=/);
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link', { name: 'Hand Hygiene' })).toBeVisible();
  await expect(results.getByTestId('search-snippet').locator('mark').first()).toHaveText(/alcohol/i);

  // The reading view renders the DOCX in the page and offers the download.
  await results.getByRole('link', { name: 'Hand Hygiene' }).click();
  await expect(page).toHaveURL(/\/pnps\/\d+\/library\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Hand Hygiene', level: 1 })).toBeVisible();
  await expect(page.getByTestId('document-html')).toContainText('Alcohol-based hand rub is the preferred method');
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /action_name=download/);

  const star = page.getByRole('button', { name: 'Add Hand Hygiene to Favorites' });
  await star.click();
  await expect(page.getByRole('button', { name: 'Remove Hand Hygiene from Favorites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto(orgHome(session));
  await page.getByText('Favorites', { exact: true }).click();
  const table = page.getByRole('table', { name: 'Library' });
  await expect(table.getByRole('link', { name: 'Hand Hygiene' })).toBeVisible();
  // A policy the nurse never starred stays out (no journey stars this one).
  await expect(table.getByRole('link', { name: 'Fire Safety and Evacuation' })).toHaveCount(0);

  // Recently Viewed holds what was just opened; the tree opens down to it.
  await page.getByText('Recently Viewed', { exact: true }).click();
  await expect(table.getByRole('link', { name: 'Hand Hygiene' })).toBeVisible();
  // The layout switch's labels hold an icon and a word: click the label, as a user does.
  await page.getByRole('radiogroup', { name: 'Layout' }).locator('label').filter({ hasText: 'Tree' }).click();
  const tree = page.getByTestId('library-tree');
  await expect(tree.getByText('Clinical Policies')).toBeVisible();
  await expect(tree.getByRole('link', { name: 'Hand Hygiene' })).toBeVisible();
});

test('the advanced search narrows by words and binder or folder', async ({ page }) => {
  const session = await signIn(page, DemoUsers.nurse);
  await page.goto(orgHome(session));
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Advanced Search' });
  // 'patient' is in several policies; the folder leaves one.
  await dialog.getByLabel('Words').fill('patient');
  await dialog.getByRole('combobox', { name: 'Binder or folder' }).click();
  await page.getByRole('option', { name: 'Clinical Policies / Patient Safety' }).click();
  await dialog.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link', { name: 'Patient Identification' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Hand Hygiene' })).toHaveCount(0);
  await expect(results.getByRole('link', { name: 'Medication Administration' })).toHaveCount(0);
  await expect(page.getByLabel('Advanced search filters')).toContainText('Words: patient');
  await expect(page.getByText('1 P&P matches the advanced search')).toBeVisible();

  // Without the folder, the same words find the others too.
  await page.goto(`/orgs/${session.org?.id}/pnps/results?words=patient`);
  await expect(results.getByRole('link', { name: 'Hand Hygiene' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Medication Administration' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Patient Identification' })).toBeVisible();
});
