import { expect, test } from '@playwright/test';
import type { OrgResponse } from '../../shared/api/hstm-orgs';
import { SSO_ERROR_MESSAGES } from '../../shared/api/sso';
import { startOidcPeer, type OidcPeer } from '../../server/modules/sso/oidc-peer';
import { TenetApi } from '../support/api';
import { DemoUsers } from '../support/users';

// Single sign-on at t/{tenant} (issue 16) against oidc-provider started here as the organisation's
// Azure AD: staff set the org up through the staff API, a person clicks 'Sign in with Azure',
// signs in on the provider's own page and lands in the library; signing out ends our session and
// goes through the provider's sign-out back to the tenant page.

let peer: OidcPeer;
test.beforeAll(async () => {
  peer = await startOidcPeer();
});
test.afterAll(async () => {
  await peer.close();
});

async function azureOrg(
  baseURL: string,
  createUnknown: boolean,
): Promise<{ id: number; tenant: string; name: string }> {
  const staff = await TenetApi.signedIn(baseURL, DemoUsers.staff);
  try {
    const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const created = await staff.post<OrgResponse>('hstm/organizations', {
      org: { name: `Mercy Hospital ${suffix}`, tenant: `sso-${suffix}` },
    });
    const org = created.org;
    const directory = `directory-${suffix}`;
    await peer.addClient(directory, {
      client_id: `tenet-${suffix}`,
      client_secret: 'e2e-secret',
      redirect_uris: [`${baseURL}/api/t/${org.tenant}/sso/callback`],
      post_logout_redirect_uris: [`${baseURL}/t/${org.tenant}`],
    });
    await staff.post(`hstm/organizations/${org.id}/azure_org_settings`, {
      azure_organization_setting: {
        tenant_id: directory,
        client_id: `tenet-${suffix}`,
        client_secret: 'e2e-secret',
        token_base_url: peer.baseUrl,
        graph_base_url: peer.baseUrl,
      },
    });
    await staff.send('PUT', `hstm/organizations/${org.id}/sso_settings`, {
      sso_setting: { create_unknown_users: createUnknown },
    });
    return { id: org.id, tenant: org.tenant, name: org.name };
  } finally {
    await staff.dispose();
  }
}

test('a person signs in with Azure on the tenant page, lands in the library, and signs out through Azure', async ({
  page,
  baseURL,
}) => {
  const org = await azureOrg(baseURL ?? '', true);
  await page.goto(`/t/${org.tenant}`);
  await expect(page.getByTestId('tenant-name')).toHaveText(org.name);
  // An organisation on single sign-on has no password form.
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in with Azure', exact: true }).click();

  // The provider's own sign-in page.
  await expect(page).toHaveURL(new RegExp(`^${peer.baseUrl}/`));
  await page.getByPlaceholder('Enter any login').fill('grace.hopper@mercy.example');
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/orgs/${org.id}/pnps$`));
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu', { name: 'User menu for Grace Hopper', exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();

  // The provider asks to confirm its own sign-out, then sends the browser back to the tenant page.
  await page.getByRole('button', { name: 'Yes, sign me out', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${org.tenant}$`));
  await expect(page.getByRole('button', { name: 'Sign in with Azure', exact: true })).toBeVisible();
  const session = await page.request.get('/api/sessions');
  expect(((await session.json()) as { valid: boolean }).valid).toBe(false);
});

test('a signed-out person opening a deep link signs in with Azure and lands on that page, not the library', async ({
  page,
  baseURL,
}) => {
  const org = await azureOrg(baseURL ?? '', true);
  await page.goto(`/orgs/${org.id}/tasks?status=2`);
  await expect(page).toHaveURL(/\/login$/);
  // Their organisation signs in at its own page, in the same tab.
  await page.goto(`/t/${org.tenant}`);
  await page.getByRole('button', { name: 'Sign in with Azure', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${peer.baseUrl}/`));
  await page.getByPlaceholder('Enter any login').fill('ada.lovelace@mercy.example');
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/orgs/${org.id}/tasks\\?status=2$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks', exact: true })).toBeVisible();
});

test('a person the organisation does not create is sent back to the tenant page with a clear message', async ({
  page,
  baseURL,
}) => {
  const org = await azureOrg(baseURL ?? '', false);
  await page.goto(`/t/${org.tenant}`);
  await page.getByRole('button', { name: 'Sign in with Azure', exact: true }).click();
  await page.getByPlaceholder('Enter any login').fill('stranger@elsewhere.example');
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${org.tenant}\\?sso_error=unknown_user$`));
  await expect(page.getByRole('alert')).toContainText(SSO_ERROR_MESSAGES.unknown_user);
  await expect(page.getByRole('button', { name: 'Sign in with Azure', exact: true })).toBeVisible();
});
