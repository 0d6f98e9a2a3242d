import { SESSION_COOKIE } from '../../shared/api/errors';
import { Messages } from '../../shared/domain/messages';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { alertWithText } from '../support/messages';
import { DemoUsers } from '../support/users';
import { pdf } from './pnp-helpers';

test('an upload refused for a lost session goes to sign in, as every other request does, and comes back', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Upload Session', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Wound Care') });
  const section = `/orgs/${data.orgId}/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/related_info/attachments`;
  await openAs(page, DemoUsers.admin, section);
  await page.getByRole('button', { name: 'Add Attachment', exact: true }).click();
  await page
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Dressing Chart.pdf', mimeType: 'application/pdf', buffer: await pdf('Chart', ['Daily.']) });

  // The session ends on the server (expired, or signed out elsewhere) before the upload is sent.
  await page.context().clearCookies({ name: SESSION_COOKIE });
  await page.getByRole('dialog').getByRole('button', { name: 'Upload', exact: true }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(alertWithText(page, Messages.notAuthorizedHttp)).toBeVisible();
  await expect(alertWithText(page, Messages.notSignedIn)).toBeVisible();
  // Signed out in the app too: no user in the header, the sign-in form instead.
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await page.getByLabel('Username or email').fill(DemoUsers.admin.login);
  await page.getByLabel('Password', { exact: true }).fill(DemoUsers.admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${section}$`));
  await expect(page.getByRole('button', { name: 'Add Attachment', exact: true })).toBeVisible();
});
