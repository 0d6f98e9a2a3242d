import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { STAFF_SUCCESS } from '../../../shared/api/hstm-users';
import { Page } from '../../components/page';
import { toasts } from '../../lib/alerts';
import { useSessionFlags } from '../../lib/session-store';
import { permissionLocks } from './permission-locks';
import { StaffUserForm, staffInputOf } from './staff-user-form';
import { staffUserKeys, staffUsersApi } from './staff-users-api';

/** hstm/hstm_users/new: a staff user and their permissions; a welcome e-mail lets them set a password. */
export function NewStaffUserPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { staffPermissions } = useSessionFlags();
  return (
    <Page subtitle="Add a provider staff user. They receive an e-mail with a link to set their password.">
      <StaffUserForm
        submitLabel="Create"
        permissionLocks={permissionLocks({ permissions: staffPermissions, editingSelf: false })}
        onCancel={() => void navigate('/hstm/hstm_users')}
        onSubmit={async (values) => {
          toasts.clear();
          const { user } = await staffUsersApi.create({ user: staffInputOf(values) });
          await queryClient.invalidateQueries({ queryKey: staffUserKeys.all });
          toasts.success(STAFF_SUCCESS.created, { scope: 'next' });
          await navigate(`/hstm/hstm_users/${user.id}/settings`);
        }}
      />
    </Page>
  );
}
