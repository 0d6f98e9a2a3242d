import { Alert, Anchor, Badge, Button, Group, List, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { getUser, userKeys } from '../api/users-api';
import { errorsOf } from '../../../lib/errors-of';
import { UserHeader } from '../components/user-header';

/** orgs/{orgId}/users/{userId}/groups (default section): the groups the user belongs to. */
export function UserGroupsPanel() {
  const { orgId = '', userId = '' } = useParams();
  const query = useQuery({ queryKey: userKeys.one(orgId, userId), queryFn: () => getUser(orgId, userId) });
  if (query.isPending) return <Loader aria-label="Loading" />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {errorsOf(query.error).join(' ')}
      </Alert>
    );
  const groups = query.data.user.groups;
  return (
    <>
      <UserHeader />
      <Group justify="space-between" mb="sm">
        <Text fw={600} component="h2" size="md">
          Groups
        </Text>
        <Button component={Link} to={`/orgs/${orgId}/users/edit/${userId}/group`} size="xs">
          Edit Groups
        </Button>
      </Group>
      {groups.length === 0 ? (
        <Text c="dimmed">This user is not in any group.</Text>
      ) : (
        <List aria-label="Groups">
          {groups.map((g) => (
            <List.Item key={g.id}>
              <Anchor component={Link} to={`/orgs/${orgId}/user_groups/${g.id}`}>
                {g.name}
              </Anchor>
              {g.created_by_source === 'System' && (
                <Badge ml="xs" size="sm" variant="light" color="gray">
                  System
                </Badge>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
