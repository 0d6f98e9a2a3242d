import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { readerLabel } from './reader-label';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('the readers found so far stay choosable while a narrower search is still on its way', async ({ page, data }) => {
  const binder = await data.binder('Reader Search', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Oxygen Therapy'), publish: true });
  await openAs(page, DemoUsers.admin, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/readack_new`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(data.name('Respiratory Read'));
  await page.getByRole('textbox', { name: 'Due Date', exact: true }).fill(inDays(14));
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // The search for 'Nora' is held until the nurse has been chosen from what was already found.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let searching: () => void = () => undefined;
  const searchStarted = new Promise<void>((resolve) => (searching = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/reader_candidates') && url.searchParams.get('q') === 'Nora',
    async (route) => {
      searching();
      await held;
      await route.continue();
    },
  );

  const readers = page.getByRole('combobox', { name: 'Readers', exact: true });
  await readers.click();
  const nurse = page.getByRole('option', { name: readerLabel(DemoUsers.nurse), exact: true });
  await expect(nurse).toBeVisible();
  await readers.fill('Nora');
  await searchStarted;
  await expect(nurse).toBeVisible();
  await nurse.click();
  release();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Chosen readers', exact: true })).toHaveText(
    readerLabel(DemoUsers.nurse),
  );
});
