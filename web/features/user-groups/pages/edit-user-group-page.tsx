import { GROUP_CHANGED_MESSAGE } from '../../../../shared/api/user-groups';
import { Alert } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Messages } from '../../../../shared/domain/messages';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { Page } from '../../../components/page';
import { toasts } from '../../../lib/alerts';
import type { UserGroupDetail } from '../../../../shared/api/user-groups';
import { getUserGroup, updateUserGroup, userGroupKeys } from '../api/user-groups-api';
import { errorsOf, formErrorsOf } from '../components/errors-of';
import { isStaleSave } from '../../../lib/stale-save';
import { UserGroupForm, type GroupFormValues } from '../components/user-group-form';

/** orgs/{orgId}/user_groups/{groupId}/edit: change a group's name, description and members (spec §2). */
export function EditUserGroupPage() {
  const { orgId = '', groupId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [stale, setStale] = useState(false);
  const query = useQuery({ queryKey: userGroupKeys.one(orgId, groupId), queryFn: () => getUserGroup(orgId, groupId) });
  // The group as the form opened it: its updated_at goes with the save, so a save over someone
  // else's newer change is refused rather than silently undoing it. Later refetches leave it alone.
  const [opened, setOpened] = useState<UserGroupDetail>();
  const group = opened ?? query.data?.user_group;
  if (!opened && query.data) setOpened(query.data.user_group);
  const mutation = useMutation({
    mutationFn: (values: GroupFormValues) =>
      updateUserGroup(orgId, groupId, {
        group: {
          name: values.name,
          description: values.description,
          member_ids: values.members.map((m) => m.id),
          updated_at: group?.updated_at,
        },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userGroupKeys.all(orgId) });
      toasts.success(Messages.recordUpdated, { scope: 'next' });
      await navigate(`/orgs/${orgId}/user_groups/${groupId}`);
    },
    onError: (error) => {
      setErrors(formErrorsOf(error));
      setStale(isStaleSave(error, GROUP_CHANGED_MESSAGE));
    },
  });
  /** Starts over from the group as it is now: the form shows their changes, the user makes theirs again. */
  const reload = async (): Promise<void> => {
    const fresh = await query.refetch();
    if (!fresh.data) return;
    setOpened(fresh.data.user_group);
    setErrors([]);
    setStale(false);
  };
  return (
    <Page>
      {query.isPending && <LoadingIndicator />}
      {query.isError && (
        <Alert color="red" role="alert">
          {errorsOf(query.error).join(' ')}
        </Alert>
      )}
      {group && group.created_by_source === 'System' && (
        <Alert color="yellow" role="alert">
          {group.name} is a system group: it is managed by the system and cannot be edited.
        </Alert>
      )}
      {group && group.created_by_source !== 'System' && (
        <UserGroupForm
          key={group.updated_at}
          orgId={orgId}
          initial={{ name: group.name, description: group.description ?? '', members: group.members }}
          submitLabel="Save Group"
          saving={mutation.isPending}
          errors={errors}
          onReload={stale ? () => void reload() : undefined}
          onSubmit={(values) => mutation.mutateAsync(values)}
          onCancel={() => void navigate(`/orgs/${orgId}/user_groups/${groupId}`)}
        />
      )}
    </Page>
  );
}
