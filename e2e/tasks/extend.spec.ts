import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const DAY_MS = 86_400_000;
const isoDay = (offsetDays: number, from = Date.now()): string =>
  new Date(from + offsetDays * DAY_MS).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** yyyy-mm-dd as the screens show it (spec: 'MMM dd, yyyy'). */
const shown = (iso: string): string => {
  const [year, month, day] = iso.split('-');
  return `${MONTHS[Number(month) - 1]} ${day}, ${year}`;
};
/** The same calendar day a year later (the review cycle of one year). */
const nextYear = (iso: string): string => `${Number(iso.slice(0, 4)) + 1}${iso.slice(4)}`;

test("an owner answers 'Start Review or Extend' with Extend and the dates move on by the review cycle", async ({
  page,
  baseURL,
  data,
}) => {
  const binder = await data.binder('Review Due', { owners: [DemoUsers.admin] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Oxygen Cylinder Storage') });
  const api = await TenetApi.signedIn(baseURL!, DemoUsers.admin);
  const review = isoDay(30);
  let orgId = 0;
  try {
    orgId = (await api.get<{ org: { id: number } }>('sessions')).org.id;
    const workflow = `o/${orgId}/pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`;
    await api.post(workflow, { action: 'submit' });
    // Published with its reminder date already reached: the owner's reminder is due today.
    await api.post(workflow, {
      action: 'publish',
      effective_dt: isoDay(-1),
      review_cycle_years: 1,
      reminder_days: 30,
      review_dt: review,
      reminder_dt: isoDay(-1),
    });
  } finally {
    await api.dispose();
  }

  await openAs(page, DemoUsers.admin, '/orgs/:org/tasks?kind=PendingRevision');
  const row = page
    .getByRole('table', { name: 'Tasks', exact: true })
    .getByRole('row')
    .filter({ hasText: pnp.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText('Start Review or Extend');
  await row.getByRole('button', { name: `Extend: ${pnp.name}`, exact: true }).click();

  const newReview = nextYear(review);
  const newReminder = isoDay(-30, Date.parse(`${newReview}T00:00:00Z`));
  const dialog = page.getByRole('dialog', { name: 'Extend' });
  await expect(dialog).toContainText(`Mark ${pnp.name} as reviewed with no changes?`);
  await expect(dialog).toContainText(`Review Date: ${shown(review)} → ${shown(newReview)}`);
  await expect(dialog).toContainText(`Reminder Date: ${shown(isoDay(-1))} → ${shown(newReminder)}`);
  await dialog.getByRole('button', { name: 'Extend', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  // The version now carries the dates the dialog promised.
  await page.goto(`/orgs/${orgId}/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/summary`);
  const main = page.getByRole('main');
  await expect(main.getByText('Review Date', { exact: true })).toBeVisible();
  await expect(main.getByText(shown(newReview), { exact: true })).toBeVisible();
});
