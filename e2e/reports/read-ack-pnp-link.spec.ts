import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('Read Acknowledgements links each P&P name to the version acknowledged, as the other reports link theirs', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Report Read Links', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Hand Hygiene'), publish: true });
  const ackName = data.name('Hygiene Read');
  await data.api.post(data.o(`pnps/${pnp.id}/read_acknowledgements`), {
    read_acknowledgement: {
      name: ackName,
      due_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      user_ids: [await data.userId(DemoUsers.nurse)],
    },
  });

  await openAs(page, DemoUsers.admin, `/orgs/:org/reports/read_acknowledgements?q=${data.word}`);
  const row = page
    .getByRole('table', { name: 'Read Acknowledgements', exact: true })
    .getByRole('row')
    .filter({ hasText: ackName });
  const pnpLink = row.getByRole('link', { name: pnp.name, exact: true });
  await expect(pnpLink).toHaveAttribute('href', new RegExp(`/pnps/${pnp.id}/pnp_documents/${pnp.documentId}$`));
  await pnpLink.click();
  await expect(page).toHaveURL(new RegExp(`/pnps/${pnp.id}/pnp_documents/${pnp.documentId}`));
});

test('a read acknowledgement’s page links its P&P to the version acknowledged', async ({ page, data }) => {
  const binder = await data.binder('Report Read Detail', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Fall Prevention'), publish: true });
  const made = await data.api.post<{ read_acknowledgement: { id: number } }>(
    data.o(`pnps/${pnp.id}/read_acknowledgements`),
    {
      read_acknowledgement: {
        name: data.name('Falls Read'),
        due_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        user_ids: [await data.userId(DemoUsers.nurse)],
      },
    },
  );

  await openAs(page, DemoUsers.admin, `/orgs/:org/reports/read_acknowledgements/${made.read_acknowledgement.id}`);
  const summary = page.getByRole('region', { name: 'Read acknowledgement summary', exact: true });
  const pnpLink = summary.getByRole('link', { name: pnp.name, exact: true });
  await expect(pnpLink).toHaveAttribute('href', new RegExp(`/pnps/${pnp.id}/pnp_documents/${pnp.documentId}$`));
  await pnpLink.click();
  await expect(page).toHaveURL(new RegExp(`/pnps/${pnp.id}/pnp_documents/${pnp.documentId}`));
});
