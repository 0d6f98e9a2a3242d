import type { Locator, Page } from '@playwright/test';
import type { Participants } from '../../shared/api/access';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { expand, openManage, panel, row, TALL_VIEWPORT } from './manage-helpers';

// Two people on the same participants: each change sends the participants as its page read them, so
// one made from a page someone else has saved over since is refused (409) instead of silently
// taking their change back; the page says so and shows the participants as they are now.
test.use({ viewport: TALL_VIEWPORT });

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The picker's option of exactly this group (its name also holds the 'Group' icon's label). */
const option = (page: Page, picker: string, name: string): Locator =>
  page
    .getByRole('listbox', { name: picker, exact: true })
    .getByRole('option')
    .filter({ hasText: new RegExp(`^${escapeRegExp(name)}$`) });

/** Opens the folder's participants on the manage screen and returns its Reviewers list. */
async function openReviewers(page: Page, binder: string, folder: string): Promise<Locator> {
  await expand(page, binder);
  await row(page, folder).click();
  return panel(page).getByRole('region', { name: 'Reviewers', exact: true });
}

test('a participant change from a page someone else has saved over since is refused, said on the screen, and the participants reloaded', async ({
  page,
  browser,
  baseURL,
  data,
}) => {
  const [theirs, mine] = await data.groups(2);
  if (!theirs || !mine) throw new Error('Two groups are needed.');
  const owners = { owners: [DemoUsers.admin, DemoUsers.binderOwner] };
  const binder = await data.binder('Shared Access', owners);
  const folder = await data.folder(binder.id, 'Shared Access Folder', owners);

  // The org admin opens the folder's participants: nobody reviews there yet.
  await openManage(page);
  const reviewers = await openReviewers(page, binder.name, folder.name);
  await expect(reviewers.getByText('Nobody', { exact: true })).toBeVisible();

  // Meanwhile Bea, the binder's owner, adds a group as Reviewer from a browser of her own.
  const hers = await browser.newContext({ baseURL, viewport: TALL_VIEWPORT });
  try {
    const bea = await hers.newPage();
    await openManage(bea, DemoUsers.binderOwner);
    const beaReviewers = await openReviewers(bea, binder.name, folder.name);
    await beaReviewers.getByLabel('Add to Reviewers').fill(theirs.name);
    await option(bea, 'Add to Reviewers', theirs.name).click();
    await expect(beaReviewers.getByTestId('participant')).toHaveText([theirs.name]);
  } finally {
    await hers.close();
  }

  // The admin's page still shows what it read; their change from it is refused and said there.
  await expect(reviewers.getByTestId('participant')).toHaveCount(0);
  await reviewers.getByLabel('Add to Reviewers').fill(mine.name);
  await option(page, 'Add to Reviewers', mine.name).click();
  const notice = panel(page).getByRole('alert').filter({ hasText: 'Your change was not saved' });
  await expect(notice).toContainText('Someone else changed these participants since you opened them.');
  // The participants are shown again as they are now: Bea's group, not the admin's.
  await expect(reviewers.getByTestId('participant')).toHaveText([theirs.name]);
  const saved = await data.api.get<Participants>(
    data.o(`access/fetch_participants?object_type=2&object_id=${folder.id}`),
  );
  expect(saved.participants.reviewers.map((p) => p.name)).toEqual([theirs.name]);

  // Made again from the reloaded participants, the change is saved beside Bea's.
  await reviewers.getByLabel('Add to Reviewers').fill(mine.name);
  await option(page, 'Add to Reviewers', mine.name).click();
  await expect(reviewers.getByTestId('participant')).toHaveCount(2);
  for (const group of [theirs, mine]) {
    const exactly = new RegExp(`^${escapeRegExp(group.name)}$`);
    await expect(reviewers.getByTestId('participant').filter({ hasText: exactly })).toHaveCount(1);
  }
  await expect(notice).toHaveCount(0);
});
