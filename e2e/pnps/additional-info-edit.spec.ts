import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

test('Edit on a second additional info while the first is open shows and saves the second one’s text', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Additional Info Edit', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Referenced Policy') });
  const infos = data.o(`pnps/${pnp.id}/additional_infos`);
  await data.api.post(infos, { additional_info: { title: 'Regulation', content: 'CMS 482.42' } });
  await data.api.post(infos, { additional_info: { title: 'Reference', content: 'CDC hand hygiene guideline' } });
  await openAs(
    page,
    DemoUsers.admin,
    `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/related_info/additional_info`,
  );

  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  const content = page.getByRole('textbox', { name: 'Content', exact: true });
  await page.getByRole('button', { name: 'Edit Regulation', exact: true }).click();
  await expect(title).toHaveValue('Regulation');
  await page.getByRole('button', { name: 'Edit Reference', exact: true }).click();
  await expect(title).toHaveValue('Reference');
  await expect(content).toHaveValue('CDC hand hygiene guideline');

  await content.fill('CDC hand hygiene guideline, 2002');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(title).toHaveCount(0);
  await expect(page.getByText('CDC hand hygiene guideline, 2002', { exact: true })).toBeVisible();
  // The first entry is as it was.
  await expect(page.getByText('CMS 482.42', { exact: true })).toBeVisible();
});
