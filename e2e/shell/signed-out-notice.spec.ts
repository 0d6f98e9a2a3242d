import { SESSION_COOKIE } from '../../shared/api/errors';
import { Messages } from '../../shared/domain/messages';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

// The bell asks for news every minute; the page clock jumps instead of the test waiting.
test('a session lost while a form is open: the bell says so in place and keeps the typed text', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Signed Out', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Sharps Disposal') });
  const section = `/orgs/${data.orgId}/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/related_info/additional_info`;
  await page.clock.install();
  await openAs(page, DemoUsers.admin, section);
  await page.getByRole('button', { name: 'Add Additional Info', exact: true }).click();
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await title.fill('Regulation being typed');

  // The server forgets the session (it expired, or was ended elsewhere); the next poll finds out.
  await page.context().clearCookies({ name: SESSION_COOKIE });
  await page.clock.fastForward('01:05');

  const notice = page.getByTestId('signed-out-notice');
  await expect(notice).toContainText(Messages.notSignedIn);
  await expect(page).toHaveURL(new RegExp(`${section}$`));
  await expect(title).toHaveValue('Regulation being typed');
  // It stays: later polls neither take the user away nor remove it.
  await page.clock.fastForward('01:05');
  await expect(notice).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${section}$`));

  // Its Sign in action comes back to this screen.
  await notice.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username or email').fill(DemoUsers.admin.login);
  await page.getByLabel('Password', { exact: true }).fill(DemoUsers.admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${section}$`));
  await expect(page.getByRole('button', { name: 'Add Additional Info', exact: true })).toBeVisible();
  await expect(page.getByTestId('signed-out-notice')).toHaveCount(0);
});
