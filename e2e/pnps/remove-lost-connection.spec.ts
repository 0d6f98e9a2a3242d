import { Messages } from '../../shared/domain/messages';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

// A removal whose request never reaches the server (the connection lost) says so: the client has
// no toast of its own for a failure without a status, and the row staying put looked like a no-op.
test('removing additional info over a lost connection says it failed, and the info stays', async ({ page, data }) => {
  const binder = await data.binder('Lost Connection', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Sharps Disposal') });
  await openAs(
    page,
    DemoUsers.binderOwner,
    `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/related_info/additional_info`,
  );
  await page.getByRole('button', { name: 'Add Additional Info', exact: true }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Regulation');
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill('OSHA Bloodborne Pathogens 1910.1030');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('OSHA Bloodborne Pathogens 1910.1030', { exact: true })).toBeVisible();

  await page.route('**/api/o/*/pnps/*/additional_infos/*', (route) =>
    route.request().method() === 'DELETE' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await page.getByRole('button', { name: 'Remove Regulation', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(Messages.unexpectedError, { exact: true })).toBeVisible();
  await expect(page.getByText('OSHA Bloodborne Pathogens 1910.1030', { exact: true })).toBeVisible();
});
