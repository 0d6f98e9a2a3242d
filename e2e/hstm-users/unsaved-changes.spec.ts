import { signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a staff user form with changes typed asks before the page is left; Cancel leaves without asking', async ({
  page,
  data,
}) => {
  await signIn(page, DemoUsers.staff, '/hstm/hstm_users/new');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill(`Nina ${data.name('Unsaved')}`);
  const dashboard = page
    .getByRole('navigation', { name: 'Main navigation', exact: true })
    .getByRole('link', { name: 'Dashboard', exact: true });

  // Stay keeps the page and what was typed.
  await dashboard.click();
  const ask = page.getByRole('dialog', { name: 'Leave this page?', exact: true });
  await expect(ask.getByText('Your changes have not been saved.', { exact: true })).toBeVisible();
  await ask.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/hstm\/hstm_users\/new$/);
  await expect(name).toHaveValue(`Nina ${data.name('Unsaved')}`);

  // Leave goes.
  await dashboard.click();
  await ask.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/hstm\/dashboard$/);

  // Cancel is the user's own choice: no question.
  await page.goto('/hstm/hstm_users/new');
  await name.fill(`Nina ${data.name('Cancelled')}`);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/\/hstm\/hstm_users$/);
  await expect(ask).toHaveCount(0);
});
