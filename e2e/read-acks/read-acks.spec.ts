import type { Page } from '@playwright/test';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers, type DemoUser } from '../support/users';
import { readerLabel } from './reader-label';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const documentUrl = (pnpId: number, documentId: number, tail: string): string =>
  `/orgs/:org/pnps/${pnpId}/pnp_documents/${documentId}/${tail}`;

/** Goes through the wizard: general info, one reader chosen by name, review, save. */
async function createThroughWizard(page: Page, name: string, reader: DemoUser, due: string): Promise<void> {
  await page.getByRole('link', { name: 'New Read Acknowledgement', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Read Acknowledgement', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Every nurse reads the new policy.');
  await page.getByRole('textbox', { name: 'Due Date', exact: true }).fill(due);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  const readers = page.getByRole('combobox', { name: 'Readers', exact: true });
  await readers.click();
  await readers.fill(reader.name.split(' ')[0]!);
  await page.getByRole('option', { name: readerLabel(reader), exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page.getByRole('list', { name: 'Chosen readers', exact: true })).toHaveText(readerLabel(reader));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Active Read Acknowledgements', exact: true })).toBeVisible();
}

test('an owner asks a nurse to acknowledge; the nurse opens the P&P and acknowledges; the owner sees it closed', async ({
  page,
  data,
}) => {
  test.setTimeout(180_000);
  const binder = await data.binder('Read Requests', {
    owners: [DemoUsers.admin, DemoUsers.policyOwner],
    audience: [DemoUsers.nurse],
  });
  const pnp = await data.pnp({
    containerId: binder.id,
    name: data.name('Hand Hygiene'),
    paragraphs: ['Alcohol-based hand rub is used before and after every patient contact.'],
    publish: true,
  });
  const ackName = data.name('Night Shift Read');
  const due = inDays(14);

  await openAs(page, DemoUsers.policyOwner, documentUrl(pnp.id, pnp.documentId, 'active_readack'));
  await expect(page.getByRole('heading', { name: 'Active Read Acknowledgements', exact: true })).toBeVisible();
  await createThroughWizard(page, ackName, DemoUsers.nurse, due);
  const card = page.getByRole('article', { name: ackName, exact: true });
  await expect(card.getByTestId('readack-completion')).toHaveText('0 of 1 readers acknowledged');
  const readers = card.getByRole('table', { name: `Readers of ${ackName}`, exact: true });
  await expect(readers.getByRole('row', { name: /Nora Nurse/ })).toContainText('Incomplete');

  // The nurse opens the P&P in the library (which records the opening) and acknowledges.
  await openAs(page, DemoUsers.nurse, `/orgs/:org/pnps/${pnp.id}/library/${pnp.documentId}`);
  // The page's title: the document's own title heading, drawn below once its preview loads, bears the same name.
  await expect(page.getByRole('heading', { name: pnp.name, exact: true }).first()).toBeVisible();
  const request = page.getByRole('alert', { name: 'Read acknowledgement requested', exact: true });
  await expect(request).toContainText(ackName);
  await request.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Acknowledged' })).toContainText(
    'You acknowledged that you have read this P&P',
  );

  // The owner finds it complete under Closed.
  await openAs(page, DemoUsers.policyOwner, documentUrl(pnp.id, pnp.documentId, 'active_readack'));
  await expect(page.getByRole('heading', { name: 'Active Read Acknowledgements', exact: true })).toBeVisible();
  await expect(page.getByTestId('no-records')).toContainText('No Read Acknowledgements to show');
  await page.getByRole('link', { name: 'Closed', exact: true }).click();
  const closed = page.getByRole('article', { name: ackName, exact: true });
  await expect(closed.getByTestId('readack-completion')).toHaveText('1 of 1 readers acknowledged');
  await expect(
    closed.getByRole('table', { name: `Readers of ${ackName}`, exact: true }).getByRole('row', { name: /Nora Nurse/ }),
  ).toContainText('Complete');
  await expect(closed).toContainText('Version 1');
});

test('an owner edits a read acknowledgement’s readers and cancels it after confirming', async ({ page, data }) => {
  test.setTimeout(180_000);
  const binder = await data.binder('Read Edits', {
    owners: [DemoUsers.admin, DemoUsers.policyOwner],
    audience: [DemoUsers.nurse, DemoUsers.reviewer],
  });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Fall Prevention'), publish: true });
  const ackName = data.name('Annual Read');

  await openAs(page, DemoUsers.policyOwner, documentUrl(pnp.id, pnp.documentId, 'active_readack'));
  await createThroughWizard(page, ackName, DemoUsers.nurse, inDays(10));
  const card = page.getByRole('article', { name: ackName, exact: true });
  await card.getByRole('link', { name: `Edit ${ackName}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Read Acknowledgement', exact: true })).toBeVisible();
  const nameBox = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(nameBox).toHaveValue(ackName);
  // A name the server would refuse is named on this step, before the readers are chosen.
  await nameBox.fill(`<${ackName}>`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Name must not contain < or >.', { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Readers', exact: true })).toHaveCount(0);
  await nameBox.fill(ackName);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const readers = page.getByRole('combobox', { name: 'Readers', exact: true });
  await readers.click();
  await readers.fill('Rita');
  await page.getByRole('option', { name: readerLabel(DemoUsers.reviewer), exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(card.getByTestId('readack-completion')).toHaveText('0 of 2 readers acknowledged');
  await expect(card.getByRole('table', { name: `Readers of ${ackName}`, exact: true })).toContainText(
    DemoUsers.reviewer.name,
  );

  await card.getByRole('button', { name: `Cancel ${ackName}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Read Acknowledgement', exact: true });
  await dialog.getByRole('button', { name: 'Cancel Read Acknowledgement', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: ackName, exact: true })).toBeHidden();
  await page.getByRole('link', { name: 'Cancelled', exact: true }).click();
  const cancelled = page.getByRole('article', { name: ackName, exact: true });
  await expect(cancelled).toContainText('Canceled');
  await expect(cancelled.getByRole('link', { name: `Edit ${ackName}`, exact: true })).toHaveCount(0);
});
