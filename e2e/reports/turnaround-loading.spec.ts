import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a changed period: the approval turnaround says it is loading until that period’s figures come, not the old ones', async ({
  page,
}) => {
  await openAs(page, DemoUsers.admin, '/orgs/:org/reports/approval_turnaround?from=2025-01-01&to=2025-12-31');
  const figures = page.getByTestId('turnaround-figures');
  const byStage = page.getByRole('region', { name: 'By Stage', exact: true });
  const period = page.getByTestId('turnaround-period');
  await expect(period).toHaveText('Stages completed from Jan 01, 2025 to Dec 31, 2025');
  await expect(byStage).toBeVisible();
  await expect(figures).not.toHaveAttribute('aria-busy', 'true');

  // The period from March 15 is held until the screen has been looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith('/reporting/approval_turnaround') && url.searchParams.get('from') === '2025-03-15',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const from = page.getByRole('textbox', { name: 'From', exact: true });
  await from.fill('2025-03-15');
  await from.press('Enter');

  await expect(figures).toHaveAttribute('aria-busy', 'true');
  await expect(figures.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  // The whole year's figures are not shown under the new dates as if they were that period's.
  await expect(byStage).toHaveCount(0);
  await expect(period).toHaveCount(0);

  release();
  await expect(period).toHaveText('Stages completed from Mar 15, 2025 to Dec 31, 2025');
  await expect(byStage).toBeVisible();
  await expect(figures).not.toHaveAttribute('aria-busy', 'true');
});
