import { Card, Table, Text } from '@mantine/core';
import { OrgUserHeader, useOrgUser } from './org-user-header';

/** A preference's value as text: objects as JSON, nothing as a dash. */
function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** hstm/orgs/{orgId}/pm_users/{userId}/settings: the user's preferences, read-only here. */
export function OrgUserSettingsPanel() {
  const { user, view } = useOrgUser();
  if (!user) return view;
  const entries = Object.entries(user.settings);
  return (
    <>
      <OrgUserHeader user={user} />
      <Card withBorder>
        {entries.length === 0 ? (
          <Text size="sm">This user has not changed any preference.</Text>
        ) : (
          <Table aria-label="Preferences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Preference</Table.Th>
                <Table.Th>Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Td>{key}</Table.Td>
                  <Table.Td>{show(value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </>
  );
}
