import type { PnpDocumentResponse } from '../../shared/api/pnp-documents';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { taskRowOf } from './task-helpers';

test.use({ actionTimeout: 15_000 });

const TOO_EARLY = /Effective Date must be on or after the Origination Date\./;

// Send to Authors from a task may set the next version's target effective date; like the server, the
// field refuses one before the P&P's origination date, before anything is sent.
test('Send to Authors from a task says at the field that a target date before the origination date is refused', async ({
  page,
  data,
}) => {
  const pnp = await data.draftAwaitingPublication('Send Back Dates', 'Wound Dressing', '2026-03-01');
  const documentUrl = data.o(`pnp_documents/${pnp.documentId}?pnp_id=${pnp.id}`);

  await openAs(page, DemoUsers.admin, '/orgs/:org/tasks?kind=Publish');
  const row = taskRowOf(page, pnp.name);
  await row.getByRole('button', { name: `Send to Authors: ${pnp.name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to Authors' });
  const target = dialog.getByRole('textbox', { name: 'Effective Date', exact: true });

  await target.fill('2026-02-01');
  await target.press('Tab');
  await expect(target).toHaveAccessibleDescription(TOO_EARLY);
  await expect(target).toHaveAttribute('aria-invalid', 'true');
  // The action stops at the field: the dialog stays and the draft is still waiting to be published.
  await dialog.getByRole('button', { name: 'Send to Authors', exact: true }).click();
  await expect(target).toBeFocused();
  await expect(dialog).toBeVisible();
  expect((await data.api.get<PnpDocumentResponse>(documentUrl)).pnp_document.effective_dt).not.toBe('2026-02-01');

  // The origination day itself is accepted, and the draft goes back with it as its target.
  await target.fill('2026-03-01');
  await target.press('Tab');
  await expect(target).not.toHaveAccessibleDescription(TOO_EARLY);
  await dialog.getByRole('button', { name: 'Send to Authors', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  expect((await data.api.get<PnpDocumentResponse>(documentUrl)).pnp_document.effective_dt).toBe('2026-03-01');
});
