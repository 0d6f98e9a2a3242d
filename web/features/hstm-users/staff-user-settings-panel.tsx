import { Alert, Badge, Button, Card, Group, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { STAFF_SUCCESS } from '../../../shared/api/hstm-users';
import { toasts } from '../../lib/alerts';
import { formatDisplayDate } from '../../lib/format';
import { showErrors } from '../../lib/show-errors';
import { errorsOf } from '../../lib/errors-of';
import { useSession, useSessionFlags } from '../../lib/session-store';
import { staffActionLocks } from './permission-locks';
import { staffUserKeys, staffUsersApi } from './staff-users-api';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** hstm/hstm_users/{userId}/settings: a staff user's details and permissions; a new welcome e-mail. */
export function StaffUserSettingsPanel() {
  const { userId = '' } = useParams();
  const [sending, setSending] = useState(false);
  const query = useQuery({ queryKey: staffUserKeys.one(userId), queryFn: () => staffUsersApi.get(userId) });
  const signedInId = useSession()?.user?.id;
  const { isHstmUser, staffPermissions } = useSessionFlags();

  if (query.isPending) return <Loader aria-label="Loading" />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {errorsOf(query.error).join(' ')}
      </Alert>
    );
  const user = query.data.user;
  const locks = staffActionLocks(
    { permissions: staffPermissions, isSelf: isHstmUser && signedInId === user.id },
    { permissions: user.permissions },
  );
  // Edit and Resend are refused together (a staff user holding a permission the viewer lacks): one
  // note says why, and describes both buttons.
  const lockedNoteId = `staff-user-${user.id}-locked`;
  const lockedNote = locks.edit ?? locks.resend;

  const resend = async (): Promise<void> => {
    setSending(true);
    try {
      await staffUsersApi.resendWelcome(user.id);
      toasts.success(STAFF_SUCCESS.emailSent);
    } catch (error) {
      showErrors(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {user.name}
        </Title>
        <Group gap="xs">
          {locks.edit === null ? (
            <Button component={Link} to={`/hstm/hstm_users/edit/${user.id}`} variant="light">
              Edit
            </Button>
          ) : (
            <Button variant="light" disabled aria-describedby={lockedNoteId}>
              Edit
            </Button>
          )}
          {user.status === 1 && (
            <Button
              loading={sending}
              disabled={locks.resend !== null}
              aria-describedby={locks.resend === null ? undefined : lockedNoteId}
              onClick={() => void resend()}
            >
              Resend welcome email
            </Button>
          )}
        </Group>
      </Group>
      {lockedNote !== null && (
        <Text id={lockedNoteId} size="sm" c="dimmed">
          {lockedNote}
        </Text>
      )}
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Field label="Email" value={user.email} />
          <Field label="Username" value={user.username} />
          <Field label="Status" value={user.status_label} />
          <Field label="Password" value={user.has_password ? 'Set' : 'Not set yet'} />
          <Field label="Last Login" value={user.last_login_at ? formatDisplayDate(user.last_login_at) : 'Never'} />
          <Field label="Created" value={formatDisplayDate(user.created_at)} />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={3} size="h5" mb="sm">
          Permissions
        </Title>
        {user.permission_labels.length === 0 ? (
          <Text size="sm">This staff user has no permissions.</Text>
        ) : (
          <List aria-label="Permissions">
            {user.permission_labels.map((label) => (
              <List.Item key={label}>
                <Badge variant="light">{label}</Badge>
              </List.Item>
            ))}
          </List>
        )}
      </Card>
    </Stack>
  );
}
