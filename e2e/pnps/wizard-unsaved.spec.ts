import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave this page?', exact: true });
const libraryLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Library', exact: true });

test('leaving the New P&P wizard with something entered asks first; untouched or cancelled it just goes', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Wizard Leave', { owners: [DemoUsers.binderOwner] });
  const wizard = `/orgs/:org/pnps/new/${binder.id}`;
  await openAs(page, DemoUsers.binderOwner, wizard);
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  // Nothing entered: nothing to lose.
  await expect(name).toBeVisible();
  await libraryLink(page).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  await expect(leaveDialog(page)).toHaveCount(0);

  await openAs(page, DemoUsers.binderOwner, wizard);
  const typed = data.name('Hand Hygiene');
  await name.fill(typed);
  await libraryLink(page).click();
  const dialog = leaveDialog(page);
  await expect(dialog).toContainText('Your changes have not been saved.');
  await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/pnps/new/${binder.id}$`));
  await expect(name).toHaveValue(typed);

  await libraryLink(page).click();
  await leaveDialog(page).getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);

  // Cancel is the user's own choice to drop it: no question.
  await openAs(page, DemoUsers.binderOwner, wizard);
  await name.fill(typed);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).not.toHaveURL(new RegExp(`/pnps/new/${binder.id}$`));
  await expect(leaveDialog(page)).toHaveCount(0);
});
