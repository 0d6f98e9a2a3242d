import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { USER_SUCCESS } from '../../../../shared/api/users';
import { toasts } from '../../../lib/alerts';
import { useSession } from '../../../lib/session-store';
import { getUser, sendWelcomeEmail, userKeys } from '../api/users-api';
import { showErrors } from '../../../lib/show-errors';

/** The user's name, status and actions, above each section of the user page. */
export function UserHeader() {
  const { orgId = '', userId = '' } = useParams();
  const query = useQuery({ queryKey: userKeys.one(orgId, userId), queryFn: () => getUser(orgId, userId) });
  const [emailProcessing, setEmailProcessing] = useState(false);
  const signedIn = useSession()?.user?.id;
  const user = query.data?.user;
  if (!user) return null;
  // An admin cannot hand over their own work and deactivate themselves (the server refuses it):
  // someone else does that for them.
  const mayLeave = user.id !== signedIn;
  const invite = async (): Promise<void> => {
    setEmailProcessing(true);
    try {
      await sendWelcomeEmail(orgId, user.id);
      toasts.success(USER_SUCCESS.emailSent);
    } catch (error) {
      showErrors(error);
    } finally {
      setEmailProcessing(false);
    }
  };
  return (
    <Group justify="space-between" mb="md" wrap="wrap">
      <Group gap="sm">
        <Text fw={600}>{user.name}</Text>
        <Text c="dimmed" size="sm">
          {user.email}
        </Text>
        <Badge color={user.status === 1 ? 'green' : 'gray'} variant="light">
          {user.status_label}
        </Badge>
      </Group>
      <Group gap="xs">
        <Button component={Link} to={`/orgs/${orgId}/users/edit/${user.id}`} size="xs" variant="light">
          Edit User
        </Button>
        {user.status === 1 && (
          <Button size="xs" variant="light" disabled={emailProcessing} onClick={() => void invite()}>
            Invite
          </Button>
        )}
        {mayLeave && (
          <Anchor component={Link} to={`/orgs/${orgId}/users/leaving/${user.id}`} size="sm">
            This person is leaving
          </Anchor>
        )}
      </Group>
    </Group>
  );
}
