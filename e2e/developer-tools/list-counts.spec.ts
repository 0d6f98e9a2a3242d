import { expect, test, type Page } from '@playwright/test';
import { pagerCountReach } from '../../shared/domain/pagination';
import { signIn } from '../support/auth';
import { DemoUsers } from '../support/users';

// Developer tools' Mail Outbox and Staff Activity count only as far as the pager reaches from the
// page shown (ADR 0023) and say when more matched (ADR 0025). A hundred and one e-mails or staff
// changes would make these tests slow: the server's count past its reach is the API tests'
// (mail-outbox.test.ts, staff-audit.test.ts); here the server's own answer has its count stopped
// at the reach of the page asked for, as the server answers it when more match. Its rows are left
// as they are (the demo's outbox may hold none): what is checked is the footer.
async function answerCountStoppedAtReach(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const asked = new URL(route.request().url()).searchParams;
      const perPage = Number(asked.get('per_page') ?? 10);
      const offset = (Number(asked.get('page') ?? 1) - 1) * perPage;
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        status: response.status(),
        json: {
          ...body,
          total: pagerCountReach({ offset, limit: perPage }, Number.MAX_SAFE_INTEGER),
          total_capped: true,
        },
      });
    },
  );
}

test('the mail outbox says when more messages match than it counted, and pages on past them', async ({ page }) => {
  await answerCountStoppedAtReach(page, '/api/hstm/mail_outbox');
  await signIn(page, DemoUsers.staff, '/hstm/developer_tools/mail_outbox');
  const footer = page.getByTestId('pagination-footer');
  await expect(footer.getByText('Showing 1 - 10 of 100+ Messages', { exact: true })).toBeVisible();
  await footer.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(footer.getByText('Showing 11 - 20 of 110+ Messages', { exact: true })).toBeVisible();
});

test('Staff Activity says when more actions match than it counted, and pages on past them', async ({ page }) => {
  await answerCountStoppedAtReach(page, '/api/hstm/staff_action_logs');
  await signIn(page, DemoUsers.staff, '/hstm/developer_tools/staff_activity');
  const footer = page.getByTestId('pagination-footer');
  await expect(footer.getByText('Showing 1 - 10 of 100+ Actions', { exact: true })).toBeVisible();
  await footer.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(footer.getByText('Showing 11 - 20 of 110+ Actions', { exact: true })).toBeVisible();
});
