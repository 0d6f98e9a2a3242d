import { expect, test } from '@playwright/test';
import type { IdpOverview } from '../../shared/api/hstm-idp';
import type { OrgResponse } from '../../shared/api/hstm-orgs';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { DemoUsers } from '../support/users';

// The staff IdP screen shows what a hospital's IT enters at its identity provider, takes the
// hStream OpenID Connect client, and the setting that creates people at their first sign-in.

test('staff see the values for the identity provider and set up hStream sign-in', async ({ page, baseURL }) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { org } = await staff.post<OrgResponse>('hstm/organizations', {
    org: { name: `St Luke ${suffix}`, tenant: `luke-${suffix}` },
  });
  try {
    await signIn(page, DemoUsers.staff, `/hstm/orgs/${org.id}/idp_config/settings`);
    await page.getByRole('combobox', { name: 'Sign-in Source' }).click();
    await page.getByRole('option', { name: 'SAML SSO', exact: true }).click();
    const values = page.getByRole('region', { name: 'Values for the identity provider' });
    await expect(values.getByRole('row', { name: /^ACS URL/ })).toContainText(`${baseURL}/saml/t/${org.tenant}/acs`);
    await expect(values.getByRole('row', { name: /^SLO URL/ })).toContainText(`${baseURL}/saml/t/${org.tenant}/slo`);
    await expect(values.getByRole('row', { name: /^Metadata URL/ })).toContainText(
      `${baseURL}/api/t/${org.tenant}/saml/metadata`,
    );
    await expect(values.getByRole('row', { name: /^SP Entity ID/ })).toContainText(
      `${baseURL}/api/t/${org.tenant}/saml/metadata`,
    );

    await page.getByRole('combobox', { name: 'Sign-in Source' }).click();
    await page.getByRole('option', { name: 'hStream', exact: true }).click();
    await expect(values.getByRole('row', { name: /^Redirect URI/ })).toContainText(
      `${baseURL}/api/t/${org.tenant}/sso/callback`,
    );
    const form = page.getByRole('region', { name: 'OpenID Connect sign-in' });
    await form.getByLabel('Issuer').fill('https://id.hstream.example');
    await form.getByLabel('Client ID').fill('tenet-luke');
    await form.getByRole('button', { name: 'Save Sign-in Settings', exact: true }).click();
    await expect(form.getByRole('alert')).toContainText('Client secret is required');
    await form.getByLabel('Client Secret').fill('a secret');
    await form.getByRole('button', { name: 'Save Sign-in Settings', exact: true }).click();
    await expect(form.getByText('Leave empty to keep the stored secret.', { exact: true })).toBeVisible();
    await expect(page.getByText(`St Luke ${suffix} signs in with hStream.`, { exact: true })).toBeVisible();

    const create = page.getByRole('checkbox', { name: 'Create people at their first sign-in' });
    await expect(create).not.toBeChecked();
    // The box shows the saved setting: it turns on once the server has it.
    await create.click();
    await expect(create).toBeChecked();
    const overview = await staff.get<IdpOverview>(`hstm/organizations/${org.id}/idp_settings`);
    expect(overview).toMatchObject({
      idp_provider: 'HSTREAM',
      hstream_oidc: { issuer: 'https://id.hstream.example', client_id: 'tenet-luke', client_secret_set: true },
      create_unknown_users: true,
    });
  } finally {
    await staff.dispose();
  }
});
