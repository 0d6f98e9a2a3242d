import { NAME_MAX_LENGTH } from '../../shared/domain/limits';
import { expect, test } from '../support/fixtures';
import { toastWithText } from '../support/messages';
import { DemoUsers } from '../support/users';
import { docx, openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// Issue 10 part 3, as a binder owner met them in the New P&P wizard: names checked on step 1 and
// bounded as she types, an impossible date that no longer vanishes on Save, the file's refusal
// under the File field, and the created message still there when the new P&P opens.
test('the New P&P wizard checks each field where it is and creates nothing while one is wrong', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Wizard Checks', { owners: [DemoUsers.binderOwner] });
  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/new/${binder.id}`);
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toBeVisible();
  await expect(page.getByText('Name is required.', { exact: true })).toHaveCount(0);

  // Angle brackets: said next to the field at once, and step 1 does not go on.
  await name.fill('Hand <b>Hygiene</b>');
  await expect(name).toHaveAccessibleDescription(/Name must not contain < or >\./);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(name).toBeFocused();
  await expect(page.getByText('File Upload & Document Details', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Origination Date', exact: true })).toHaveCount(0);

  // The limit, counted as she types.
  await name.fill('N'.repeat(NAME_MAX_LENGTH + 45));
  await expect(name).toHaveAccessibleDescription(new RegExp(`Name must be at most ${NAME_MAX_LENGTH} characters\\.`));
  await expect(name).toHaveAccessibleDescription(new RegExp(`${NAME_MAX_LENGTH + 45} / ${NAME_MAX_LENGTH} characters`));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Origination Date', exact: true })).toHaveCount(0);

  const title = data.name('Visitor Hygiene');
  await name.fill(title);
  await expect(name).toHaveAccessibleDescription(`${title.length} / ${NAME_MAX_LENGTH} characters`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Step 2: nothing is said about the file before she has tried.
  const origination = page.getByRole('textbox', { name: 'Origination Date', exact: true });
  await expect(origination).toBeVisible();
  await expect(page.getByText('Please choose a file to upload.', { exact: true })).toHaveCount(0);

  // An impossible date: the field says so, and Save takes her to it instead of dropping it.
  await origination.fill('2026-02-30');
  await expect(origination).toHaveAccessibleDescription('Enter a real date as year-month-day, e.g. 2026-03-31');
  await page.locator('input[type="file"]').setInputFiles({
    name: `${title}.docx`,
    mimeType: docxType,
    buffer: await docx(title, ['Visitors clean their hands when they enter and leave a room.']),
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(origination).toBeFocused();
  await expect(page).toHaveURL(/\/pnps\/new\/\d+$/);

  // Corrected, it is saved with the P&P, and the created message is on the new P&P's screen.
  await origination.fill('2026-02-27');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/pnp_documents\/\d+\/version_info\/preview$/);
  await expect(toastWithText(page, 'Record created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'General Info', exact: true }).click();
  await expect(page.getByText('Feb 27, 2026', { exact: true })).toBeVisible();
});

test('a refused file is explained under the File field, not in a passing toast', async ({ page, data }) => {
  const binder = await data.binder('Refused File', { owners: [DemoUsers.binderOwner] });
  await openAs(page, DemoUsers.binderOwner, `/orgs/:org/pnps/new/${binder.id}`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(data.name('Not a document'));
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Save without a file: now, and only now, the field asks for one.
  await expect(page.getByRole('textbox', { name: 'Origination Date', exact: true })).toBeVisible();
  await expect(page.getByText('Please choose a file to upload.', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const field = page.getByRole('button', { name: 'File', exact: true });
  await expect(field).toHaveAccessibleDescription(/Please choose a file to upload\./);

  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'policy.pdf', mimeType: 'application/pdf', buffer: exe });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = 'The file policy.pdf is not an accepted type. Accepted types: DOCX, DOC, PDF, XLSX, PPTX, TXT.';
  await expect(field).toHaveAccessibleDescription(new RegExp(refusal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(toastWithText(page, refusal)).toHaveCount(0);
  await expect(page).toHaveURL(/\/pnps\/new\/\d+$/);

  // Choosing another file clears the refusal.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'policy.docx',
    mimeType: docxType,
    buffer: await docx('Policy', ['A real document.']),
  });
  await expect(page.getByText(refusal, { exact: true })).toHaveCount(0);
});

test('renaming a P&P is bounded and checked in its General Info form', async ({ page, data }) => {
  const binder = await data.binder('Rename Checks', { owners: [DemoUsers.admin, DemoUsers.binderOwner] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Rename Me') });
  await openAs(
    page,
    DemoUsers.binderOwner,
    `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/pnp_info/general_info`,
  );
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('R'.repeat(NAME_MAX_LENGTH + 1));
  await expect(name).toHaveAccessibleDescription(new RegExp(`Name must be at most ${NAME_MAX_LENGTH} characters\\.`));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(name).toBeFocused();
  await name.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(name).toHaveAccessibleDescription(/Name is required\./);
  await name.fill(data.name('Renamed'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: data.name('Renamed'), exact: true })).toBeVisible();
});
