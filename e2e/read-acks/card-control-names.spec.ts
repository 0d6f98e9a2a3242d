import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('each read acknowledgement’s Edit, Close and Cancel are named by its card, so a screen reader tells them apart', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Named Controls', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Wound Care'), publish: true });
  const nurse = await data.userId(DemoUsers.nurse);
  const names = [data.name('Night Shift Read'), data.name('Day Shift Read')] as const;
  for (const name of names) {
    await data.api.post(data.o(`pnps/${pnp.id}/read_acknowledgements`), {
      read_acknowledgement: { name, due_date: inDays(20), user_ids: [nurse], group_ids: [] },
    });
  }

  await openAs(page, DemoUsers.admin, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/active_readack`);
  for (const name of names) {
    const card = page.getByRole('article', { name, exact: true });
    // The whole page has one control of each name: the words seen stay the spec's.
    const edit = page.getByRole('link', { name: `Edit ${name}`, exact: true });
    const close = page.getByRole('button', { name: `Close ${name}`, exact: true });
    const cancel = page.getByRole('button', { name: `Cancel ${name}`, exact: true });
    for (const [control, word] of [
      [edit, 'Edit'],
      [close, 'Close'],
      [cancel, 'Cancel'],
    ] as const) {
      await expect(control).toHaveCount(1);
      await expect(control).toHaveText(word);
      await expect(
        card.getByRole(word === 'Edit' ? 'link' : 'button', { name: `${word} ${name}`, exact: true }),
      ).toBeVisible();
    }
  }

  await page.getByRole('link', { name: `Edit ${names[1]}`, exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(names[1]);
});
