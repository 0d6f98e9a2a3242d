import { Messages } from '../../shared/domain/messages';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

// A save the server fails (500) is told by the app's one message for it; the form does not repeat it.
test('a group the server fails to create is reported once, and the form keeps what was typed', async ({
  page,
  data,
}) => {
  const name = data.name('Float Pool');
  await page.route('**/api/o/*/user_groups', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [] }) })
      : route.fallback(),
  );
  await openAs(page, DemoUsers.admin, '/orgs/:org/user_groups/new');
  await expect(page.getByRole('heading', { name: 'New Group', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create Group', exact: true }).click();

  const said = page.getByText(Messages.unexpectedError, { exact: true });
  await expect(said.first()).toBeVisible();
  // Once the save has settled (its button ready again), the sentence is on the screen once: counted
  // then, not waited for, as the message leaves after a few seconds.
  await expect(page.getByRole('button', { name: 'Create Group', exact: true })).toBeEnabled();
  expect(await said.count()).toBe(1);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
});
