import { expect, test } from '@playwright/test';
import type { TemplateList } from '../../shared/api/templates';
import { TenetApi } from '../support/api';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

// The template library's 'Create P&P from Template': 'P&P Details', then 'Document Details'; the file is the template's.
test('creates a P&P from a template with the two-step wizard', async ({ page, baseURL }) => {
  const api = await TenetApi.signedIn(baseURL!, DemoUsers.binderOwner);
  const orgId = (await api.session()).org?.id ?? 0;
  const { templates } = await api.get<TemplateList>(`o/${orgId}/pnp_templates`);
  await api.dispose();
  const template = templates.find((t) => t.name === 'Fall Prevention Template')!;

  await openAs(page, DemoUsers.binderOwner, `/orgs/${orgId}/template_library/${template.id}`);
  await page.getByRole('link', { name: 'Create P&P from Template' }).click();
  await expect(page.getByRole('heading', { name: 'New P&P from Template' })).toBeVisible();
  await expect(page.getByText('P&P Details')).toBeVisible();
  await expect(page.getByText('Document Details')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Fall Prevention Template');
  await page.getByLabel('Name').fill('Fall Prevention');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Choose where the P&P goes.')).toBeVisible();
  const location = page.getByRole('textbox', { name: 'Location' }).or(page.getByRole('combobox', { name: 'Location' }));
  await location.click();
  await page.getByRole('option', { name: 'Clinical Policies / Patient Safety' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('The P&P starts from a copy of Fall Prevention Template.docx')).toBeVisible();
  await page.getByRole('textbox', { name: 'Origination Date' }).fill('2025-05-01');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/pnp_documents\/\d+\/version_info\/preview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fall Prevention' })).toBeVisible();
  await expect(page.getByTestId('document-html')).toContainText('Assess every inpatient for fall risk');
  await expect(page.getByText('Record created successfully!')).toBeVisible();
});
