import type { UserGroupResponse } from '../../shared/api/user-groups';
import type { UserResponse } from '../../shared/api/users';
import { seriousViolations } from '../support/axe';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import type { TestData } from '../support/test-data';
import { DemoUsers } from '../support/users';
import { readerLabel } from './reader-label';

test.use({ actionTimeout: 15_000 });

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A new active user of the demo organisation named `first` and the test's word, made by the org admin. */
async function newUser(data: TestData, first: string, login: string) {
  const { user } = await data.api.post<UserResponse>(data.o('users'), {
    user: { first_name: first, last_name: `Twin${data.word}`, email: `${login}@example.com`, username: login },
  });
  return { type: 'User' as const, id: user.id, name: `${first} Twin${data.word}`, email: user.email };
}

test('the readers picker names each person with their e-mail and offers only who can see the P&P; the one chosen gets the task', async ({
  page,
  data,
}) => {
  test.setTimeout(180_000);
  // Two people of the same name: one is in the binder's audience, the other has no role there.
  const seeing = await newUser(data, 'Dana', `dana.sees.${data.word}`);
  const blind = await newUser(data, 'Dana', `dana.blind.${data.word}`);
  const binder = await data.binder('Reader Sight', {
    owners: [DemoUsers.admin, DemoUsers.policyOwner],
    audience: [DemoUsers.nurse, seeing],
  });
  const pnp = await data.pnp({ containerId: binder.id, name: data.name('Blood Transfusion'), publish: true });
  const groupName = data.name('Night Ward');
  await data.api.post<UserGroupResponse>(data.o('user_groups'), {
    group: { name: groupName, description: '', member_ids: [await data.userId(DemoUsers.nurse), blind.id] },
  });
  const ackName = data.name('Transfusion Read');

  await openAs(page, DemoUsers.policyOwner, `/orgs/:org/pnps/${pnp.id}/pnp_documents/${pnp.documentId}/readack_new`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(ackName);
  await page.getByRole('textbox', { name: 'Due Date', exact: true }).fill(inDays(14));
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  const readers = page.getByRole('combobox', { name: 'Readers', exact: true });
  await readers.click();
  await readers.fill('Dana');
  // The e-mail tells the two apart; the one who cannot see the P&P is there, disabled, with the reason.
  const seeingOption = page.getByRole('option', { name: `${seeing.name} (${seeing.email})`, exact: true });
  const blindOption = page.getByRole('option', {
    name: `${blind.name} (${blind.email}) — Cannot see this P&P`,
    exact: true,
  });
  await expect(seeingOption).toBeEnabled();
  await expect(blindOption).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await seeingOption.click();
  await readers.fill('Nora');
  await page.getByRole('option', { name: readerLabel(DemoUsers.nurse), exact: true }).click();
  await readers.fill(groupName);
  await page.getByRole('option', { name: `${groupName} (Group) — 2 members`, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  const chosen = page.getByRole('list', { name: 'Chosen readers', exact: true }).getByRole('listitem');
  await expect(chosen).toHaveText([
    `${seeing.name} (${seeing.email})`,
    readerLabel(DemoUsers.nurse),
    `${groupName} (Group)`,
  ]);
  await expect(page.getByRole('list', { name: 'About the chosen readers', exact: true })).toContainText(
    'Members of the chosen groups who cannot see this P&P are not asked',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  // The two who can see it are readers; the group's member who cannot is listed as not asked.
  const card = page.getByRole('article', { name: ackName, exact: true });
  await expect(card.getByTestId('readack-completion')).toHaveText('0 of 2 readers acknowledged');
  const table = card.getByRole('table', { name: `Readers of ${ackName}`, exact: true });
  await expect(table.getByRole('row', { name: new RegExp(seeing.email.replace(/\./g, '\\.')) })).toContainText(
    `${seeing.name} (${seeing.email})`,
  );
  await expect(table.getByRole('row', { name: /Nora Nurse/ })).toContainText(readerLabel(DemoUsers.nurse));
  await expect(table).not.toContainText(blind.email);
  const notAsked = card.getByRole('table', { name: `Group members not asked to read ${ackName}`, exact: true });
  await expect(notAsked.getByRole('row', { name: new RegExp(blind.email.replace(/\./g, '\\.')) })).toContainText(
    'Cannot see this P&P',
  );
  expect(await seriousViolations(page)).toEqual([]);

  // The nurse has the task, and opens the P&P from it, where the request waits for her.
  await openAs(page, DemoUsers.nurse, '/orgs/:org/tasks?kind=Acknowledge');
  await page.getByRole('link', { name: `Open Document: ${pnp.name}`, exact: true }).click();
  await expect(page.getByRole('alert', { name: 'Read acknowledgement requested', exact: true })).toContainText(ackName);
});
