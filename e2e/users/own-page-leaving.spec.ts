import { expect, test } from '../support/fixtures';
import { openAs } from '../support/auth';
import { DemoUsers } from '../support/users';

test('an admin’s own user page does not offer ‘This person is leaving’; another user’s does', async ({
  page,
  data,
}) => {
  const own = await data.userId(DemoUsers.admin);
  const other = await data.userId(DemoUsers.nurse);

  await openAs(page, DemoUsers.admin, `/orgs/:org/users/${other}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'This person is leaving', exact: true })).toBeVisible();

  await page.goto(page.url().replace(`/users/${other}`, `/users/${own}`));
  await expect(main.getByRole('link', { name: 'Edit User', exact: true })).toHaveAttribute(
    'href',
    new RegExp(`/users/edit/${own}$`),
  );
  await expect(main.getByRole('link', { name: 'This person is leaving', exact: true })).toHaveCount(0);
});
