import type { Page } from '@playwright/test';
import type { UserGroupList } from '../../shared/api/user-groups';
import type { TestData } from '../support/test-data';
import type { DemoUser } from '../support/users';

/** Picks a member in the Members field by typing their first name. */
export async function addMember(page: Page, user: DemoUser): Promise<void> {
  const members = page.getByRole('combobox', { name: 'Members', exact: true });
  await members.click();
  await members.fill(user.name.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(`^${user.name} \\(`) }).click();
  await page.keyboard.press('Escape');
}

/** Deletes the groups this test made, whatever step it reached. */
export async function removeOwnGroups(data: TestData): Promise<void> {
  const list = await data.api.get<UserGroupList>(data.o(`user_groups?search=${encodeURIComponent(data.word)}`));
  for (const group of list.user_groups)
    await data.api.send('DELETE', data.o(`user_groups/${group.id}`)).catch(() => undefined);
}
