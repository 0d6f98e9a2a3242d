import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a nurse acknowledging with the keyboard lands on the confirmation, not on the page', async ({ page, data }) => {
  const binder = await data.binder('Keyboard Read', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Sepsis Screening'), publish: true });
  const ackName = data.name('Ward Read');
  await data.api.post(data.o(`pnps/${pnp.id}/read_acknowledgements`), {
    read_acknowledgement: {
      name: ackName,
      due_date: inDays(7),
      user_ids: [await data.userId(DemoUsers.nurse)],
      group_ids: [],
    },
  });

  await openAs(page, DemoUsers.nurse, `/orgs/:org/pnps/${pnp.id}/library/${pnp.documentId}`);
  const request = page.getByRole('alert', { name: 'Read acknowledgement requested', exact: true });
  const acknowledge = request.getByRole('button', { name: 'Acknowledge', exact: true });
  await acknowledge.focus();
  await page.keyboard.press('Enter');

  const confirmation = page.getByRole('status').filter({ hasText: 'Acknowledged' });
  await expect(confirmation).toContainText('You acknowledged that you have read this P&P on');
  await expect(request).toHaveCount(0);
  await expect(confirmation).toBeFocused();
});
