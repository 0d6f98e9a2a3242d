import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Messages } from '../../../../shared/domain/messages';
import { Page } from '../../../components/page';
import { toasts } from '../../../lib/alerts';
import { createUserGroup, userGroupKeys } from '../api/user-groups-api';
import { UserGroupForm, type GroupFormValues } from '../components/user-group-form';
import { formErrorsOf } from '../components/errors-of';

/** orgs/{orgId}/user_groups/new: a group's name, description and members (spec §2). */
export function NewUserGroupPage() {
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<readonly string[]>([]);
  const mutation = useMutation({
    mutationFn: (values: GroupFormValues) =>
      createUserGroup(orgId, {
        group: { name: values.name, description: values.description, member_ids: values.members.map((m) => m.id) },
      }),
    onSuccess: async ({ user_group }) => {
      await queryClient.invalidateQueries({ queryKey: userGroupKeys.all(orgId) });
      toasts.success(Messages.recordCreated, { scope: 'next' });
      await navigate(`/orgs/${orgId}/user_groups/${user_group.id}`);
    },
    onError: (error) => setErrors(formErrorsOf(error)),
  });
  return (
    <Page>
      <UserGroupForm
        orgId={orgId}
        initial={{ name: '', description: '', members: [] }}
        submitLabel="Create Group"
        saving={mutation.isPending}
        errors={errors}
        onSubmit={(values) => mutation.mutateAsync(values)}
        onCancel={() => void navigate(`/orgs/${orgId}/user_groups`)}
      />
    </Page>
  );
}
