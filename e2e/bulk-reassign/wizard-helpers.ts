/** The reassignment wizard driven as an org admin does it, for the browser tests of its steps. */
import type { Page } from '@playwright/test';
import type { Candidate } from '../../shared/api/access';
import type { UserResponse } from '../../shared/api/users';
import { expect } from '../support/fixtures';
import type { TestData } from '../support/test-data';

/** A new active user of the demo organisation, made through the users API as the org admin. */
export async function newUser(data: TestData, first: string): Promise<Candidate> {
  const login = `${first.toLowerCase()}.${data.word.toLowerCase()}`;
  const { user } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: first, last_name: data.word, email: `${login}@example.com`, username: login },
  });
  return { type: 'User', id: user.id, name: `${first} ${data.word}`, email: user.email };
}

/** Through the wizard's first three steps: reassign the Owner role `from` holds on `owned` items to `to`. */
export async function upToItems(page: Page, from: Candidate, to: Candidate, owned = 1): Promise<void> {
  await page.getByRole('radio', { name: 'Reassign items', exact: true }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const fromBox = page.getByRole('combobox', { name: 'From (user or group)', exact: true });
  await fromBox.click();
  await fromBox.fill(from.name);
  await page.getByRole('option', { name: `${from.name} (User)`, exact: true }).click();
  const toBox = page.getByRole('combobox', { name: 'To (users or groups)', exact: true });
  await toBox.click();
  await toBox.fill(to.name);
  await page.getByRole('option', { name: `${to.name} (User)`, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('checkbox', { name: `Owner (${owned})`, exact: true }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** Through the wizard's first four steps: reassign the Owner role of `from` to `to`, every item chosen. */
export async function upToConfirmation(page: Page, from: Candidate, to: Candidate, binderName: string): Promise<void> {
  await upToItems(page, from, to);
  const items = page.getByRole('table', { name: 'Items', exact: true });
  await expect(items.getByRole('checkbox', { name: `Select ${binderName}`, exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}
