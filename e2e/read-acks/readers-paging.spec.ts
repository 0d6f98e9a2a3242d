import type { Page } from '@playwright/test';
import type { ReadAckResponse } from '../../shared/api/read-acks';
import type { Candidate } from '../../shared/api/access';
import type { UserResponse } from '../../shared/api/users';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import type { TestData } from '../support/test-data';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A new active user of the demo organisation, named `first` and the test's word. */
async function newUser(data: TestData, first: string): Promise<Candidate> {
  const login = `${first.toLowerCase()}.${data.word.toLowerCase()}`;
  const { user } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: first, last_name: data.word, email: `${login}@example.com`, username: login },
  });
  return { type: 'User', id: user.id, name: `${first} ${data.word}`, email: user.email };
}

/** The names in the readers table's body, in order. */
const readerNames = (page: Page, ackName: string) =>
  page
    .getByRole('article', { name: ackName, exact: true })
    .getByRole('table', { name: `Readers of ${ackName}`, exact: true })
    .getByRole('rowgroup')
    .nth(1)
    .getByRole('row');

const FIRST_NAMES = ['Abel', 'Bruno', 'Clara', 'Dora', 'Emil', 'Freya', 'Gus', 'Hana', 'Ivo', 'Jana', 'Kai', 'Lotte'];

test('a read acknowledgement of many readers pages and sorts its readers, and closes once they have all left', async ({
  page,
  data,
}) => {
  test.setTimeout(180_000);
  const users: Candidate[] = [];
  try {
    for (const first of FIRST_NAMES) users.push(await newUser(data, first));
    const binder = await data.binder('Many Readers', { owners: [DemoUsers.admin], audience: users });
    const pnp = await data.pnp({ containerId: binder.id, name: data.name('Isolation Precautions'), publish: true });
    const ackName = data.name('Unit Read');
    const { read_acknowledgement: ack } = await data.api.post<ReadAckResponse>(
      data.o(`pnps/${pnp.id}/read_acknowledgements`),
      {
        read_acknowledgement: { name: ackName, due_date: inDays(14), user_ids: users.map((u) => u.id), group_ids: [] },
      },
    );

    const documentBase = `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}`;
    await openAs(page, DemoUsers.admin, `${documentBase}/active_readack`);
    const card = page.getByRole('article', { name: ackName, exact: true });
    await expect(card.getByTestId('readack-completion')).toHaveText('0 of 12 readers acknowledged');
    const footer = card.getByTestId('pagination-footer');
    const pager = card.getByRole('navigation', { name: `Pages of the readers of ${ackName}`, exact: true });
    // Named by its card: the page's other pagers are not mistaken for it.
    await expect(page.getByRole('navigation', { name: `Pages of the readers of ${ackName}`, exact: true })).toHaveCount(
      1,
    );
    const rows = readerNames(page, ackName);
    await expect(footer).toContainText('Showing 1 - 10 of 12 Readers');
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText(`Abel ${data.word}`);

    // The card came with its first ten readers: the server sends the next page.
    const nextPage = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.endsWith(`/read_acknowledgements/${ack.id}/readers`) &&
        new URL(response.url()).searchParams.get('page') === '2' &&
        response.ok(),
    );
    await pager.getByRole('button', { name: 'Next', exact: true }).click();
    await nextPage;
    await expect(footer).toContainText('Showing 11 - 12 of 12 Readers');
    await expect(rows).toHaveCount(2);
    await expect(rows.last()).toContainText(`Lotte ${data.word}`);

    // Sorted by name, then the other way: back on the first page, Lotte first.
    const byReader = card.getByRole('button', { name: 'Reader', exact: true });
    await byReader.click();
    await byReader.click();
    await expect(card.getByRole('columnheader', { name: 'Reader', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(footer).toContainText('Showing 1 - 10 of 12 Readers');
    await expect(rows.first()).toContainText(`Lotte ${data.word}`);
    await expect(rows.last()).toContainText(`Clara ${data.word}`);

    // Every reader leaves before acknowledging: nobody is left to ask, so it is Closed.
    for (const user of users.splice(0)) await data.api.send('DELETE', data.o(`users/${user.id}`));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Active Read Acknowledgements', exact: true })).toBeVisible();
    await expect(page.getByTestId('no-records')).toContainText('No Read Acknowledgements to show');
    await page.getByRole('link', { name: 'Closed', exact: true }).click();
    const closed = page.getByRole('article', { name: ackName, exact: true });
    await expect(closed.getByTestId('readack-completion')).toHaveText('0 of 0 readers acknowledged');
    await expect(closed.getByTestId('no-records')).toContainText('No Readers to show');
  } finally {
    for (const user of users) await data.api.send('DELETE', data.o(`users/${user.id}`)).catch(() => undefined);
  }
});

test('the read acknowledgements of a P&P are shown ten at a time, newest first', async ({ page, data }) => {
  test.setTimeout(180_000);
  const reader = await newUser(data, 'Mira');
  try {
    const binder = await data.binder('Many Requests', { owners: [DemoUsers.admin], audience: [reader] });
    const pnp = await data.pnp({ containerId: binder.id, name: data.name('Hand Off Report'), publish: true });
    const names = Array.from({ length: 11 }, (_, i) => data.name(`Read ${String(i + 1).padStart(2, '0')}`));
    for (const name of names) {
      await data.api.post<ReadAckResponse>(data.o(`pnps/${pnp.id}/read_acknowledgements`), {
        read_acknowledgement: { name, due_date: inDays(14), user_ids: [reader.id], group_ids: [] },
      });
    }

    await openAs(page, DemoUsers.admin, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/active_readack`);
    const cards = page.getByRole('article');
    const footer = page.getByTestId('pagination-footer').filter({ hasText: 'Read Acknowledgements' });
    await expect(footer).toContainText('Showing 1 - 10 of 11 Read Acknowledgements');
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toHaveAccessibleName(names[10]!);
    await footer.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(footer).toContainText('Showing 11 - 11 of 11 Read Acknowledgements');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAccessibleName(names[0]!);
  } finally {
    await data.api.send('DELETE', data.o(`users/${reader.id}`)).catch(() => undefined);
  }
});
