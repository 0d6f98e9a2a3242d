import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('when the tasks cannot be loaded the list says so, instead of telling the user nothing is waiting', async ({
  page,
}) => {
  await page.route(/\/api\/o\/[^/]+\/tasks(\?.*)?$/, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { errors: [] } }) : route.fallback(),
  );
  await openAs(page, DemoUsers.reviewer, '/orgs/:org/tasks');
  const table = page.getByRole('table', { name: 'Tasks', exact: true });
  const failure = table.getByRole('alert');
  await expect(failure).toContainText('Tasks could not be loaded');
  await expect(failure).toContainText('An unexpected error has occurred. Please try again later.');
  await expect(table.getByText('Nothing is waiting for you.', { exact: true })).toHaveCount(0);

  // Once the server answers again, the list is the user's tasks (or its empty state), not the failure.
  await page.unroute(/\/api\/o\/[^/]+\/tasks(\?.*)?$/);
  const answered = page.waitForResponse((r) => /\/api\/o\/[^/]+\/tasks(\?.*)?$/.test(r.url()) && r.ok());
  await page.reload();
  await answered;
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('alert')).toHaveCount(0);
});
