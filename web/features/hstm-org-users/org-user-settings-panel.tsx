import { Card, Table } from '@mantine/core';
import {
  DEFAULT_EMAIL_SUMMARY,
  EMAIL_SUMMARY_LABELS,
  EMAIL_SUMMARY_VALUES,
  type EmailSummary,
} from '../../../shared/api/self-settings';
import { changeLogFieldLabel } from '../../../shared/domain/change-log-labels';
import { OrgUserHeader, useOrgUser } from './org-user-header';

const EMAIL_SUMMARY_KEY = 'ntfy_email_summary';

const isEmailSummary = (value: unknown): value is EmailSummary => EMAIL_SUMMARY_VALUES.some((known) => known === value);

/** A preference's value as text: objects as JSON, nothing as a dash. */
function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The preferences as the user's own screen words them (spec §3: ntfy_email_summary is 'Email
 * Summary preferences', other names title-cased): the e-mail summary always, with the value that
 * applies when the user never chose one, so staff answering "why did I get this e-mail?" see it.
 */
function preferenceRows(settings: Readonly<Record<string, unknown>>): { label: string; value: string }[] {
  const chosen = settings[EMAIL_SUMMARY_KEY];
  const emailSummary = isEmailSummary(chosen)
    ? EMAIL_SUMMARY_LABELS[chosen]
    : `${EMAIL_SUMMARY_LABELS[DEFAULT_EMAIL_SUMMARY]} (default)`;
  return [
    { label: changeLogFieldLabel(EMAIL_SUMMARY_KEY), value: emailSummary },
    ...Object.entries(settings)
      .filter(([key]) => key !== EMAIL_SUMMARY_KEY)
      .map(([key, value]) => ({ label: changeLogFieldLabel(key), value: show(value) })),
  ];
}

/** hstm/orgs/{orgId}/pm_users/{userId}/settings: the user's preferences, read-only here. */
export function OrgUserSettingsPanel() {
  const { user, view } = useOrgUser();
  if (!user) return view;
  return (
    <>
      <OrgUserHeader user={user} />
      <Card withBorder>
        <Table aria-label="Preferences">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Preference</Table.Th>
              <Table.Th>Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preferenceRows(user.settings).map(({ label, value }) => (
              <Table.Tr key={label}>
                <Table.Td>{label}</Table.Td>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </>
  );
}
