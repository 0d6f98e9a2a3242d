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
    // This server has no SAML signing key: IT learns that its requests arrive unsigned.
    await expect(values.getByRole('alert')).toContainText('Requests are not signed');
    await expect(values.getByRole('alert')).toContainText('This server has no SAML signing key');
    await expect(values.getByRole('row', { name: /^Signing certificate/ })).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Sign-in Source' }).click();
    await page.getByRole('option', { name: 'hStream', exact: true }).click();
    await expect(values.getByRole('row', { name: /^Redirect URI/ })).toContainText(
      `${baseURL}/api/t/${org.tenant}/sso/callback`,
    );
    await expect(values.getByRole('alert')).toHaveCount(0);
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

// A deployment with a SAML signing key (SAML_SP_KEY_FILE, SAML_SP_CERT_FILE) answers with its
// certificate's fingerprint; this server has none, so the answer is given as such a server gives it.
test('where the server signs its SAML requests, staff see the certificate it signs with', async ({ page, baseURL }) => {
  const staff = await TenetApi.signedIn(baseURL ?? '', DemoUsers.staff);
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { org } = await staff.post<OrgResponse>('hstm/organizations', {
    org: { name: `St Jude ${suffix}`, tenant: `jude-${suffix}` },
  });
  const fingerprint = '3A:7F:00:C2:19:8E:4B:D1:6A:55:0F:E3:92:1C:7B:44:D8:20:AF:6E:31:C9:88:05:BB:14:72:E0:5D:9A:C6:03';
  try {
    await page.route(`**/api/hstm/organizations/${org.id}/idp_settings`, async (route) => {
      const response = await route.fetch();
      const overview = (await response.json()) as IdpOverview;
      await route.fulfill({
        response,
        json: { ...overview, setup: { ...overview.setup, saml_signing_certificate_sha256: fingerprint } },
      });
    });
    await signIn(page, DemoUsers.staff, `/hstm/orgs/${org.id}/idp_config/settings`);
    await page.getByRole('combobox', { name: 'Sign-in Source' }).click();
    await page.getByRole('option', { name: 'SAML SSO', exact: true }).click();
    const values = page.getByRole('region', { name: 'Values for the identity provider' });
    await expect(values.getByRole('row', { name: /^Signing certificate \(SHA-256\)/ })).toContainText(fingerprint);
    await expect(
      values.getByText('Sign-in and sign-out requests are signed with this certificate; the metadata publishes it.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(values.getByRole('alert')).toHaveCount(0);
  } finally {
    await staff.dispose();
  }
});
