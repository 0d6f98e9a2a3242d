import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('Due within: the number of days typed is the one the list uses, up to its limit', async ({ page }) => {
  await openAs(page, DemoUsers.nurse, '/orgs/:org/tasks?due=within');
  const days = page.getByRole('search', { name: 'Task filters', exact: true }).getByRole('textbox', {
    name: 'Days',
    exact: true,
  });
  await expect(days).toHaveValue('7');
  await days.fill('');
  await days.pressSequentially('5000');
  // The box and the filter agree: no number in the address that the list does not use.
  await expect(page).toHaveURL((url) => url.searchParams.get('days') === '3650');
  await expect(days).toHaveValue('3650');
  await days.fill('');
  await days.pressSequentially('30');
  await expect(page).toHaveURL((url) => url.searchParams.get('days') === '30');
  await expect(days).toHaveValue('30');
});
