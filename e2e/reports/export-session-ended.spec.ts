import { SESSION_COOKIE } from '../../shared/api/errors';
import { Messages } from '../../shared/domain/messages';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test('an export asked after the session ended goes to sign-in and says so, not that the file failed', async ({
  page,
}) => {
  await openAs(page, DemoUsers.admin, '/orgs/:org/reports/all_versions');
  await expect(page.getByRole('heading', { name: 'All Versions', level: 1, exact: true })).toBeVisible();

  // The server forgets the session (it expired, or was ended elsewhere) while the report is open.
  await page.context().clearCookies({ name: SESSION_COOKIE });
  await page.getByRole('button', { name: 'Export CSV', exact: true }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(Messages.notAuthorizedHttp, { exact: true })).toBeVisible();
  await expect(page.getByText(/could not be downloaded/)).toHaveCount(0);
});
