import { expect, test } from '@playwright/test';
import { SYNC_IN_PROGRESS_MESSAGE, SYNC_STARTED_MESSAGE } from '../../shared/api/hstm-idp';
import type { OrgResponse } from '../../shared/api/hstm-orgs';
import { graphUser, STAND_IN_SECRET, startGraphStandIn } from '../../server/modules/hstm-idp/graph-stand-in';
import { TenetApi } from '../support/api';
import { signIn } from '../support/auth';
import { DemoUsers } from '../support/users';
import { idpMetadata } from './fixtures';

// An organisation's identity provider, from the staff area (issue 14): the panel shows the sign-in
// source; the settings page reads IdP metadata on the server, shows its certificate and endpoints,
// validates and saves; the Azure sync button asks first, then starts a sync.

async function newOrg(baseURL: string, label: string): Promise<number> {
  const staff = await TenetApi.signedIn(baseURL, DemoUsers.staff);
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const created = await staff.post<OrgResponse>('hstm/organizations', {
    org: { name: `${label} ${suffix}`, tenant: `idp-${suffix}` },
  });
  await staff.dispose();
  return created.org.id;
}

test('staff read IdP metadata, see its certificate and endpoints, validate and save SAML settings', async ({
  page,
  baseURL,
}) => {
  const orgId = await newOrg(baseURL ?? '', 'SAML Org');
  await signIn(page, DemoUsers.staff, `/hstm/orgs/${orgId}/idp_config`);
  // A new organisation signs in with hStream until another source is set up.
  await expect(page.getByTestId('idp-provider')).toHaveText('hStream');
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/hstm/orgs/${orgId}/idp_config/settings$`));

  await page.getByRole('combobox', { name: 'Sign-in Source' }).click();
  await page.getByRole('option', { name: 'SAML SSO', exact: true }).click();
  await page.getByRole('textbox', { name: 'IdP Metadata XML' }).fill(idpMetadata());
  await page.getByRole('button', { name: 'Read Metadata' }).click();

  const certificates = page.getByRole('table', { name: 'Signing certificates' });
  await expect(certificates.getByRole('cell', { name: /CN=idp\.example\.test/ }).first()).toBeVisible();
  await expect(certificates.getByRole('cell', { name: /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/ })).toBeVisible();
  const endpoints = page.getByRole('table', { name: 'Endpoints' });
  await expect(
    endpoints.getByRole('cell', { name: 'https://idp.example.test/saml/sso/post', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Entity ID' })).toHaveValue('https://idp.example.test/saml');
  await expect(page.getByRole('textbox', { name: 'SSO URL' })).toHaveValue('https://idp.example.test/saml/sso');

  await page.getByRole('button', { name: 'Validate', exact: true }).click();
  await expect(page.getByText('The SAML settings are valid.')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Record created successfully!')).toBeVisible();

  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page.getByTestId('idp-provider')).toHaveText('SAML SSO');
  await expect(page.getByText('https://idp.example.test/saml/sso', { exact: true })).toBeVisible();
});

test('refused metadata is explained beside the form', async ({ page, baseURL }) => {
  const orgId = await newOrg(baseURL ?? '', 'SAML Refusal Org');
  await signIn(page, DemoUsers.staff, `/hstm/orgs/${orgId}/idp_config/settings`);
  await page.getByRole('combobox', { name: 'Sign-in Source' }).click();
  await page.getByRole('option', { name: 'SAML SSO', exact: true }).click();
  await page
    .getByRole('textbox', { name: 'IdP Metadata XML' })
    .fill('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>');
  await page.getByRole('button', { name: 'Read Metadata' }).click();
  await expect(
    page.getByRole('alert').getByText('The metadata contains a DOCTYPE or entity declaration, which is not allowed.'),
  ).toBeVisible();
});

test('Azure settings are validated against a directory stand-in, and the sync button asks before it starts', async ({
  page,
  baseURL,
}) => {
  const graph = await startGraphStandIn();
  // A slow directory keeps a run 'running' should the minute's job pick it up between the clicks.
  graph.delayMs = 30_000;
  graph.pages = [[graphUser('e2e-1', 'Eve', 'Example', `eve.${Date.now()}@dir.example`)]];
  try {
    const orgId = await newOrg(baseURL ?? '', 'Azure Org');
    await signIn(page, DemoUsers.staff, `/hstm/orgs/${orgId}/idp_config/settings`);
    await page.getByRole('combobox', { name: 'Sign-in Source' }).click();
    await page.getByRole('option', { name: 'Azure', exact: true }).click();
    await page.getByRole('textbox', { name: 'Directory (tenant) ID' }).fill('tenant-e2e');
    await page.getByRole('textbox', { name: 'Application (client) ID' }).fill('client-e2e');
    await page.getByLabel('Client secret').fill(STAND_IN_SECRET);
    await page.getByRole('textbox', { name: 'Graph endpoint' }).fill(graph.graphBaseUrl);
    await page.getByRole('textbox', { name: 'Token endpoint' }).fill(graph.tokenBaseUrl);
    await page.getByRole('button', { name: 'Validate', exact: true }).click();
    await expect(
      page.getByText('The settings are valid: an access token was issued and the directory users can be read.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Record created successfully!')).toBeVisible();

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page.getByTestId('idp-provider')).toHaveText('Azure');
    await expect(page.getByText('Never synchronized')).toBeVisible();
    const sync = page.getByRole('button', { name: 'Sync Azure Users' });
    await sync.click();
    await expect(page.getByRole('status').getByText(SYNC_STARTED_MESSAGE, { exact: true })).toBeVisible();
    await sync.click();
    await expect(page.getByRole('status').getByText(SYNC_IN_PROGRESS_MESSAGE, { exact: true })).toBeVisible();
  } finally {
    await graph.close();
  }
});
