import type { TemplateList } from '../../shared/api/templates';
import { expect, test } from '../support/fixtures';
import { toastWithText } from '../support/messages';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

// The template library's 'Create P&P from Template': 'P&P Details', then 'Document Details'; the file is the template's.
test('creates a P&P from a template with the two-step wizard', async ({ page, data }) => {
  const binder = await data.binder('Template Home', { owners: [DemoUsers.binderOwner] });
  const { templates } = await data.api.get<TemplateList>(data.o('pnp_templates'));
  const template = templates[0];
  if (!template) throw new Error('The organisation has no template to start from.');
  const title = data.name('From Template');

  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/template_library/${template.id}`);
  await page.getByRole('link', { name: 'Create P&P from Template', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New P&P from Template', exact: true })).toBeVisible();
  await expect(page.getByText('P&P Details', { exact: true })).toBeVisible();
  await expect(page.getByText('Document Details', { exact: true })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue(template.name);
  await name.fill(title);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Choose where the P&P goes.', { exact: true })).toBeVisible();
  const location = page
    .getByRole('textbox', { name: 'Location', exact: true })
    .or(page.getByRole('combobox', { name: 'Location', exact: true }));
  await location.click();
  await location.fill(binder.name);
  await page.getByRole('option', { name: binder.name, exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(
    page.getByText(`The P&P starts from a copy of ${template.file_name} (${template.source}).`, { exact: true }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Origination Date', exact: true }).fill('2025-05-01');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/pnp_documents\/\d+\/version_info\/preview$/);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page.getByTestId('preview-file-name')).toHaveText(template.file_name);
  await expect(toastWithText(page, 'Record created successfully!')).toBeVisible();
});
