import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a P&P never published says read acknowledgements wait for publishing, on its list and before the wizard', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Unpublished Read', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Blood Transfusion') });
  const sentence = 'Read acknowledgements can be asked only for a published P&P.';
  const documentBase = `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}`;

  await openAs(page, DemoUsers.admin, `${documentBase}/active_readack`);
  await expect(page.getByRole('heading', { name: 'Active Read Acknowledgements', exact: true })).toBeVisible();
  await expect(page.getByTestId('no-records')).toContainText(sentence);
  await expect(page.getByRole('link', { name: 'New Read Acknowledgement', exact: true })).toHaveCount(0);

  // The wizard's address, kept from elsewhere, does not let the user fill three steps for nothing.
  await openAs(page, DemoUsers.admin, `${documentBase}/readack_new`);
  await expect(page.getByRole('heading', { name: 'New Read Acknowledgement', exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: sentence })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveCount(0);
});
