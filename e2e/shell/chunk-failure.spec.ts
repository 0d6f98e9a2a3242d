import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth';
import { DemoUsers } from '../support/users';

/** The Tasks link, with or without its count of open tasks. */
const TASKS_LINK = /^Tasks($|[^a-zA-Z])/;

async function openTheLibrary(page: Page): Promise<void> {
  await signIn(page, DemoUsers.nurse);
  await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();
}

const tasksLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation', exact: true }).getByRole('link', { name: TASKS_LINK });

test('the server out of reach: a screen not loaded yet says the connection was lost, not that Tenet was updated', async ({
  page,
}) => {
  await openTheLibrary(page);
  await page.route('**/*', (route) => route.abort('internetdisconnected'));

  await tasksLink(page).click();

  await expect(page.getByRole('heading', { name: 'Connection lost', exact: true })).toBeVisible();
  await expect(page.getByText('Tenet cannot be reached, so this page could not be loaded.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A new version is available', exact: true })).toHaveCount(0);

  // While it is away, trying again says the same; once it answers, the screen loads.
  await page.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Connection lost', exact: true })).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks', exact: true })).toBeVisible();
});

test('a new version deployed while the tab was open: the screen not loaded yet says so', async ({ page }) => {
  await openTheLibrary(page);
  // The old build's files are gone and the server's version file names another version.
  await page.route('**/assets/**', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.route('**/version.txt*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: '99.0.0' }),
  );

  await tasksLink(page).click();

  await expect(page.getByRole('heading', { name: 'A new version is available', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload', exact: true })).toBeVisible();
});
