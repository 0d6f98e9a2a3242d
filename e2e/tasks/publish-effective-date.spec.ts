import type { PnpDocumentResponse } from '../../shared/api/pnp-documents';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { taskRowOf } from './task-helpers';

test.use({ actionTimeout: 15_000 });

const TOO_EARLY = /Effective Date must be on or after the Origination Date\./;

// A version cannot take effect before its P&P originated (product rules). Publishing from the Tasks
// screen says so at the Effective Date before anything is sent, as the P&P screen's Publish does.
test('Publish from a task refuses an effective date before the origination date, at the field', async ({
  page,
  data,
}) => {
  // The admin, the only owner, submits a draft originated on Mar 01, 2026 (its review cycle chosen):
  // the admin holds its Publish task.
  const pnp = await data.draftAwaitingPublication('Task Dates', 'Catheter Care', '2026-03-01');
  const documentUrl = data.o(`pnp_documents/${pnp.documentId}?pnp_id=${pnp.id}`);

  await openAs(page, DemoUsers.admin, '/orgs/:org/tasks?kind=Publish');
  const row = taskRowOf(page, pnp.name);
  await row.getByRole('button', { name: `Publish: ${pnp.name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish' });
  const effective = dialog.getByRole('textbox', { name: 'Effective Date', exact: true });

  await effective.fill('2026-02-01');
  await effective.press('Tab');
  await expect(effective).toHaveAccessibleDescription(TOO_EARLY);
  await expect(effective).toHaveAttribute('aria-invalid', 'true');

  // Publish stops at the field: the dialog stays open and the version is still a draft.
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(effective).toBeFocused();
  await expect(dialog).toBeVisible();
  expect((await data.api.get<PnpDocumentResponse>(documentUrl)).pnp_document.status).toBe(1);

  // The origination day itself is fine, and publishes.
  await effective.fill('2026-03-01');
  await effective.press('Tab');
  await expect(effective).not.toHaveAccessibleDescription(TOO_EARLY);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Publish: ${pnp.name}`, exact: true })).toHaveCount(0);
  expect((await data.api.get<PnpDocumentResponse>(documentUrl)).pnp_document).toMatchObject({
    status: 2,
    effective_dt: '2026-03-01',
  });
});
