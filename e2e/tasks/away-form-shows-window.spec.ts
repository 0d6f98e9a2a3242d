import { formatDisplayDate } from '../../shared/domain/dates';
import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';

// A browser far from UTC: the window is still read and written in UTC (spec §9), not the browser's zone.
test.use({ actionTimeout: 15_000, timezoneId: 'America/New_York' });

/** A datetime-local value in UTC, the application's time zone (spec §9), whatever the browser's. */
const utcInput = (d: Date): string => d.toISOString().slice(0, 16);

test('an away window set for later opens in the form as it is, so Change Away keeps what was not changed', async ({
  page,
  baseURL,
}) => {
  // The reviewer will be away from tomorrow for ten days (nothing routes before then), tasks to Nora.
  const startsAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  startsAt.setSeconds(0, 0);
  const endsAt = new Date(startsAt.getTime() + 10 * 24 * 60 * 60 * 1000);
  const api = await TenetApi.signedIn(baseURL!, DemoUsers.reviewer);
  // The demo's own away window for the reviewer, put back afterwards for the specs that read it.
  const { delegation: before } = await api.get<{
    delegation: { delegate_id: number; starts_at: string; ends_at: string } | null;
  }>('self/delegation');
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
    await expect(away.getByRole('status')).toContainText(
      `You will be away from ${formatDisplayDate(startsAt.toISOString().slice(0, 10))} ${startsAt.toISOString().slice(11, 16)} UTC`,
    );
    await expect(away.getByRole('combobox', { name: 'Tasks go to', exact: true })).toHaveValue(DemoUsers.nurse.name);
    await expect(away.getByRole('textbox', { name: 'Away from (UTC)', exact: true })).toHaveValue(utcInput(startsAt));
    await expect(away.getByRole('textbox', { name: 'Away until (UTC)', exact: true })).toHaveValue(utcInput(endsAt));

    // Only the end moves: the start stays tomorrow's, not now.
    const later = new Date(endsAt.getTime() + 2 * 24 * 60 * 60 * 1000);
    await away.getByRole('textbox', { name: 'Away until (UTC)', exact: true }).fill(utcInput(later));
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
    if (before && Date.parse(before.ends_at) > Date.now()) {
      const { delegate_id, starts_at, ends_at } = before;
      await api.send('PUT', 'self/delegation', { delegation: { delegate_id, starts_at, ends_at } });
    } else await api.delete('self/delegation');
    await api.dispose();
  }
});
