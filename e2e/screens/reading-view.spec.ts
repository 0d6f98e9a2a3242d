import { expect, test } from '@playwright/test';
import { renderPdf } from '../../server/seed/documents';
import type { TemplateList } from '../../shared/api/templates';
import { TenetApi } from '../support/api';
import { DemoUsers } from '../support/users';
import { seriousViolations } from '../support/axe';
import { createBinder, createDraft, openAs, publish, publishedForNurse, signInAdmin, uniqueName } from './screen-data';

test.use({ actionTimeout: 15_000 });

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the nurse reads a P&P with its attachments, additional information and the linked P&Ps she may open', async ({
  page,
  baseURL,
}) => {
  const admin = await signInAdmin(baseURL!);
  const names = {
    binder: uniqueName('Ward Binder'),
    pnp: uniqueName('Hand Hygiene'),
    seen: uniqueName('Glove Use'),
    hidden: uniqueName('Board Minutes'),
    attachment: `${uniqueName('Audit Form')}.pdf`,
  };
  const main = await publishedForNurse(admin, { binder: names.binder, pnp: names.pnp }, ['Clean your hands.']);
  const seen = await createDraft(admin, main.binderId, names.seen, ['Wear gloves.']);
  await publish(admin, seen);
  const closedBinder = await createBinder(admin, uniqueName('Board Binder'));
  const hidden = await createDraft(admin, closedBinder, names.hidden, ['For the board only.']);
  await publish(admin, hidden);
  await admin.postFile(`o/${admin.orgId}/pnps/${main.pnpId}/attachments`, {
    file: {
      name: names.attachment,
      mimeType: 'application/pdf',
      buffer: await renderPdf({
        title: 'Audit',
        sections: [{ heading: 'Audit', paragraphs: ['Observe ten moments.'] }],
      }),
    },
  });
  await admin.api.post(`o/${admin.orgId}/pnps/${main.pnpId}/additional_infos`, {
    additional_info: { title: 'Regulation', content: 'CMS Conditions of Participation 482.42' },
  });
  await admin.api.send('PUT', `o/${admin.orgId}/pnps/${main.pnpId}/pnp_links`, {
    linked_pnp_ids: [seen.pnpId, hidden.pnpId],
  });
  await admin.dispose();

  await openAs(page, DemoUsers.nurse, `/orgs/:org/pnps/${main.pnpId}/library/${main.documentId}`);
  await expect(page.getByRole('heading', { level: 1, name: names.pnp })).toBeVisible();
  // The breadcrumb names the P&P, never its id.
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toHaveText(new RegExp(`Library.*${escapeRegExp(names.pnp)}$`));
  await expect(crumbs).not.toContainText(`P&P ${main.pnpId}`);

  const attachments = page.getByRole('region', { name: 'Attachments' });
  const download = page.waitForEvent('download');
  await attachments.getByRole('link', { name: names.attachment, exact: true }).click();
  expect((await download).suggestedFilename()).toBe(names.attachment);

  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByRole('region', { name: 'Additional Info' })).toContainText(
    'RegulationCMS Conditions of Participation 482.42',
  );

  // Only the linked P&P she may read is offered; the other is not named at all.
  const linked = page.getByRole('region', { name: 'Linked P&Ps' });
  await expect(linked.getByRole('link', { name: names.seen, exact: true })).toBeVisible();
  await expect(page.getByText(names.hidden)).toHaveCount(0);
  await linked.getByRole('link', { name: names.seen, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: names.seen })).toBeVisible();
  await expect(crumbs).toHaveText(new RegExp(`Library.*${escapeRegExp(names.seen)}$`));
});

test('the advanced search chip names the binder, not its id', async ({ page, baseURL }) => {
  const admin = await signInAdmin(baseURL!);
  const names = { binder: uniqueName('Pharmacy Binder'), pnp: uniqueName('Drug Storage') };
  await publishedForNurse(admin, names, ['Store drugs below 25 degrees.']);
  await admin.dispose();

  await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps');
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Advanced Search' });
  await dialog.getByRole('combobox', { name: 'Binder or folder', exact: true }).fill(names.binder);
  await page.getByRole('option', { name: names.binder, exact: true }).click();
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  const chips = page.getByRole('group', { name: 'Advanced search filters' });
  await expect(chips).toHaveText(`Binder or folder: ${names.binder}`);
  await expect(page.getByRole('link', { name: names.pnp, exact: true })).toBeVisible();
});

test('an advanced search with a date that is not one does not search', async ({ page }) => {
  await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps');
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Advanced Search' });
  await dialog.getByRole('textbox', { name: 'Words', exact: true }).fill('policy');
  const from = dialog.getByRole('textbox', { name: 'Effective date from', exact: true });
  await from.fill('2026-02-30');
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  // The form stays, the field says what is wrong and has the focus; nothing was searched.
  await expect(dialog.getByText('Enter a real date as year-month-day, e.g. 2026-03-31')).toBeVisible();
  await expect(from).toBeFocused();
  await expect(page).toHaveURL(/\/pnps$/);
});

test("a template's breadcrumb says its name, not its id", async ({ page }) => {
  const orgId = await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps');
  const { templates } = await new TenetApi(page.request).get<TemplateList>(`o/${orgId}/pnp_templates`);
  const template = templates[0];
  expect(template, 'the organisation has a template').toBeDefined();
  await page.goto(`/orgs/${orgId}/template_library/${template!.id}`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb', exact: true });
  await expect(crumbs).toHaveText(new RegExp(`Template Library.*${escapeRegExp(template!.name)}$`));
  await expect(crumbs).not.toContainText(`Template ${template!.id}`);
});
