import { Alert, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import {
  DEFAULT_EMAIL_SUMMARY,
  EMAIL_SUMMARY_FIELD_LABEL,
  EMAIL_SUMMARY_LABELS,
} from '../../../../shared/api/self-settings';
import { userKeys, userSettings } from '../api/users-api';
import { errorsOf } from '../../../lib/errors-of';
import { UserHeader } from '../components/user-header';

const labelOf = (key: string): string =>
  key === 'ntfy_email_summary'
    ? EMAIL_SUMMARY_FIELD_LABEL
    : key.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** orgs/{orgId}/users/{userId}/settings: the user's own preferences, shown read-only to the admin. */
export function UserSettingsPanel() {
  const { orgId = '', userId = '' } = useParams();
  const query = useQuery({ queryKey: userKeys.settings(orgId, userId), queryFn: () => userSettings(orgId, userId) });
  if (query.isPending) return <Loader aria-label="Loading" />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {errorsOf(query.error).join(' ')}
      </Alert>
    );
  const settings = { ntfy_email_summary: DEFAULT_EMAIL_SUMMARY, ...query.data.settings };
  return (
    <>
      <UserHeader />
      <Text c="dimmed" size="sm" mb="sm">
        These are the user&apos;s own preferences; they change them under their Preferences.
      </Text>
      <Table aria-label="Settings" maw={600}>
        <Table.Tbody>
          {Object.entries(settings).map(([key, value]) => (
            <Table.Tr key={key}>
              <Table.Th scope="row">{labelOf(key)}</Table.Th>
              <Table.Td>
                {key === 'ntfy_email_summary'
                  ? (EMAIL_SUMMARY_LABELS[value] ?? String(value))
                  : typeof value === 'object'
                    ? JSON.stringify(value)
                    : String(value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
