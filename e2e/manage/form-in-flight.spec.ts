import { expect, test } from '../support/fixtures';
import { childrenOnScreen, openManage, panel, row } from './manage-helpers';

// A new folder's dialog while its save runs: it cannot be closed (a refusal would have nowhere to
// show), then it closes by itself and the folder is shown.
test('the New Folder dialog stays while its save runs, then closes with the folder shown', async ({ page, data }) => {
  const binder = await data.binder('In Flight');
  await openManage(page);
  await row(page, binder.name).click();
  await panel(page).getByRole('button', { name: 'New Folder', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Folder', exact: true });
  const folder = data.name('Sterile Supplies');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(folder);

  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/o/*/containers', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.fallback();
  });
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/containers$/.test(r.url()));
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await sent;
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  release();

  await expect(dialog).toHaveCount(0);
  await expect.poll(() => childrenOnScreen(page, binder.name)).toEqual([folder]);
});
