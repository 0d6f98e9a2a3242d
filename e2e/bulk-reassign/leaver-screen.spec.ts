import type { UserGroupResponse } from '../../shared/api/user-groups';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import { removeOwnGroups } from '../user-groups/group-helpers';
import { newUser } from './wizard-helpers';

test.use({ actionTimeout: 15_000 });

test('the leaver screen says it is loading until it knows who is leaving', async ({ page, data }) => {
  const leaver = await newUser(data, 'Slowleaver');
  // The leaver's summary is held until the screen has been looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/o/*/user_bulk_assign/leaver/${leaver.id}`, async (route) => {
    await held;
    await route.continue();
  });
  await openAs(page, DemoUsers.admin, `/orgs/:org/users/leaving/${leaver.id}`);

  // The screen itself (not the app's start-up screen): its title, and its indicator under it.
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'A user is leaving', exact: true })).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: 'Loading Records...' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: `${leaver.name} is leaving`, exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Hand over to (users or groups)', exact: true })).toBeVisible();
  await expect(page.getByText('Loading Records...', { exact: true })).toHaveCount(0);
});

test('who the admin chose to take over stays chosen when the screen refreshes its data', async ({ page, data }) => {
  const leaver = await newUser(data, 'Stayleaver');
  const colleague = await newUser(data, 'Colleague');
  const successor = await newUser(data, 'Chosen');
  try {
    // Their group's other member is proposed; the admin puts someone else in their place.
    await data.api.post<UserGroupResponse>(data.o('user_groups'), {
      group: { name: data.name('Leaver Shift'), description: '', member_ids: [leaver.id, colleague.id] },
    });
    // The page clock lets the screen's data grow old without the test waiting for it.
    await page.clock.install();
    await openAs(page, DemoUsers.admin, `/orgs/:org/users/leaving/${leaver.id}`);
    await expect(page.getByRole('heading', { name: `${leaver.name} is leaving`, exact: true })).toBeVisible();
    const handOver = page.getByRole('combobox', { name: 'Hand over to (users or groups)', exact: true });
    // The proposal, shown as the field's only chosen person; Backspace takes it out.
    // (Its pill is in the screen; the field's list of options, kept hidden, is outside it.)
    const main = page.getByRole('main');
    await expect(main.getByText(`${colleague.name} (User)`, { exact: true })).toBeVisible();
    await handOver.click();
    await handOver.press('Backspace');
    await expect(main.getByText(`${colleague.name} (User)`, { exact: true })).toHaveCount(0);
    await handOver.fill(successor.name);
    await page.getByRole('option', { name: `${successor.name} (User)`, exact: true }).click();
    await page.keyboard.press('Escape');

    // Meanwhile the leaver is made author of another binder; the connection drops and comes back
    // after the data went stale, and the screen refetches it: the new binder is listed.
    const binder = await data.binder('Later Binder', { owners: [DemoUsers.admin], authors: [leaver] });
    await page.clock.fastForward('00:40');
    await page.evaluate(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    const items = page.getByRole('table', { name: 'Items', exact: true });
    await expect(items.getByRole('row').filter({ hasText: binder.name })).toContainText('Author');

    // The admin's choice is still the one handed over to, not the proposal.
    await page.getByRole('button', { name: 'Hand over and deactivate', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Hand over and deactivate', exact: true });
    await expect(ask).toContainText(`to ${successor.name} (User), and deactivate ${leaver.name}?`);
    await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(ask).toHaveCount(0);
  } finally {
    await removeOwnGroups(data);
  }
});

test('a leaver screen that cannot be loaded says so and loads again on Try again', async ({ page, data }) => {
  const leaver = await newUser(data, 'Failleaver');
  // The first answer about the leaver fails as a server fault would; the next goes through.
  let failures = 0;
  await page.route(`**/api/o/*/user_bulk_assign/leaver/${leaver.id}`, async (route) => {
    if (failures === 0) {
      failures += 1;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[]}' });
      return;
    }
    await route.continue();
  });
  await openAs(page, DemoUsers.admin, `/orgs/:org/users/leaving/${leaver.id}`);

  const main = page.getByRole('main');
  const failed = main.getByRole('alert').filter({ hasText: 'What this user holds could not be listed' });
  await expect(failed).toBeVisible();
  await expect(main.getByRole('combobox', { name: 'Hand over to (users or groups)', exact: true })).toHaveCount(0);
  await failed.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(main.getByRole('heading', { name: `${leaver.name} is leaving`, exact: true })).toBeVisible();
  await expect(main.getByRole('combobox', { name: 'Hand over to (users or groups)', exact: true })).toBeVisible();
  await expect(failed).toHaveCount(0);
});
