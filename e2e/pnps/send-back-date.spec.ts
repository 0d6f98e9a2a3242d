import type { PnpDocumentResponse } from '../../shared/api/pnp-documents';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { expectStage, openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const TOO_EARLY = /Effective Date must be on or after the Origination Date\./;

// Spec §4: an ad hoc send to authors takes an effective date. On the version's own page, as from a
// task, the draft goes back to Authoring with the target date of the version the authors are to write.
test('Send to Authors on a draft’s page sends it back with a target effective date, refusing one too early', async ({
  page,
  data,
}) => {
  const pnp = await data.draftAwaitingPublication('Send Back Page', 'Catheter Care', '2026-03-01');
  const documentUrl = data.o(`pnp_documents/${pnp.documentId}?pnp_id=${pnp.id}`);

  await openAs(page, DemoUsers.admin, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/version_info/preview`);
  await expectStage(page, 'Draft in Publishing');
  await page.getByTestId('workflow-actions').getByRole('button', { name: 'Send to Authors', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to Authors' });
  const target = dialog.getByRole('textbox', { name: 'Effective Date', exact: true });
  const send = dialog.getByRole('button', { name: 'Send to Authors', exact: true });

  await target.fill('2026-02-01');
  await target.press('Tab');
  await expect(target).toHaveAccessibleDescription(TOO_EARLY);
  await expect(send).toBeDisabled();

  await target.fill('2026-09-01');
  await target.press('Tab');
  await expect(target).not.toHaveAccessibleDescription(TOO_EARLY);
  await dialog.getByRole('textbox', { name: 'Comment', exact: true }).fill('Please add the new supplies.');
  await send.click();
  await expect(dialog).toHaveCount(0);
  await expectStage(page, 'Draft in Authoring');
  const sent = (await data.api.get<PnpDocumentResponse>(documentUrl)).pnp_document;
  expect(sent.effective_dt).toBe('2026-09-01');
});
