import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { publishedPnp, readersBinder } from './library-data';

test.use({ actionTimeout: 15_000 });

// A reading link outlives the reader's access: a "Read and acknowledge" notification, a bookmark or
// an old e-mail can name a P&P that is no longer shared with her. The reading page then says so in
// place, as the P&P's own screen does, naming nothing (the server's 404 names nothing), and offers
// the way to the library instead of the generic error page.
test('the reading page of a P&P the reader may no longer see says it is not found and leads to the Library', async ({
  page,
  data,
}) => {
  const binder = await readersBinder(data, 'Withdrawn Reading');
  const pnp = await publishedPnp(data, binder, 'Isolation Gowns', ['Wear a gown in every isolation room.']);
  // The nurse is no longer among the binder's readers: only the admin keeps it.
  await data.setParticipants(1, binder.id, { owners: [DemoUsers.admin] });

  const orgId = await openAs(page, DemoUsers.nurse, `/orgs/:org/pnps/${pnp.id}/library/${pnp.documentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'P&P not found', exact: true })).toBeVisible();
  const notFound = page.getByTestId('pnp-not-found');
  await expect(notFound).toContainText('This P&P no longer exists, or you do not have access to it.');
  await expect(page.getByText(pnp.name)).toHaveCount(0);
  await expect(page.getByTestId('error-page')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/pnps/${pnp.id}/library/${pnp.documentId}$`));

  await notFound.getByRole('link', { name: 'Go to Library', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/pnps$`));
  await expect(page.getByRole('table', { name: 'Library', exact: true })).toBeVisible();
});
