import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('closing or cancelling a read acknowledgement puts focus back on the list its card left', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Close Focus', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Restraint Use'), publish: true });
  const nurse = await data.userId(DemoUsers.nurse);
  const names = [data.name('Quarterly Read'), data.name('Agency Staff Read')] as const;
  for (const name of names) {
    await data.api.post(data.o(`pnps/${pnp.id}/read_acknowledgements`), {
      read_acknowledgement: { name, due_date: inDays(20), user_ids: [nurse], group_ids: [] },
    });
  }

  await openAs(page, DemoUsers.admin, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/active_readack`);
  const heading = page.getByRole('heading', { name: 'Active Read Acknowledgements', exact: true });
  for (const [name, how] of [
    [names[0], 'Close'],
    [names[1], 'Cancel'],
  ] as const) {
    const card = page.getByRole('article', { name, exact: true });
    await card.getByRole('button', { name: `${how} ${name}`, exact: true }).click();
    const title = `${how} Read Acknowledgement`;
    await page
      .getByRole('dialog', { name: title, exact: true })
      .getByRole('button', { name: title, exact: true })
      .click();
    await expect(card).toHaveCount(0);
    await expect(heading).toBeFocused();
  }
  await expect(page.getByTestId('no-records')).toContainText('No Read Acknowledgements to show');
});
