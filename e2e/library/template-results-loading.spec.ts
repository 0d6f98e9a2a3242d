import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

test('another template source: the results say they are loading until its templates come, not the old ones', async ({
  page,
}) => {
  // The provider's 'Fall Prevention Template' and the Joint Commission's 'Informed Consent Template'.
  await openAs(page, DemoUsers.admin, '/orgs/:org/template_library/results?phrase=Template');
  const area = page.getByTestId('template-results');
  const list = page.getByRole('list', { name: 'Templates', exact: true });
  const fall = list.getByRole('link', { name: 'Fall Prevention Template', exact: true });
  await expect(fall).toBeVisible();
  await expect(area).not.toHaveAttribute('aria-busy', 'true');

  // The Joint Commission's templates are held until the screen has been looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/content_navigator_library/search_pnp_template', async (route) => {
    if ((route.request().postDataJSON() as { source?: string }).source) await held;
    await route.continue();
  });
  await page
    .getByRole('radiogroup', { name: 'Template source', exact: true })
    .locator('label')
    .filter({ hasText: /^Joint Commission$/ })
    .click();

  await expect(area).toHaveAttribute('aria-busy', 'true');
  await expect(area.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  // The provider's template is not shown as if it were the Joint Commission's.
  await expect(fall).toHaveCount(0);

  release();
  await expect(list.getByRole('link', { name: 'Informed Consent Template', exact: true })).toBeVisible();
  await expect(area).not.toHaveAttribute('aria-busy', 'true');
  await expect(fall).toHaveCount(0);
});
