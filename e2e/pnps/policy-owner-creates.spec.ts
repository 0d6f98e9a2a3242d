import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { docx, openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// Product rules: a policy owner creates P&Ps wherever they hold a role, Audience included. The
// new Draft is theirs: it opens for them, with them as its Owner, and the binder's people kept.
test('a policy owner who is only Audience in a binder creates a P&P there and owns it', async ({ page, data }) => {
  const binder = await data.binder('Readers Only', {
    owners: [DemoUsers.binderOwner],
    audience: [DemoUsers.policyOwner],
  });
  await openAs(page, DemoUsers.policyOwner, `/orgs/:org/pnps/new/${binder.id}`);
  const title = data.name('Visitor Badges');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: `${title}.docx`,
    mimeType: docxType,
    buffer: await docx(title, ['Visitors wear a badge at all times.']),
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page).toHaveURL(/\/pnp_documents\/\d+\/version_info\/preview$/);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await page.goto(page.url().replace(/version_info\/preview$/, 'pnp_info/assignments'));
  await expect(page.getByText('This P&P has its own participants.', { exact: true })).toBeVisible();
  const assignments = page.getByRole('table', { name: 'P&P Assignments', exact: true });
  const cell = (text: string) => page.getByRole('cell', { name: text, exact: true });
  const rowOf = (role: string, name: string) =>
    assignments.getByRole('row').filter({ has: cell(role) }).filter({ has: cell(name) });
  await expect(rowOf('Owner', DemoUsers.policyOwner.name)).toHaveCount(1);
  await expect(rowOf('Audience', DemoUsers.policyOwner.name)).toHaveCount(1);
  await expect(rowOf('Owner', DemoUsers.binderOwner.name)).toHaveCount(1);
});
