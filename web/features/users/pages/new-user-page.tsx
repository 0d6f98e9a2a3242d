import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { USER_SUCCESS } from '../../../../shared/api/users';
import { Page } from '../../../components/page';
import { toasts } from '../../../lib/alerts';
import { createUser, userKeys } from '../api/users-api';
import { UserForm } from '../components/user-form';

/** orgs/{orgId}/users/new: add a user; the invitation is sent from the list or their page. */
export function NewUserPage() {
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Page subtitle="Add a user and send the invitation.">
      <UserForm
        submitLabel="Create User"
        onCancel={() => void navigate(`/orgs/${orgId}/users`)}
        onSubmit={async (values) => {
          const { user } = await createUser(orgId, { user: { ...values, title: values.title || null } });
          await queryClient.invalidateQueries({ queryKey: userKeys.all(orgId) });
          toasts.success(USER_SUCCESS.created, { scope: 'next' });
          await navigate(`/orgs/${orgId}/users/${user.id}`);
        }}
      />
    </Page>
  );
}
