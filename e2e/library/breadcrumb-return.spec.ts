import { TenetApi } from '../support/api';
import { orgHome, signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { publishedPnp, readersBinder } from './library-data';

test('the breadcrumb back to the library returns to the view the reader left, not to All Files', async ({
  page,
  data,
}) => {
  const binder = await readersBinder(data, 'Return Trip');
  const folder = await data.folder(binder.id, 'Wards');
  const pnp = await publishedPnp(data, folder, 'Bed Rails', ['Check the bed rails at every round.']);
  const session = await signIn(page, DemoUsers.nurse);
  const nurse = new TenetApi(page.request);
  try {
    await nurse.send('PATCH', `o/${data.orgId}/library/${pnp.id}/handle_favorite`, { favorite: true });
    await page.goto(orgHome(session));
    const views = page.getByRole('radiogroup', { name: 'Library view', exact: true });
    await views
      .locator('label')
      .filter({ hasText: /^Favorites$/ })
      .click();
    await expect(page).toHaveURL(/\/pnps\?view=favorites$/);
    const table = page.getByRole('table', { name: 'Library', exact: true });
    await table.getByRole('link', { name: pnp.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: pnp.name, exact: true })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Breadcrumb', exact: true })
      .getByRole('link', { name: 'Library', exact: true })
      .click();
    await expect(page).toHaveURL(/\/pnps\?view=favorites$/);
    await expect(views.getByRole('radio', { name: 'Favorites', exact: true })).toBeChecked();
    await expect(table.getByRole('link', { name: pnp.name, exact: true })).toBeVisible();
  } finally {
    // The nurse's favourites are as they were.
    await nurse.send('PATCH', `o/${data.orgId}/library/${pnp.id}/handle_favorite`, { favorite: false });
  }
});
