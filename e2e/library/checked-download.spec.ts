import type { Download } from '@playwright/test';
import { openAs } from '../support/auth';
import { policyFile } from '../support/documents';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test('a download link whose file is gone says so and downloads nothing; one still there downloads the file', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Downloads', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Linen Handling'), publish: true });
  const attachmentName = `${data.name('Linen Audit')}.txt`;
  const { attachment } = await data.api.postMultipart<{ attachment: { id: number } }>(
    data.o(`pnps/${pnp.id}/attachments`),
    { file: await policyFile(attachmentName.replace(/\.txt$/, ''), ['Count the bags.'], 'txt') },
  );
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));

  await openAs(page, DemoUsers.nurse, `/orgs/:org/pnps/${pnp.id}/library/${pnp.documentId}`);
  await expect(page.getByRole('heading', { level: 1, name: pnp.name, exact: true })).toBeVisible();
  const attachments = page.getByRole('region', { name: 'Attachments' });
  const link = attachments.getByRole('link', { name: attachmentName, exact: true });
  await expect(link).toBeVisible();

  // The document itself is still there: the click downloads it under its own name.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download', exact: true }).click();
  expect((await downloaded).suggestedFilename()).toBe(`${pnp.name}.docx`);

  // The attachment is removed while the nurse has the page open; her click finds it gone.
  await data.api.delete(data.o(`pnps/${pnp.id}/attachments/${attachment.id}`));
  await link.click();
  await expect(page.getByRole('heading', { name: 'Page not found', exact: true })).toBeVisible();
  expect(downloads.map((download) => download.suggestedFilename())).toEqual([`${pnp.name}.docx`]);
});
