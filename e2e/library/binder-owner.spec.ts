import { orgHome, signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { publishedPnp } from './library-data';

// Product rules: a P&P is seen by anyone with a role on it or an ancestor. The owner of a binder
// finds a policy of that binder in the library even when the policy has participants of its own
// that leave them out; a reader of the binder left out by those participants does not.
test('a binder owner finds and opens a policy of their binder that has participants of its own', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Owned Binder', {
    owners: [DemoUsers.admin, DemoUsers.binderOwner],
    audience: [DemoUsers.nurse],
  });
  const pnp = await publishedPnp(data, binder, 'Restricted Policy', ['Only the pharmacy team handles this.']);
  await data.setParticipants(3, pnp.id, { owners: [DemoUsers.admin], audience: [DemoUsers.approver] });

  const session = await signIn(page, DemoUsers.binderOwner);
  await page.goto(orgHome(session));
  await page.getByLabel('Search the library').fill(pnp.name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results', exact: true });
  await results.getByRole('link', { name: pnp.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: pnp.name, exact: true, level: 1 })).toBeVisible();
  await expect(page.getByTestId('document-html')).toContainText('Only the pharmacy team handles this.');

  // The binder's reader, not among the policy's participants, finds nothing.
  const nurse = await signIn(page, DemoUsers.nurse);
  await page.goto(orgHome(nurse));
  await page.getByLabel('Search the library').fill(pnp.name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/pnps\/results\?phrase=/);
  await expect(page.getByRole('link', { name: pnp.name, exact: true })).toHaveCount(0);
});
