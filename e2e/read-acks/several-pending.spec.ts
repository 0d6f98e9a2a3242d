import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a reader asked twice for one version sees the one due first, and one acknowledgement answers both', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Two Requests', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Falls Bundle'), publish: true });
  const nurse = await data.userId(DemoUsers.nurse);
  const ask = (name: string, due: string) =>
    data.api.post(data.o(`pnps/${pnp.id}/read_acknowledgements`), {
      read_acknowledgement: {
        name,
        description: 'Read the falls bundle.',
        due_date: due,
        user_ids: [nurse],
        group_ids: [],
      },
    });
  // The later one is asked for last, yet the one due first is the one shown.
  const soon = data.name('Ward Read');
  const later = data.name('KB Readack');
  await ask(soon, inDays(7));
  await ask(later, inDays(30));

  await openAs(page, DemoUsers.nurse, `/orgs/:org/pnps/${pnp.id}/library/${pnp.documentId}`);
  // The page's title: the document's own title heading, drawn below once its preview loads, bears the same name.
  await expect(page.getByRole('heading', { name: pnp.name, exact: true }).first()).toBeVisible();
  const request = page.getByRole('alert', { name: 'Read acknowledgement requested', exact: true });
  await expect(request).toContainText(`${soon}: please read this P&P`);
  await request.getByRole('button', { name: 'Acknowledge', exact: true }).click();

  // One task, one act of reading: nothing more is asked for, and both requests are complete.
  const acknowledged = page.getByRole('status').filter({ hasText: 'Acknowledged' });
  await expect(acknowledged).toContainText('You acknowledged that you have read this P&P on');
  await expect(request).toHaveCount(0);
  const closed = await data.api.get<{ read_acknowledgements: Array<{ name: string }> }>(
    data.o(`pnps/${pnp.id}/read_acknowledgements?status=2`),
  );
  expect(closed.read_acknowledgements.map((a) => a.name).sort()).toEqual([soon, later].sort());
});
