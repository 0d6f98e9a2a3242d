import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { holdAnswers } from '../support/hold';
import { openManage, panel, row, TALL_VIEWPORT } from './manage-helpers';

test.use({ viewport: TALL_VIEWPORT });

/** The picker's option of exactly this group (its name also holds the 'Group' icon's label). */
const option = (page: Page, picker: string, name: string): Locator =>
  page
    .getByRole('listbox', { name: picker, exact: true })
    .getByRole('option')
    .filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

test('a participant change waits for the one being saved, so a quick second change cannot put back what the first removed', async ({
  page,
  data,
}) => {
  const [leaving, joining] = await data.groups(2);
  if (!leaving || !joining) throw new Error('Two groups are needed.');
  const binder = await data.binder('Quick Edits');
  await openManage(page);
  await row(page, binder.name).click();
  const reviewers = panel(page).getByRole('region', { name: 'Reviewers', exact: true });
  await reviewers.getByLabel('Add to Reviewers').fill(leaving.name);
  await option(page, 'Add to Reviewers', leaving.name).click();
  await expect(reviewers.getByTestId('participant')).toHaveText([leaving.name]);

  // The removal is on its way: nothing else can be changed until it lands.
  const release = await holdAnswers(page, (url) => /\/access\/\d+$/.test(url.pathname));
  await reviewers.getByRole('button', { name: `Remove ${leaving.name} from Reviewers`, exact: true }).click();
  await expect(
    reviewers.getByRole('button', { name: `Remove ${leaving.name} from Reviewers`, exact: true }),
  ).toBeDisabled();
  await expect(reviewers.getByLabel('Add to Reviewers')).toHaveAttribute('readonly', '');
  release();
  await expect(reviewers.getByTestId('participant')).toHaveCount(0);

  await reviewers.getByLabel('Add to Reviewers').fill(joining.name);
  await option(page, 'Add to Reviewers', joining.name).click();
  await expect(reviewers.getByTestId('participant')).toHaveText([joining.name]);
});
