import { WORK_LIST_LIMIT, type WorkItem } from '../../shared/api/pnp-documents';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test('the P&P Documents list says when more drafts wait than it holds, on the list and in the navigation', async ({
  page,
}) => {
  // More than a thousand drafts is a server's answer this test cannot cheaply make, so the list's
  // request is answered here; the limit itself is documents.test.ts's on the server.
  const drafts: WorkItem[] = Array.from({ length: WORK_LIST_LIMIT }, (_, i) => ({
    id: 900_000 + i,
    pnp_id: 800_000 + i,
    pnp_name: `Imported Draft ${String(i).padStart(4, '0')}`,
    location: 'Imported',
    version_number: null,
    status: 1,
    status_label: 'Draft',
    draft_stage: 2,
    draft_stage_label: 'Authoring',
    approval_step: null,
    updated_at: '2026-11-20T10:00:00.000Z',
    my_task: 'Author',
  }));
  await page.route(
    (url) => /\/api\/o\/\d+\/pnp_documents$/.test(url.pathname),
    (route) => route.fulfill({ json: { pnp_documents: drafts, total: WORK_LIST_LIMIT, total_capped: true } }),
  );
  await openAs(page, DemoUsers.policyOwner, '/orgs/:org/pnp_documents');
  const list = page.getByRole('table', { name: 'P&P Documents', exact: true });
  await expect(list.locator('tbody tr')).toHaveCount(10);
  await expect(page.getByTestId('work-list-capped')).toHaveText(
    'More than 1,000 drafts wait: the 1,000 most recently updated are listed here.',
  );
  await expect(page.getByTestId('pagination-footer')).toContainText('Showing 1 - 10 of 1,000+ Documents');
  const workLink = page.getByRole('navigation').getByRole('link', { name: /^P&P Documents/ });
  await expect(workLink.getByTestId('nav-badge')).toHaveText('1,000+ waiting for you');
});
