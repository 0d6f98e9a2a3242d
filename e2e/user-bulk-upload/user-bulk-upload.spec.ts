import type { UserList } from '../../shared/api/users';
import { readFileSync } from 'node:fs';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const HEADER = 'First Name,Last Name,Email,Username,Title,Admin,Policy Owner,Groups';

/** Three users of this test; `bad` breaks the second one's e-mail. */
const sheet = (word: string, bad: boolean): string =>
  [
    HEADER,
    `Ivy,Import ${word},ivy.${word}@example.com,ivy.${word},Nurse,No,No,`,
    `Jon,Import ${word},${bad ? 'jon-at-example' : `jon.${word}@example.com`},jon.${word},Porter,No,No,`,
    `Kai,Import ${word},kai.${word}@example.com,kai.${word},,No,Yes,`,
  ].join('\n');

test('an admin downloads the template, sees a bad row refused, then imports the fixed file and finds it in the history', async ({
  page,
  data,
}) => {
  test.setTimeout(120_000);
  const word = data.word.toLowerCase();
  await openAs(page, DemoUsers.admin, '/orgs/:org/users/bulk_upload');
  await expect(page.getByRole('heading', { name: 'Bulk Upload', exact: true })).toBeVisible();

  // The template, as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV template', exact: true }).click();
  const template = await download;
  expect(template.suggestedFilename()).toBe('users-template.csv');
  const path = await template.path();
  expect(readFileSync(path, 'utf8').split(/\r?\n/)[0]).toBe(HEADER);

  // A file with a bad row: nothing imported, the row and column named.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: `staff-${word}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(sheet(word, true)),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  // Spec §8: back on the users route, each problem a danger message there.
  await expect(page).toHaveURL(/\/users$/);
  await expect(
    page.getByRole('alert').filter({ hasText: "Row 3, Email: 'jon-at-example' is not a valid e-mail address." }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Bulk Upload', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Bulk Upload', exact: true })).toBeVisible();

  // The fixed file: three users imported, the warning after the loader.
  await page.locator('input[type="file"]').setInputFiles({
    name: `staff-${word}-fixed.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(sheet(word, false)),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('3 users were imported (3 created, 0 updated).', { exact: true })).toBeVisible();
  await expect(
    page.getByText('If you do not see your recently uploaded Users, please Refresh the Users page.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Users', exact: true })).toBeVisible();

  // The history: both uploads, the refused one with its error.
  await page.getByRole('link', { name: 'Import History', exact: true }).click();
  const history = page.getByRole('table', { name: 'Import History', exact: true });
  const fixed = history.getByRole('row').filter({ hasText: `staff-${word}-fixed.csv` });
  await expect(fixed).toContainText('Completed');
  const refused = history.getByRole('row').filter({ hasText: `staff-${word}.csv` });
  await expect(refused).toContainText('Failed');
  await refused.getByRole('button', { name: 'Show 1 error', exact: true }).click();
  await expect(
    page.getByText("Row 3, Email: 'jon-at-example' is not a valid e-mail address.", { exact: true }),
  ).toBeVisible();
});

test('a sheet saved by Excel as CSV UTF-16 imports like any other', async ({ page, data }) => {
  const word = data.word.toLowerCase();
  await openAs(page, DemoUsers.admin, '/orgs/:org/users/bulk_upload');
  const utf16 = Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from(`${HEADER}\r\nZoë,Łukasz ${word},zoe.${word}@example.com,zoe.${word},Pharmacist,No,No,\r\n`, 'utf16le'),
  ]);
  await page.locator('input[type="file"]').setInputFiles({
    name: `staff-${word}-utf16.csv`,
    mimeType: 'text/csv',
    buffer: utf16,
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('1 user was imported (1 created, 0 updated).', { exact: true })).toBeVisible();

  // The name came through whole, accents and all.
  await page.getByRole('link', { name: 'Go to Users', exact: true }).click();
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await search.fill(`zoe.${word}`);
  await search.press('Enter');
  await expect(page.getByText(`Zoë Łukasz ${word}`, { exact: true })).toBeVisible();
});

test('the history keeps the first 500 problems of a file and says how many more it had', async ({ page, data }) => {
  test.setTimeout(120_000);
  const word = data.word.toLowerCase();
  // 501 rows, none with an e-mail address: 501 problems.
  const rows = Array.from({ length: 501 }, (_, i) => `Ann${i},Many ${word},,ann${i}.${word},Nurse,No,No,`);
  await openAs(page, DemoUsers.admin, '/orgs/:org/users/bulk_upload');
  await page.locator('input[type="file"]').setInputFiles({
    name: `many-${word}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, ...rows].join('\n')),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  // 49 problems shown below the summary; the history holds the first 500 of the 501.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: "452 more problems: Import History lists the first 500 of the file's 501." }),
  ).toBeVisible();

  await page.goto(page.url().replace(/\/users$/, '/users/import_history'));
  const history = page.getByRole('table', { name: 'Import History', exact: true });
  const refused = history.getByRole('row').filter({ hasText: `many-${word}.csv` });
  await refused.getByRole('button', { name: 'Show 500 of 501 errors', exact: true }).click();
  await expect(page.getByText('…and 1 more problem.', { exact: true })).toBeVisible();
  await expect(page.getByText('Row 501, Email: Email is required.', { exact: true })).toBeVisible();
});

