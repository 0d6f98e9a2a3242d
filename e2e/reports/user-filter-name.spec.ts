import type { CandidateList } from '../../shared/api/access';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a report opened with a User filter names that user, also when they are not among the filter’s first matches', async ({
  page,
  data,
}) => {
  const nurseId = await data.userId(DemoUsers.nurse);
  // A hospital has thousands of users: the User filter's list of first matches does not hold this one.
  await page.route('**/api/o/*/access/candidates?*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ candidates: [] } satisfies CandidateList),
    }),
  );
  await openAs(page, DemoUsers.admin, `/orgs/:org/reports/pending_action?user_id=${nurseId}`);
  await expect(page.getByRole('heading', { name: 'Versions Pending Action', level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'User', exact: true })).toHaveValue(
    new RegExp(`^${DemoUsers.nurse.name} \\(`),
  );
});
