import { orgHome, signIn } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test('the template library filters by source, searches inside the templates and shows a template document', async ({
  page,
}) => {
  const session = await signIn(page, DemoUsers.admin);
  await page.goto(`/orgs/${session.org?.id}/template_library`);
  const list = page.getByRole('list', { name: 'Templates', exact: true });
  await expect(list.getByRole('link', { name: 'Fall Prevention Template', exact: true })).toBeVisible();

  await page
    .getByRole('radiogroup', { name: 'Template source', exact: true })
    .locator('label')
    .filter({ hasText: /^Joint Commission$/ })
    .click();
  await expect(list.getByRole('link', { name: 'Informed Consent Template', exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Fall Prevention Template', exact: true })).toHaveCount(0);
  await list.getByRole('link', { name: 'Informed Consent Template', exact: true }).click();
  await page.getByRole('link', { name: 'View File', exact: true }).click();
  await expect(page.getByTestId('document-html')).toContainText(
    'Describe how the organization obtains and documents informed consent.',
  );

  // A phrase found only in a template's body, with the words found marked.
  await page.goto(`/orgs/${session.org?.id}/template_library`);
  await page.getByRole('textbox', { name: 'Search templates', exact: true }).fill('universal precautions');
  await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/template_library\/results\?phrase=universal/);
  const results = page.getByRole('list', { name: 'Templates', exact: true });
  await expect(results.getByRole('link', { name: 'Fall Prevention Template', exact: true })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Informed Consent Template', exact: true })).toHaveCount(0);
  await expect(results.getByTestId('search-snippet').locator('mark').first()).toHaveText(/universal/i);
});

test('an org admin creates a new P&P from a template with the create wizard', async ({ page, data }) => {
  const binder = await data.binder('Nursing Care');
  const folder = await data.folder(binder.id, 'Patient Safety');
  const location = `${binder.name} / ${folder.name}`;
  const pnpName = data.name('Fall Prevention');
  const session = await signIn(page, DemoUsers.admin);
  // From the library, where those who may create P&Ps find the template library.
  await page.goto(orgHome(session));
  await page.getByRole('link', { name: 'Template Library', exact: true }).click();
  await expect(page).toHaveURL(/\/template_library$/);
  await page
    .getByRole('list', { name: 'Templates', exact: true })
    .getByRole('link', { name: 'Fall Prevention Template', exact: true })
    .click();
  await page.getByRole('link', { name: 'Create P&P from Template', exact: true }).click();
  await expect(page).toHaveURL(/\/template_library\/\d+\/new_pnp_from_template$/);

  // Step 1, P&P Details: the name comes from the template; the user chooses where it goes.
  await expect(page.getByRole('heading', { name: 'New P&P from Template', exact: true, level: 1 })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue('Fall Prevention Template');
  await name.fill(pnpName);
  await page.getByRole('combobox', { name: 'Location', exact: true }).click();
  await page.getByRole('option', { name: location, exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Step 2, Document Details: the template's file is copied into the first draft.
  await expect(
    page.getByText('The P&P starts from a copy of Fall Prevention Template.docx (HealthStream Library).', {
      exact: true,
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  // The new P&P's first draft, in Authoring, holding a copy of the template's document.
  await expect(page).toHaveURL(/\/pnps\/\d+\/pnp_documents\/\d+\/version_info\/preview$/);
  await expect(page.getByRole('heading', { name: pnpName, exact: true, level: 1 })).toBeVisible();
  await expect(page.getByText(location, { exact: true })).toBeVisible();
  await expect(page.getByText('Fall Prevention Template.docx', { exact: true })).toBeVisible();
  await expect(page.getByText('Assess every inpatient for fall risk on admission')).toBeVisible();

  // The template now says where the organisation used it; the draft stays out of the library.
  await page.goto(`/orgs/${session.org?.id}/template_library`);
  const item = page
    .getByRole('list', { name: 'Templates', exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Fall Prevention Template', exact: true }) });
  await expect(item).toContainText(`${binder.name}, ${folder.name}`);
  await expect(item).toContainText('Used in ');
  await page.goto(`/orgs/${session.org?.id}/pnps/results?phrase=${data.word}`);
  await expect(page.getByText('No P&Ps to show', { exact: true })).toBeVisible();
});

test('a reader sees the templates but may not create a P&P from one', async ({ page }) => {
  const session = await signIn(page, DemoUsers.nurse);
  await page.goto(orgHome(session));
  await expect(page.getByRole('table', { name: 'Library', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Template Library', exact: true })).toHaveCount(0);
  await page.goto(`/orgs/${session.org?.id}/template_library`);
  await page
    .getByRole('list', { name: 'Templates', exact: true })
    .getByRole('link', { name: 'Fall Prevention Template', exact: true })
    .click();
  await expect(page.getByRole('link', { name: 'View File', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create P&P from Template', exact: true })).toHaveCount(0);

  // Typing the address is refused by the route guard before the wizard renders.
  await page.goto(`${page.url()}/new_pnp_from_template`);
  await expect(page.getByText('You are not authorized to view this page', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/orgs\/\d+\/pnps$/);
  await expect(page.getByRole('heading', { name: 'New P&P from Template', exact: true })).toHaveCount(0);
});
