import type { TaskList } from '../../shared/api/tasks';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('Next pressed with the keyboard: once the next page of tasks is drawn, the keyboard is on the pager again', async ({
  page,
  data,
}) => {
  test.setTimeout(180_000);
  // The admin, the only owner, submits eleven drafts: more than a page of Publish tasks.
  const binder = await data.binder('Pager Focus', { owners: [DemoUsers.admin] });
  for (let n = 1; n <= 11; n += 1) {
    const pnp = await data.pnp({ containerId: binder.id, name: data.name(`Pager Focus ${n}`) });
    await data.api.post(data.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`), { action: 'submit' });
  }
  const { total } = await data.api.get<TaskList>(data.o('tasks?kind=Publish&status=1&page=1&per_page=10'));
  expect(total).toBeGreaterThan(10);

  await openAs(page, DemoUsers.admin, '/orgs/:org/tasks?kind=Publish');
  const table = page.getByRole('table', { name: 'Tasks', exact: true });
  await expect(page.getByText(/^Showing 1 - 10 of \d+ Tasks$/)).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');

  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await pager.getByRole('button', { name: 'Next', exact: true }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByText(/^Showing 11 - \d+ of \d+ Tasks$/)).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  // Next again where there is a third page, else the current page's button (Next is disabled).
  await expect(
    total > 20
      ? pager.getByRole('button', { name: 'Next', exact: true })
      : pager.getByRole('button', { name: 'Page 2', exact: true }),
  ).toBeFocused();
});
