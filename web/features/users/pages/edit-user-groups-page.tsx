import { Alert, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { USER_SUCCESS } from '../../../../shared/api/users';
import { Page } from '../../../components/page';
import { toasts } from '../../../lib/alerts';
import { getUser, listGroups, updateUser, userKeys } from '../api/users-api';
import { errorsOf, formErrorsOf } from '../components/show-errors';

/** orgs/{orgId}/users/edit/{userId}/group: choose the groups the user belongs to (system groups are the system's). */
export function EditUserGroupsPage() {
  const { orgId = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useQuery({ queryKey: userKeys.one(orgId, userId), queryFn: () => getUser(orgId, userId) });
  const groups = useQuery({ queryKey: userKeys.groups(orgId), queryFn: () => listGroups(orgId) });
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [saving, setSaving] = useState(false);

  const current = chosen ?? user.data?.user.groups.map((g) => g.id) ?? [];
  // Checkbox.Group owns its checkboxes' state (a child's own checked/onChange is ignored inside it),
  // so the choice goes through the group's value, as strings.
  const choose = (values: string[]) => setChosen(values.map(Number));

  const save = async (): Promise<void> => {
    if (!user.data) return;
    setSaving(true);
    setErrors([]);
    try {
      const id = user.data.user.id;
      await updateUser(orgId, id, { user: { group_ids: current }, user_id: id });
      await queryClient.invalidateQueries({ queryKey: userKeys.all(orgId) });
      toasts.success(USER_SUCCESS.updated, { scope: 'next' });
      await navigate(`/orgs/${orgId}/users/${id}/groups`);
    } catch (error) {
      setErrors(formErrorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  const failed = user.error ?? groups.error;
  return (
    <Page
      subtitle={
        user.data ? `Choose the groups ${user.data.user.name} belongs to.` : 'Choose the groups this user belongs to.'
      }
    >
      {(user.isPending || groups.isPending) && !failed && <Loader aria-label="Loading" />}
      {failed && (
        <Alert color="red" role="alert">
          {errorsOf(failed).join(' ')}
        </Alert>
      )}
      {errors.length > 0 && (
        <Alert color="red" role="alert" mb="md">
          {errors.join(' ')}
        </Alert>
      )}
      {user.data && groups.data && (
        <Stack gap="xs">
          {groups.data.user_groups.length === 0 && <Text c="dimmed">There are no groups yet.</Text>}
          <Checkbox.Group label="Groups" value={current.map(String)} onChange={choose}>
            <Stack gap={6} mt="xs">
              {groups.data.user_groups.map((g) => (
                <Checkbox
                  key={g.id}
                  label={g.created_by_source === 'System' ? `${g.name} (System)` : g.name}
                  value={String(g.id)}
                  disabled={g.created_by_source === 'System'}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group mt="md">
            <Button onClick={() => void save()} loading={saving}>
              Save
            </Button>
            <Button variant="default" onClick={() => void navigate(`/orgs/${orgId}/users/${userId}/groups`)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </Page>
  );
}
