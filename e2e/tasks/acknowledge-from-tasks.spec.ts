import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('an author asked to read a P&P opens it from Tasks where it can be acknowledged', async ({ page, data }) => {
  // Rita authors in this binder as well as reading: the P&P's management screen is open to her too.
  const binder = await data.binder('Author Read', {
    owners: [DemoUsers.admin],
    authors: [DemoUsers.reviewer],
    audience: [DemoUsers.reviewer],
  });
  const name = data.name('Chest Drain Care');
  const pnp = await data.pnp({ containerId: binder.id, name, publish: true });
  await data.api.post(data.o(`pnps/${pnp.id}/read_acknowledgements`), {
    read_acknowledgement: {
      name: data.name('Ward Read'),
      due_date: inDays(7),
      user_ids: [await data.userId(DemoUsers.reviewer)],
      group_ids: [],
    },
  });

  const orgId = await openAs(page, DemoUsers.reviewer, '/orgs/:org/tasks?kind=Acknowledge');
  await page.getByRole('link', { name: `Open Document: ${name}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/pnps/${pnp.id}/library/${pnp.documentId}$`));
  const request = page.getByRole('alert', { name: 'Read acknowledgement requested', exact: true });
  await request.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Acknowledged' })).toContainText(
    'You acknowledged that you have read this P&P on',
  );
});
