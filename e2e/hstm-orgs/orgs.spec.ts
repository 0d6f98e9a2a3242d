import type { OrgList, ProviderTemplateList } from '../../shared/api/hstm-orgs';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('a staff user creates an organisation through the form, finds it by search and status, edits it and changes its templates', async ({
  page,
  baseURL,
  data,
}) => {
  test.setTimeout(120_000);
  const name = data.name('Riverside Clinic');
  const tenant = `e2e-river-${data.word}`.toLowerCase();
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  try {
    const library = await staff.get<ProviderTemplateList>('hstm/pnp_templates');
    const template = library.pnp_templates[0];
    if (!template) throw new Error('The provider template library is empty.');

    // New organisation through the form.
    await openAs(page, DemoUsers.staff, '/hstm/orgs');
    await page.getByRole('button', { name: 'New Organization', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Organization' });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^Tenant Key/).fill(tenant.toUpperCase());
    await dialog.getByRole('combobox', { name: 'Location' }).fill('Tennessee');
    await page.getByRole('option', { name: 'Tennessee (TN)', exact: true }).click();
    await dialog.getByLabel(/^Session Timeout/).fill('3');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    // Below the bounds: the form says so and nothing is sent.
    await expect(dialog.getByText('Session timeout must be a whole number of minutes from 5 to 1440.')).toBeVisible();
    await dialog.getByLabel(/^Session Timeout/).fill('45');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Record created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // A second organisation with the same key (another case) is refused with the server's sentence.
    await page.getByRole('button', { name: 'New Organization', exact: true }).click();
    await dialog.getByLabel(/^Name/).fill(`${name} Copy`);
    await dialog.getByLabel(/^Tenant Key/).fill(tenant);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `The tenant key ${tenant} is already used by another organization.`,
    );
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();

    // Search by tenant key finds exactly it, with its details.
    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill(tenant);
    await search.press('Enter');
    const table = page.getByRole('table', { name: 'Organizations', exact: true });
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row.getByRole('cell', { name: tenant, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'TN', exact: true })).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'hStream', exact: true })).toBeVisible();
    await expect(page.getByText('Showing 1 - 1 of 1 Organizations', { exact: true })).toBeVisible();

    // Edit: lock it. The Locked filter then finds it, the Active one does not.
    await row.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Organization' });
    await expect(edit.getByLabel(/^Name/)).toHaveValue(name);
    await expect(edit.getByLabel(/^Session Timeout/)).toHaveValue('45');
    await edit.getByLabel(/^Name/).fill(`${name} Renamed`);
    await edit.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Locked', exact: true }).click();
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Record updated successfully!')).toBeVisible();
    const renamed = table.getByRole('row', { name: new RegExp(`${name} Renamed`) });
    await expect(renamed.getByText('Locked', { exact: true })).toBeVisible();

    const filters = page.getByRole('search', { name: 'Organization filters' });
    await filters.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Locked', exact: true }).click();
    await expect(page).toHaveURL(/status=2/);
    await expect(renamed).toBeVisible();
    await filters.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await expect(page).toHaveURL(/status=1/);
    await expect(page.getByText('No Organizations to show')).toBeVisible();

    // The list by the API says the same.
    const listed = await staff.get<OrgList>(`hstm/organizations?search=${tenant}&status=2`);
    expect(listed.organizations.map((o) => o.name)).toEqual([`${name} Renamed`]);
    const orgId = listed.organizations[0]!.id;

    // Templates: choose one, save, and it stays chosen after a reload.
    await page.goto(`/hstm/orgs/${orgId}/templates`);
    const box = page.getByRole('checkbox', { name: template.name, exact: true });
    await expect(box).not.toBeChecked();
    await box.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Record updated successfully!')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: template.name, exact: true })).toBeChecked();
  } finally {
    await staff.dispose();
  }
});
