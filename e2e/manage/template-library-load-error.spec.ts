import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

// A template library that could not be loaded says so, with a way to ask again: it said 'No
// Templates to show', as if the organisation had none.
test.use({ actionTimeout: 15_000 });

const templatesRequest = /\/api\/o\/\d+\/pnp_templates(\?.*)?$/;
const searchRequest = /\/api\/o\/\d+\/content_navigator_library\/search_pnp_template$/;

test('the Template Library says its templates could not be loaded, and Try again lists them', async ({ page }) => {
  await page.route(templatesRequest, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [] }) }),
  );
  await openAs(page, DemoUsers.admin, '/orgs/:org/template_library');

  const main = page.getByRole('main');
  const failure = main.getByRole('alert').filter({ hasText: 'The templates could not be loaded' });
  await expect(failure).toBeVisible();
  await expect(main.getByRole('heading', { name: 'No Templates to show', exact: true })).toHaveCount(0);

  // The server answers again: the same screen lists the templates.
  await page.unroute(templatesRequest);
  await failure.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(
    page
      .getByRole('list', { name: 'Templates', exact: true })
      .getByRole('link', { name: 'Fall Prevention Template', exact: true }),
  ).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('a template search that could not be made says so instead of finding nothing', async ({ page }) => {
  // The connection drops: no answer at all, so nothing else has told the user.
  await page.route(searchRequest, (route) => route.abort('failed'));
  await openAs(page, DemoUsers.admin, '/orgs/:org/template_library/results?phrase=universal%20precautions');

  const main = page.getByRole('main');
  const failure = main.getByRole('alert').filter({ hasText: 'The templates could not be loaded' });
  await expect(failure).toContainText('An unexpected error has occurred. Please try again later.');
  await expect(main.getByRole('heading', { name: 'No Templates to show', exact: true })).toHaveCount(0);
  await expect(failure.getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
});
