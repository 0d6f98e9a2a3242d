import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

test.use({ actionTimeout: 15_000 });

const pad = (n: number): string => String(n).padStart(2, '0');
/** A datetime-local value in the browser's time zone (the test and the browser share the machine). */
const localInput = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

test('an away window set for later opens in the form as it is, so Change Away keeps what was not changed', async ({
  page,
  baseURL,
}) => {
  // The reviewer will be away from tomorrow for ten days (nothing routes before then), tasks to Nora.
  const startsAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  startsAt.setSeconds(0, 0);
  const endsAt = new Date(startsAt.getTime() + 10 * 24 * 60 * 60 * 1000);
  const api = await TenetApi.signedIn(baseURL!, DemoUsers.reviewer);
  try {
    const { candidates } = await api.get<{ candidates: Array<{ id: number; name: string }> }>(
      `self/delegation/candidates?q=${encodeURIComponent(DemoUsers.nurse.name)}`,
    );
    const nurse = candidates.find((c) => c.name === DemoUsers.nurse.name)!;
    await api.send('PUT', 'self/delegation', {
      delegation: { delegate_id: nurse.id, starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString() },
    });

    await openAs(page, DemoUsers.reviewer, '/orgs/:org/tasks');
    const away = page.getByRole('region', { name: 'Away', exact: true });
    await expect(away.getByRole('status')).toContainText('You will be away from');
    await expect(away.getByRole('combobox', { name: 'Tasks go to', exact: true })).toHaveValue(DemoUsers.nurse.name);
    await expect(away.getByRole('textbox', { name: 'Away from', exact: true })).toHaveValue(localInput(startsAt));
    await expect(away.getByRole('textbox', { name: 'Away until', exact: true })).toHaveValue(localInput(endsAt));

    // Only the end moves: the start stays tomorrow's, not now.
    const later = new Date(endsAt.getTime() + 2 * 24 * 60 * 60 * 1000);
    await away.getByRole('textbox', { name: 'Away until', exact: true }).fill(localInput(later));
    await away.getByRole('button', { name: 'Change Away', exact: true }).click();
    await expect
      .poll(async () => {
        const { delegation } = await api.get<{ delegation: { starts_at: string; ends_at: string } | null }>(
          'self/delegation',
        );
        return delegation && [Date.parse(delegation.starts_at), Date.parse(delegation.ends_at)];
      })
      .toEqual([startsAt.getTime(), later.getTime()]);
  } finally {
    await api.delete('self/delegation');
    await api.dispose();
  }
});