// In this file, not one of its own: the tests of one file run one after another, so no other test's
// uploads come between this one's and the pages it reads.
test('Import History shows ten uploads a page, with the pager to the older ones', async ({ page, data }) => {
  const word = data.word.toLowerCase();
  const sheet = Buffer.from([HEADER, `Hal,History ${word},hal.${word}@example.com,hal.${word},,No,No,`].join('\n'));
  const fileOf = (n: number): string => `hist-${word}-${n}.csv`;
  try {
    // The same sheet eleven times: the first creates Hal, each is an upload of the history.
    for (let n = 1; n <= 11; n += 1) {
      await data.api.send('POST', data.o(`user_bulk_uploads?file_name=${fileOf(n)}`), sheet);
    }
    await openAs(page, DemoUsers.admin, '/orgs/:org/users/import_history');
    const history = page.getByRole('table', { name: 'Import History', exact: true });
    await expect(history.getByRole('row').filter({ hasText: fileOf(11) })).toBeVisible();
    await expect(history.getByTestId('import-row')).toHaveCount(10);
    await expect(page.getByText(/^Showing 1 - 10 of \d+ Uploads$/)).toBeVisible();
    // Ten newer uploads of this test come first: the oldest is on a later page.
    await expect(history.getByRole('row').filter({ hasText: fileOf(1) })).toHaveCount(0);

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText(/^Showing 11 - \d+ of \d+ Uploads$/)).toBeVisible();
    await expect(history.getByRole('row').filter({ hasText: fileOf(11) })).toHaveCount(0);
  } finally {
    const list = await data.api.get<UserList>(data.o(`users?search=${encodeURIComponent(word)}&per_page=100`));
    for (const user of list.users) await data.api.send('DELETE', data.o(`users/${user.id}`)).catch(() => undefined);
  }
});

test('Import History says when there are no uploads yet, and says so apart when the history could not be loaded', async ({
  page,
}) => {
  // The demo organisation's history fills up as other tests upload: this org's answer is replaced, so
  // that the screen's own handling of an empty and of a failed answer is what is seen.
  let answer: 'empty' | 'failed' = 'empty';
  await page.route(/\/api\/o\/[^/]+\/user_bulk_uploads(\?.*)?$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    if (answer === 'empty') return route.fulfill({ json: { user_bulk_uploads: [] } });
    return route.fulfill({ status: 500, json: { errors: [] } });
  });
  await openAs(page, DemoUsers.admin, '/orgs/:org/users/import_history');
  const empty = page.getByTestId('no-records');
  await expect(empty.getByRole('heading', { name: 'No Uploads to show', exact: true })).toBeVisible();
  await expect(empty.getByRole('link', { name: 'Bulk Upload', exact: true })).toHaveAttribute(
    'href',
    /\/orgs\/[^/]+\/users\/bulk_upload$/,
  );
  await expect(page.getByRole('table', { name: 'Import History', exact: true })).toHaveCount(0);

  answer = 'failed';
  await page.reload();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'An unexpected error has occurred. Please try again later.',
  );
  await expect(page.getByTestId('no-records')).toHaveCount(0);
});
