import type { OrgResponse, ProviderTemplateList } from '../../shared/api/hstm-orgs';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test("an organisation's templates ticked but not saved: opening another section asks first", async ({
  page,
  baseURL,
  data,
}) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  try {
    const { org } = await staff.post<OrgResponse>('hstm/organizations', {
      org: { name: data.name('Template Clinic'), tenant: `tpl-${data.word}`.toLowerCase() },
    });
    const template = (await staff.get<ProviderTemplateList>('hstm/pnp_templates')).pnp_templates[0];
    if (!template) throw new Error('The provider template library is empty.');

    await openAs(page, DemoUsers.staff, `/hstm/orgs/${org.id}/templates`);
    const box = page.getByRole('checkbox', { name: template.name, exact: true });
    await box.check();
    const users = page.getByRole('link', { name: 'Users', exact: true });
    await users.click();
    const ask = page.getByRole('dialog', { name: 'Leave this page?', exact: true });
    await expect(ask.getByText('Your changes have not been saved.', { exact: true })).toBeVisible();
    await ask.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/hstm/orgs/${org.id}/templates$`));
    await expect(box).toBeChecked();

    // Saved, nothing is asked.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Record updated successfully!')).toBeVisible();
    await users.click();
    await expect(page).toHaveURL(new RegExp(`/hstm/orgs/${org.id}/pm_users$`));
    await expect(ask).toHaveCount(0);
  } finally {
    await staff.dispose();
  }
});
