import { expect, test } from '@playwright/test';
import { orgHome, signIn } from '../support/auth';
import { DemoUsers } from '../support/users';

test('the template library filters by source, searches inside the templates and shows a template document', async ({
  page,
}) => {
  const session = await signIn(page, DemoUsers.admin);
  await page.goto(`/orgs/${session.org?.id}/template_library`);
  const list = page.getByRole('list', { name: 'Templates' });
  await expect(list.getByRole('link', { name: 'Fall Prevention Template' })).toBeVisible();

  await page
    .getByRole('radiogroup', { name: 'Template source' })
    .locator('label')
    .filter({ hasText: 'Joint Commission' })
    .click();
  await expect(list.getByRole('link', { name: 'Informed Consent Template' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Fall Prevention Template' })).toHaveCount(0);
  await list.getByRole('link', { name: 'Informed Consent Template' }).click();
  await page.getByRole('link', { name: 'View File' }).click();
  await expect(page.getByTestId('document-html')).toContainText(
    'Describe how the organization obtains and documents informed consent.',
  );

  // A phrase found only in a template's body, with the words found marked.
  await page.goto(`/orgs/${session.org?.id}/template_library`);
  await page.getByRole('textbox', { name: 'Search templates' }).fill('universal precautions');
  await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/template_library\/results\?phrase=universal/);
  const results = page.getByRole('list', { name: 'Templates' });
  await expect(results.getByRole('link', { name: 'Fall Prevention Template' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Informed Consent Template' })).toHaveCount(0);
  await expect(results.getByTestId('search-snippet').locator('mark').first()).toHaveText(/universal/i);
});

test('an org admin creates a new P&P from a template with the create wizard', async ({ page }) => {
  const session = await signIn(page, DemoUsers.admin);
  // From the library, where those who may create P&Ps find the template library.
  await page.goto(orgHome(session));
  await page.getByRole('link', { name: 'Template Library' }).click();
  await expect(page).toHaveURL(/\/template_library$/);
  await page.getByRole('list', { name: 'Templates' }).getByRole('link', { name: 'Fall Prevention Template' }).click();
  await page.getByRole('link', { name: 'Create P&P from Template' }).click();
  await expect(page).toHaveURL(/\/template_library\/\d+\/new_pnp_from_template$/);

  // Step 1, P&P Details: the name comes from the template; the user chooses where it goes.
  await expect(page.getByRole('heading', { name: 'New P&P from Template', level: 1 })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('Fall Prevention Template');
  await name.fill('Fall Prevention');
  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'Clinical Policies / Patient Safety' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2, Document Details: the template's file is copied into the first draft.
  await expect(
    page.getByText('The P&P starts from a copy of Fall Prevention Template.docx (HealthStream Library).'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();

  // The new P&P's first draft, in Authoring, holding a copy of the template's document.
  await expect(page).toHaveURL(/\/pnps\/\d+\/pnp_documents\/\d+\/version_info\/preview$/);
  await expect(page.getByRole('heading', { name: 'Fall Prevention', level: 1 })).toBeVisible();
  await expect(page.getByText('Clinical Policies / Patient Safety')).toBeVisible();
  await expect(page.getByText('Fall Prevention Template.docx')).toBeVisible();
  await expect(page.getByText('Assess every inpatient for fall risk on admission')).toBeVisible();

  // The template now says where the organisation used it; the draft stays out of the library.
  await page.goto(`/orgs/${session.org?.id}/template_library`);
  const item = page
    .getByRole('list', { name: 'Templates' })
    .getByRole('listitem')
    .filter({ hasText: 'Fall Prevention Template' });
  await expect(item).toContainText('Used in Clinical Policies, Patient Safety');
  await page.goto(`/orgs/${session.org?.id}/pnps/results?phrase=fall%20risk`);
  await expect(page.getByText('No P&Ps to show')).toBeVisible();
});

test('a reader sees the templates but may not create a P&P from one', async ({ page }) => {
  const session = await signIn(page, DemoUsers.nurse);
  await page.goto(orgHome(session));
  await expect(page.getByRole('table', { name: 'Library' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Template Library' })).toHaveCount(0);
  await page.goto(`/orgs/${session.org?.id}/template_library`);
  await page.getByRole('list', { name: 'Templates' }).getByRole('link', { name: 'Fall Prevention Template' }).click();
  await expect(page.getByRole('link', { name: 'View File' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create P&P from Template' })).toHaveCount(0);

  // Typing the address is refused by the route guard before the wizard renders.
  await page.goto(`${page.url()}/new_pnp_from_template`);
  await expect(page.getByText('You are not authorized to view this page')).toBeVisible();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  await expect(page.getByRole('heading', { name: 'New P&P from Template' })).toHaveCount(0);
});
