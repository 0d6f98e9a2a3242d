import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'MMM dd, yyyy', as the screens show dates. */
const shown = (iso: string): string => {
  const [year, month, day] = iso.split('-');
  return `${MONTHS[Number(month) - 1]} ${day}, ${year}`;
};

test('for a P&P that takes effect later, the wizard offers no due date before its Effective Date', async ({
  page,
  data,
}) => {
  const binder = await data.binder('Scheduled Read', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Ventilator Bundle') });
  const effective = inDays(10);
  const workflow = data.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`);
  await data.api.post(workflow, { action: 'submit' });
  await data.api.post(workflow, {
    action: 'publish',
    effective_dt: effective,
    review_cycle_years: 1,
    reminder_days: 30,
  });

  await openAs(page, DemoUsers.admin, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/readack_new`);
  await expect(page.getByRole('heading', { name: 'New Read Acknowledgement', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(data.name('Ward Read'));
  const due = page.getByRole('textbox', { name: 'Due Date', exact: true });
  await expect(page.getByText(`Readers can open this P&P from its Effective Date, ${shown(effective)}.`)).toBeVisible();
  const next = page.getByRole('button', { name: 'Next', exact: true });
  const readers = page.getByRole('combobox', { name: 'Readers', exact: true });

  await due.fill(inDays(9));
  await next.click();
  await expect(page.getByText(`The date must be on or after ${shown(effective)}`, { exact: true })).toBeVisible();
  await expect(readers).toHaveCount(0);
  await expect(due).toBeFocused();

  await due.fill(effective);
  await next.click();
  await expect(readers).toBeVisible();
});
