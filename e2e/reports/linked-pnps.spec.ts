import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

// Linked P&Ps (spec §2 "Report catalogue") shows its rows as the other reports do: each P&P's name
// opens the P&P, and each status is the P&P status badge (DRAFT, ACTIVE, RETIRED), not plain text.

test.use({ actionTimeout: 15_000 });

test('Linked P&Ps shows both statuses as badges and its P&P names open the P&Ps', async ({ page, data }) => {
  test.setTimeout(120_000);
  const binder = await data.binder('Report Links', { owners: [DemoUsers.admin] });
  const published = await data.pnp({ containerId: binder.id, name: data.name('Oxygen Therapy'), publish: true });
  const draft = await data.pnp({ containerId: binder.id, name: data.name('Suction Setup') });
  await data.api.send('PUT', data.o(`pnps/${draft.id}/pnp_links`), { linked_pnp_ids: [published.id] });

  await openAs(page, DemoUsers.admin, `/orgs/:org/reports/linked_pnps?q=${data.word}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Linked P&Ps', exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Linked P&Ps', exact: true });
  const row = table.getByRole('row').filter({ hasText: draft.name });
  await expect(page.getByTestId('report-count')).toHaveText('Links: 1');

  // Status and Linked Status: the same badges as All Versions' P&P Status.
  const statuses = row.getByTestId('pnp-status');
  await expect(statuses).toHaveText(['DRAFT', 'ACTIVE']);

  // Both names are links to their P&Ps; the linked one opens the published P&P's current version.
  await expect(row.getByRole('link', { name: draft.name, exact: true })).toHaveAttribute(
    'href',
    `/orgs/${data.orgId}/pnps/${draft.id}`,
  );
  await row.getByRole('link', { name: published.name, exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/orgs/${data.orgId}/pnps/${published.id}/pnp_documents/${published.documentId}/version_info/preview$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: published.name, exact: true })).toBeVisible();
});
