import { TenetApi } from '../support/api';
import { orgHome, signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { publishedPnp, readersBinder } from './library-data';

test('a nurse searches inside the documents, opens the policy, favourites it and finds it under Favorites', async ({
  page,
  data,
}) => {
  const binder = await readersBinder(data, 'Infection Control');
  const folder = await data.folder(binder.id, 'Hand Care');
  const body = `The ${data.word} alcohol-based hand rub is the preferred method for hand hygiene.`;
  const pnp = await publishedPnp(data, folder, 'Hand Hygiene', [body]);
  const unstarred = await publishedPnp(data, folder, 'Fire Safety', ['Keep every exit clear.']);
  const session = await signIn(page, DemoUsers.nurse);
  const nurse = new TenetApi(page.request);
  try {
    await page.goto(orgHome(session));
    await expect(page.getByRole('table', { name: 'Library', exact: true })).toBeVisible();

    // Words found only in the document's body, with a highlighted extract.
    await page.getByLabel('Search the library').fill(`${data.word} rub`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/pnps\/results\?phrase=/);
    const results = page.getByRole('list', { name: 'Search results', exact: true });
    await expect(results.getByRole('link', { name: pnp.name, exact: true })).toBeVisible();
    await expect(results.getByTestId('search-snippet').locator('mark').first()).toHaveText(new RegExp(data.word, 'i'));

    // The reading view renders the DOCX in the page and offers the download.
    await results.getByRole('link', { name: pnp.name, exact: true }).click();
    await expect(page).toHaveURL(/\/pnps\/\d+\/library\/\d+$/);
    await expect(page.getByRole('heading', { name: pnp.name, exact: true, level: 1 })).toBeVisible();
    await expect(page.getByTestId('document-html')).toContainText(body);
    await expect(page.getByRole('link', { name: 'Download', exact: true })).toHaveAttribute(
      'href',
      /action_name=download/,
    );

    // The star turns at once (optimistic); the reload below must not abort the save still in flight.
    const saved = page.waitForResponse((r) => r.url().includes('/handle_favorite') && r.ok());
    await page.getByRole('button', { name: `Add ${pnp.name} to Favorites`, exact: true }).click();
    await expect(page.getByRole('button', { name: `Remove ${pnp.name} from Favorites`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await saved;

    await page.goto(orgHome(session));
    await page.getByText('Favorites', { exact: true }).click();
    const table = page.getByRole('table', { name: 'Library', exact: true });
    await expect(table.getByRole('link', { name: pnp.name, exact: true })).toBeVisible();
    // A policy of the same folder that the nurse never starred stays out.
    await expect(table.getByRole('link', { name: unstarred.name, exact: true })).toHaveCount(0);

    // Recently Viewed holds what was just opened; the tree opens down to it.
    await page.getByText('Recently Viewed', { exact: true }).click();
    await expect(table.getByRole('link', { name: pnp.name, exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: unstarred.name, exact: true })).toHaveCount(0);
    // The layout switch's labels hold an icon and a word: click the label, as a user does.
    await page
      .getByRole('radiogroup', { name: 'Layout', exact: true })
      .locator('label')
      .filter({ hasText: /^Tree$/ })
      .click();
    const tree = page.getByTestId('library-tree');
    await expect(tree.getByText(binder.name, { exact: true })).toBeVisible();
    await expect(tree.getByRole('link', { name: pnp.name, exact: true })).toBeVisible();
  } finally {
    // The nurse's favourites are as they were.
    await nurse.send('PATCH', `o/${data.orgId}/library/${pnp.id}/handle_favorite`, { favorite: false });
  }
});

test('the advanced search narrows by words and binder or folder', async ({ page, data }) => {
  const binder = await readersBinder(data, 'Patient Care');
  const narrow = await data.folder(binder.id, 'Patient Safety');
  const other = await data.folder(binder.id, 'Medicines');
  const words = `Each ${data.word} patient is identified with two identifiers.`;
  const inside = await publishedPnp(data, narrow, 'Patient Identification', [words]);
  // The two outside the folder come as a PDF and a plain text file: the words are found in each kind.
  const outside = [
    await publishedPnp(data, other, 'Hand Hygiene', [`Clean hands protect every ${data.word} patient.`], 'txt'),
    await publishedPnp(
      data,
      other,
      'Medication Administration',
      [`Check every ${data.word} patient for allergies.`],
      'pdf',
    ),
  ];
  const session = await signIn(page, DemoUsers.nurse);
  await page.goto(orgHome(session));
  await page.getByRole('button', { name: 'Advanced Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Advanced Search', exact: true });
  // The test's word is in three policies; the folder leaves one.
  await dialog.getByLabel('Words').fill(data.word);
  await dialog.getByRole('combobox', { name: 'Binder or folder', exact: true }).click();
  await page.getByRole('option', { name: `${binder.name} / ${narrow.name}`, exact: true }).click();
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results', exact: true });
  await expect(results.getByRole('link', { name: inside.name, exact: true })).toBeVisible();
  for (const pnp of outside) await expect(results.getByRole('link', { name: pnp.name, exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Advanced search filters')).toContainText(`Words: ${data.word}`);
  await expect(page.getByText('1 P&P matches the advanced search', { exact: true })).toBeVisible();

  // Without the folder, the same words find the others too.
  await page.goto(`/orgs/${session.org?.id}/pnps/results?words=${data.word}`);
  for (const pnp of [inside, ...outside]) {
    await expect(results.getByRole('link', { name: pnp.name, exact: true })).toBeVisible();
  }
});
