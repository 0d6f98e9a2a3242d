import { SESSION_COOKIE } from '../../shared/api/errors';
import { Messages } from '../../shared/domain/messages';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { alertWithText } from '../support/messages';
import { DemoUsers } from '../support/users';

test('a bulk upload whose session has ended stops at the first refusal and goes to sign in', async ({ page, data }) => {
  const binder = await data.binder('Bulk Session', { owners: [DemoUsers.binderOwner] });
  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/bulk_upload/${binder.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Upload', exact: true })).toBeVisible();
  const files = ['Intake.txt', 'Discharge.txt', 'Transfer.txt'].map((name) => ({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from(`${name} steps for every unit.`),
  }));
  await page.locator('input[type="file"]').setInputFiles(files);
  await expect(page.getByTestId('bulk-file')).toHaveCount(3);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/pnps/bulk_upload')) sent.push(request.url());
  });

  // The session ends on the server (expired, or signed out elsewhere) before the upload starts.
  await page.context().clearCookies({ name: SESSION_COOKIE });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(alertWithText(page, Messages.notSignedIn)).toBeVisible();
  await expect(page.getByText(Messages.pnpBulkUploadWarning, { exact: true })).toHaveCount(0);
  expect(sent).toHaveLength(1);
});
