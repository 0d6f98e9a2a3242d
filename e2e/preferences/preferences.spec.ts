import { TenetApi } from '../support/api';
import { openAs } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { DemoUsers } from '../support/users';
import type { EmailSummary, SelfSettingsResponse } from '../../shared/api/self-settings';

test('a user changes their e-mail summary preference and finds it kept after a reload', async ({ page, baseURL }) => {
  const user = DemoUsers.reviewer;
  const api = await TenetApi.signedIn(baseURL!, user);
  const before = (await api.get<SelfSettingsResponse>('self/settings')).settings.ntfy_email_summary;
  const next: EmailSummary = before === 'daily' ? 'none' : 'daily';
  const label = next === 'daily' ? 'Daily summary' : 'None';
  try {
    await openAs(page, user, '/self/preferences');
    await expect(page.getByRole('heading', { name: 'Preferences', exact: true })).toBeVisible();
    const group = page.getByRole('radiogroup', { name: 'Email Summary preferences' });
    await group.getByRole('radio', { name: label, exact: true }).check();
    await page.getByRole('button', { name: 'Save Preferences', exact: true }).click();
    await expect(page.getByText('Your preferences have been updated successfully!', { exact: true })).toBeVisible();
    await page.reload();
    await expect(group.getByRole('radio', { name: label, exact: true })).toBeChecked();
  } finally {
    await api.send('PUT', 'self/settings', { settings: { ntfy_email_summary: before } });
    await api.dispose();
  }
});
