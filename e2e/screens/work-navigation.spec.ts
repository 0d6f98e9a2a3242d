import { expect, test, type Page } from '@playwright/test';
import type { WorkList } from '../../shared/api/pnp-documents';
import { TenetApi } from '../support/api';
import { DemoUsers } from '../support/users';
import { createBinder, createDraft, openAs, signInAdmin, uniqueName, workflow } from './screen-data';

// The working list (orgs/{orgId}/pnp_documents, 'waiting for me') is in the navigation of everyone
// who has work in it, and of those who may create P&Ps (issue 10).
test.use({ actionTimeout: 15_000 });

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation', exact: true });
const workLink = (page: Page) => mainNavigation(page).getByRole('link', { name: /^P&P Documents/ });

/** How many drafts wait for the page's user, as the server counts them. */
async function waitingFor(page: Page, orgId: number): Promise<number> {
  return (await new TenetApi(page.request).get<WorkList>(`o/${orgId}/pnp_documents?awaiting_me=true`)).total;
}

test('a reviewer finds the draft waiting for her from the navigation, with the count', async ({ page, baseURL }) => {
  const admin = await signInAdmin(baseURL!);
  const binderId = await createBinder(admin, uniqueName('Review Binder'), { reviewers: [DemoUsers.reviewer] });
  const name = uniqueName('Falls Prevention');
  const draft = await createDraft(admin, binderId, name, ['Assess every patient for fall risk.']);
  await workflow(admin.api, admin.orgId, draft, { action: 'submit' });
  await admin.dispose();

  const orgId = await openAs(page, DemoUsers.reviewer, '/orgs/:org/pnps');
  const count = await waitingFor(page, orgId);
  expect(count).toBeGreaterThan(0);
  await expect(workLink(page)).toHaveAccessibleName(`P&P Documents ${count} waiting for you`);
  await workLink(page).click();
  await expect(page).toHaveURL(new RegExp(`/orgs/${orgId}/pnp_documents$`));
  const list = page.getByRole('table', { name: 'P&P Documents', exact: true });
  await expect(list.getByRole('link', { name, exact: true })).toBeVisible();
});

test('those who may create P&Ps always have the working list; others only when work waits for them', async ({
  page,
}) => {
  await openAs(page, DemoUsers.policyOwner, '/orgs/:org/pnps');
  await expect(mainNavigation(page).getByRole('link', { name: 'Library', exact: true })).toBeVisible();
  await expect(workLink(page)).toBeVisible();

  const orgId = await openAs(page, DemoUsers.nurse, '/orgs/:org/pnps');
  await expect(mainNavigation(page).getByRole('link', { name: 'Library', exact: true })).toBeVisible();
  const waiting = await waitingFor(page, orgId);
  await expect(workLink(page)).toHaveCount(waiting > 0 ? 1 : 0);
});
