import { Alert, Anchor, Group, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { USER_SUCCESS, type EditableUserDetail } from '../../../../shared/api/users';
import { Page } from '../../../components/page';
import { toasts } from '../../../lib/alerts';
import { getUser, updateUser, userKeys } from '../api/users-api';
import { errorsOf } from '../../../lib/errors-of';
import { UserForm, valuesOf } from '../components/user-form';

/** orgs/{orgId}/users/edit/{userId}: details, roles and status; then back to the user's page. */
export function EditUserPage() {
  const { orgId = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: userKeys.one(orgId, userId), queryFn: () => getUser(orgId, userId) });
  // The user as the form opened them: their updated_at goes with the save, so a save over someone
  // else's newer change is refused rather than silently undoing it. Later refetches leave it alone.
  const [opened, setOpened] = useState<EditableUserDetail>();
  const user = opened ?? query.data?.user;
  if (!opened && query.data) setOpened(query.data.user);
  /** Starts over from the user as they are now: the form shows their changes, the admin makes theirs again. */
  const reload = async (): Promise<void> => {
    const fresh = await query.refetch();
    if (fresh.data) setOpened(fresh.data.user);
  };
  return (
    <Page subtitle="Change a user's details, roles and status.">
      {query.isPending && <Loader aria-label="Loading" />}
      {query.isError && (
        <Alert color="red" role="alert">
          {errorsOf(query.error).join(' ')}
        </Alert>
      )}
      {user && (
        <>
          <Group mb="md">
            <Anchor component={Link} to={`/orgs/${orgId}/users/edit/${userId}/group`}>
              Edit Groups
            </Anchor>
          </Group>
          <UserForm
            key={user.updated_at}
            initial={valuesOf(user)}
            submitLabel="Save"
            onCancel={() => void navigate(`/orgs/${orgId}/users/${userId}`)}
            onReload={() => void reload()}
            onSubmit={async (values) => {
              toasts.clear();
              const id = user.id;
              await updateUser(orgId, id, {
                user: { ...values, title: values.title || null, updated_at: user.updated_at },
                user_id: id,
              });
              await queryClient.invalidateQueries({ queryKey: userKeys.all(orgId) });
              toasts.success(USER_SUCCESS.updated, { scope: 'next' });
              await navigate(`/orgs/${orgId}/users/${id}`);
            }}
          />
        </>
      )}
    </Page>
  );
}
