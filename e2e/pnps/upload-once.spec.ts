import type { Page, Route } from '@playwright/test';
import { Messages } from '../../shared/domain/messages';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { toastWithText } from '../support/messages';
import { DemoUsers } from '../support/users';
import { pdf } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

/**
 * Holds every upload to `path` until the test lets them go, as a slow network would, and counts
 * them.
 */
async function holdUploads(page: Page, path: RegExp) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Route[] = [];
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      held.push(route);
      await released;
      return route.continue();
    },
  );
  return { held, release };
}

test('a double-click on Upload adds the attachment once', async ({ page, data }) => {
  const binder = await data.binder('Upload Once', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Catheter Care') });
  await openAs(
    page,
    DemoUsers.admin,
    `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/related_info/attachments`,
  );
  await page.getByRole('button', { name: 'Add Attachment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Attachment' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Flush Chart.pdf', mimeType: 'application/pdf', buffer: await pdf('Flush', ['Daily.']) });

  const uploads = await holdUploads(page, /\/api\/o\/\d+\/pnps\/\d+\/attachments$/);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).dblclick();
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toHaveAttribute('data-loading', 'true');
  uploads.release();

  await expect(toastWithText(page, Messages.recordCreated)).toBeVisible();
  await expect(dialog).toBeHidden();
  const table = page.getByRole('table', { name: 'Attachments', exact: true });
  await expect(table.getByRole('row').filter({ hasText: 'Flush Chart.pdf' })).toHaveCount(1);
  expect(uploads.held).toHaveLength(1);
});

test('a double-click on Upload replaces the file once', async ({ page, data }) => {
  const binder = await data.binder('Replace Once', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Oxygen Therapy') });
  await openAs(page, DemoUsers.admin, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/version_info/preview`);
  await page.getByRole('button', { name: 'Replace File', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace File' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'Oxygen Therapy.pdf',
    mimeType: 'application/pdf',
    buffer: await pdf('Oxygen Therapy', ['Titrate to the prescribed range.']),
  });

  const uploads = await holdUploads(page, /\/api\/o\/\d+\/pnp_documents\/replace_file$/);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).dblclick();
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toHaveAttribute('data-loading', 'true');
  uploads.release();

  await expect(toastWithText(page, Messages.recordUpdated)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(uploads.held).toHaveLength(1);
});
