import { Alert, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type EditableUserDetail, USER_CHANGED_MESSAGE, USER_SUCCESS } from '../../../../shared/api/users';
import { Page } from '../../../components/page';
import { toasts } from '../../../lib/alerts';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { getUser, listGroups, updateUser, userKeys } from '../api/users-api';
import { errorsOf, formErrorsOf } from '../../../lib/errors-of';
import { isStaleSave } from '../../../lib/stale-save';

/** orgs/{orgId}/users/edit/{userId}/group: choose the groups the user belongs to (system groups are the system's). */
export function EditUserGroupsPage() {
  const { orgId = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useQuery({ queryKey: userKeys.one(orgId, userId), queryFn: () => getUser(orgId, userId) });
  const groups = useQuery({ queryKey: userKeys.groups(orgId), queryFn: () => listGroups(orgId) });
  // The user as the screen opened them: their updated_at goes with the save, so a save over someone
  // else's newer change (their details or groups, from another screen or tab) is refused rather than
  // silently undoing it. Later refetches leave it alone.
  const [opened, setOpened] = useState<EditableUserDetail>();
  if (!opened && user.data) setOpened(user.data.user);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);

  const openedIds = opened?.groups.map((g) => g.id) ?? [];
  const current = chosen ?? openedIds;
  // A choice made and not saved is asked about before the screen is left, as on the user's edit form.
  const dirty = chosen !== null && (chosen.length !== openedIds.length || chosen.some((id) => !openedIds.includes(id)));
  const guard = useUnsavedChangesGuard(dirty);
  /** Starts over from the user's groups as they are now; the admin makes the choice again. */
  const reload = async (): Promise<void> => {
    const fresh = await user.refetch();
    if (!fresh.data) return;
    setOpened(fresh.data.user);
    setChosen(null);
    setErrors([]);
    setStale(false);
  };
  // Checkbox.Group owns its checkboxes' state (a child's own checked/onChange is ignored inside it),
  // so the choice goes through the group's value, as strings.
  const choose = (values: string[]) => setChosen(values.map(Number));

  const save = async (): Promise<void> => {
    if (!opened) return;
    setSaving(true);
    setErrors([]);
    setStale(false);
    // A successful save moves on to the user's groups: nothing is left unsaved there.
    guard.leaveWithoutAsking();
    try {
      const id = opened.id;
      await updateUser(orgId, id, { user: { group_ids: current, updated_at: opened.updated_at }, user_id: id });
      await queryClient.invalidateQueries({ queryKey: userKeys.all(orgId) });
      toasts.success(USER_SUCCESS.updated, { scope: 'next' });
      await navigate(`/orgs/${orgId}/users/${id}/groups`);
    } catch (error) {
      guard.askBeforeLeaving();
      setErrors(formErrorsOf(error));
      setStale(isStaleSave(error, USER_CHANGED_MESSAGE));
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
          {stale && (
            <Group mt="xs">
              <Button variant="default" size="xs" onClick={() => void reload()}>
                Reload
              </Button>
            </Group>
          )}
        </Alert>
      )}
      {opened && groups.data && (
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
            <Button
              variant="default"
              onClick={() => {
                // Cancel is the admin's own choice to drop the change.
                guard.leaveWithoutAsking();
                void navigate(`/orgs/${orgId}/users/${userId}/groups`);
              }}
            >
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </Page>
  );
}
