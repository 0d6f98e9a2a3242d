import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a document the server cannot show just now is said in its place, with Download and Try again, and the reader stays on the page', async ({
  page,
}) => {
  const busy = 'The server is busy reading other files. Please try again in a minute.';
  const preview = /\/library\/\d+\/file\?action_name=preview$/;
  await page.route(preview, (route) => route.fulfill({ status: 503, json: { errors: [busy] } }));
  // The demo library's 'Code of Conduct' (a DOCX), which every user may read.
  await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps/results?phrase=Conduct');
  await page
    .getByRole('list', { name: 'Search results', exact: true })
    .getByRole('link', { name: 'Code of Conduct', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Code of Conduct', exact: true, level: 1 })).toBeVisible();
  const failure = page.getByRole('main').getByRole('alert');
  await expect(failure).toContainText('This document could not be shown in the page');
  await expect(failure).toContainText(busy);
  await expect(failure).toContainText('Use Download to open it.');
  await expect(page.getByRole('link', { name: 'Download', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/pnps\/\d+\/library\/\d+$/);

  await page.unroute(preview);
  await failure.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(page.getByTestId('document-html')).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});
