import { Alert, Anchor, Group, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { USER_SUCCESS } from '../../../../shared/api/users';
import { Page } from '../../../components/page';
import { toasts } from '../../../lib/alerts';
import { getUser, updateUser, userKeys } from '../api/users-api';
import { errorsOf } from '../components/show-errors';
import { UserForm, valuesOf } from '../components/user-form';

/** orgs/{orgId}/users/edit/{userId}: details, roles and status; then back to the user's page. */
export function EditUserPage() {
  const { orgId = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: userKeys.one(orgId, userId), queryFn: () => getUser(orgId, userId) });
  return (
    <Page subtitle="Change a user's details, roles and status.">
      {query.isPending && <Loader aria-label="Loading" />}
      {query.isError && (
        <Alert color="red" role="alert">
          {errorsOf(query.error).join(' ')}
        </Alert>
      )}
      {query.data && (
        <>
          <Group mb="md">
            <Anchor component={Link} to={`/orgs/${orgId}/users/edit/${userId}/group`}>
              Edit Groups
            </Anchor>
          </Group>
          <UserForm
            initial={valuesOf(query.data.user)}
            submitLabel="Save"
            onCancel={() => void navigate(`/orgs/${orgId}/users/${userId}`)}
            onSubmit={async (values) => {
              toasts.clear();
              const id = query.data.user.id;
              await updateUser(orgId, id, { user: { ...values, title: values.title || null }, user_id: id });
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
