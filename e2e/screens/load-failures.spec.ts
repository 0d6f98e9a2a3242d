import type { Page, Request, Route } from '@playwright/test';
import { Messages } from '../../shared/domain/messages';
import type { TemplateList } from '../../shared/api/templates';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import type { TestData } from '../support/test-data';
import { DemoUsers } from '../support/users';

// A screen whose data fails to load says so in place, with Try again, rather than staying blank or
// looking empty (a 500's toast goes after 5 s; a network failure has none at all).

test.use({ actionTimeout: 15_000 });

type Matcher = (url: URL) => boolean;

/**
 * Answers the GETs that `match` picks as a server fault would (or, with `abort`, as a network that
 * is down), until the returned function takes the route away again.
 */
async function failGets(
  page: Page,
  match: Matcher,
  how: 'server' | 'network' = 'server',
): Promise<() => Promise<void>> {
  const handler = async (route: Route, request: Request): Promise<void> => {
    if (request.method() !== 'GET') {
      await route.fallback();
      return;
    }
    if (how === 'network') await route.abort('failed');
    else await route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[]}' });
  };
  await page.route(match, handler);
  return () => page.unroute(match, handler);
}

/** A draft the reviewer was told to review: a notification of this test's own, newest of all. */
async function reviewNotification(data: TestData): Promise<string> {
  const binder = await data.binder('Load Failure', { owners: [DemoUsers.admin], reviewers: [DemoUsers.reviewer] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Falls Prevention') });
  await data.api.post(data.o(`pnp_documents/${pnp.documentId}/workflow?pnp_id=${pnp.id}`), { action: 'submit' });
  return `Review '${pnp.name}'`;
}

test('the reading page that cannot be loaded says so, and shows the P&P on Try again', async ({ page, data }) => {
  const binder = await data.binder('Reading Failure', { owners: [DemoUsers.admin], audience: [DemoUsers.nurse] });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Sharps Disposal'), publish: true });
  const restore = await failGets(page, (url) => url.pathname === `/api/o/${data.orgId}/library/${pnp.id}`);
  await openAs(page, DemoUsers.nurse, `/orgs/:org/pnps/${pnp.id}/library/${pnp.documentId}`);

  const failed = page.getByRole('alert', { name: 'The P&P could not be loaded', exact: true });
  await expect(failed).toBeVisible();
  const tryAgain = failed.getByRole('button', { name: 'Try again', exact: true });
  await expect(tryAgain).toBeVisible();

  await restore();
  await tryAgain.click();
  await expect(page.getByRole('heading', { level: 1, name: pnp.name, exact: true })).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('a manage tree that cannot be loaded says so, not that there are no binders', async ({ page, data }) => {
  const binder = await data.binder('Tree Failure');
  const restore = await failGets(page, (url) => url.pathname === `/api/o/${data.orgId}/containers`);
  await openAs(page, DemoUsers.admin, '/orgs/:org/manage');

  const failed = page.getByRole('alert', { name: 'The binders and folders could not be loaded', exact: true });
  await expect(failed).toBeVisible();
  const tryAgain = failed.getByRole('button', { name: 'Try again', exact: true });
  await expect(tryAgain).toBeVisible();
  await expect(page.getByText('There are no binders you can see yet.', { exact: true })).toHaveCount(0);

  await restore();
  await tryAgain.click();
  await expect(page.getByRole('treeitem', { name: binder.name, exact: true })).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('a bell whose notifications cannot be reached says so, not that there are none', async ({ page, data }) => {
  const message = await reviewNotification(data);
  // The network is down: the client passes the failure through with no toast, so only the bell can say it.
  const restore = await failGets(page, (url) => url.pathname === '/api/self/notifications', 'network');
  await openAs(page, DemoUsers.reviewer, '/orgs/:org/pnps');
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();

  const failed = page.getByRole('alert', { name: 'Your notifications could not be loaded', exact: true });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText(Messages.unexpectedError);
  const tryAgain = failed.getByRole('button', { name: 'Try again', exact: true });
  await expect(tryAgain).toBeVisible();
  await expect(page.getByText('You have no notifications.', { exact: true })).toHaveCount(0);

  await restore();
  await tryAgain.click();
  await expect(page.getByRole('list', { name: 'Latest notifications', exact: true })).toContainText(message);
  await expect(failed).toHaveCount(0);
});

test('a template that cannot be loaded says so, and shows the template on Try again', async ({ page }) => {
  const orgId = await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps');
  const { templates } = await new TenetApi(page.request).get<TemplateList>(`o/${orgId}/pnp_templates`);
  const template = templates[0];
  expect(template, 'the organisation has a template').toBeDefined();
  const restore = await failGets(page, (url) => url.pathname === `/api/o/${orgId}/pnp_templates/${template!.id}`);
  await page.goto(`/orgs/${orgId}/template_library/${template!.id}`);

  const failed = page.getByRole('alert', { name: 'The template could not be loaded', exact: true });
  await expect(failed).toBeVisible();
  const tryAgain = failed.getByRole('button', { name: 'Try again', exact: true });
  await expect(tryAgain).toBeVisible();

  await restore();
  await tryAgain.click();
  await expect(page.getByRole('heading', { level: 1, name: template!.name, exact: true })).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('a double click on Delete sends one DELETE and stays on the notifications', async ({ page, data }) => {
  const message = await reviewNotification(data);
  const orgId = await openAs(page, DemoUsers.reviewer, '/orgs/:org/notifications');
  const table = page.getByRole('table', { name: 'Notifications', exact: true });
  const remove = table.getByRole('button', { name: `Delete: ${message}`, exact: true });
  await expect(remove).toBeVisible();

  // The first DELETE is held until the test lets it through: the second click comes while it is in flight.
  const deletes: string[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => /^\/api\/self\/notifications\/\d+$/.test(url.pathname),
    async (route, request) => {
      if (request.method() !== 'DELETE') {
        await route.fallback();
        return;
      }
      deletes.push(request.url());
      await held;
      await route.continue();
    },
  );
  await remove.dblclick();
  await expect.poll(() => deletes.length).toBe(1);
  // The row's actions say that its request is on its way.
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(table.getByRole('button', { name: `Mark as read: ${message}`, exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  release();
  await expect(remove).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/notifications$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByTestId('error-page')).toHaveCount(0);
  expect(deletes).toHaveLength(1);
});
