import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const TOO_EARLY = /Effective Date must be on or after the Origination Date\./;

// A version cannot take effect before its P&P originated. The draft's General Info form says so at
// the effective date as soon as the two disagree, in the server's words, and saves nothing until
// the date is corrected.
test('a draft’s General Info refuses a target effective date before the origination date, at the field', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Date Order', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Date Order') });
  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/general_info`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const origination = page.getByRole('textbox', { name: 'Origination Date', exact: true });
  const effective = page.getByRole('textbox', { name: 'Target Effective Date', exact: true });

  await origination.fill('2026-03-01');
  await effective.fill('2026-02-01');
  await effective.press('Tab');
  await expect(effective).toHaveAccessibleDescription(TOO_EARLY);
  await expect(effective).toHaveAttribute('aria-invalid', 'true');

  // Save stops at the field; the form stays open.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(effective).toBeFocused();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();

  // The same day as the origination is fine, and is saved.
  await effective.fill('2026-03-01');
  await effective.press('Tab');
  await expect(effective).not.toHaveAccessibleDescription(TOO_EARLY);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(page.getByText('Mar 01, 2026', { exact: true })).toHaveCount(2);
});
