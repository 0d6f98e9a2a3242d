import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { clickAction, expectStage, openAs } from './pnp-helpers';

test.use({ actionTimeout: 15_000 });

test('a reviewer who accepts a draft on its page no longer finds the review in Tasks', async ({ page, data }) => {
  const binder = await data.binder('Review Done', { owners: [DemoUsers.admin], reviewers: [DemoUsers.reviewer] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Reviewed Policy') });
  await data.api.post(data.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`), { action: 'submit' });

  await openAs(page, DemoUsers.reviewer, '/orgs/:org/tasks');
  const tasks = page.getByRole('table', { name: 'Tasks', exact: true });
  const review = tasks.getByRole('link', { name: pnp.name, exact: true });
  await review.click();
  await expectStage(page, 'Draft in Reviewing');
  await clickAction(page, 'Accept');
  await expectStage(page, 'Draft in Publishing');

  // Back to Tasks at once: the review is done, so it is not offered any more. (The link's name
  // carries the open-task count.)
  await page
    .getByRole('navigation', { name: 'Main navigation', exact: true })
    .getByRole('link', { name: /^Tasks/ })
    .click();
  // The list as the screen first draws it (from what was loaded before), then as it is now.
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true, level: 1 })).toBeVisible();
  await expect(tasks.getByRole('link', { name: pnp.name, exact: true })).toHaveCount(0);
});
