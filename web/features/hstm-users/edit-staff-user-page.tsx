import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { STAFF_SUCCESS } from '../../../shared/api/hstm-users';
import { Page } from '../../components/page';
import { toasts } from '../../lib/alerts';
import { errorsOf } from '../../lib/errors-of';
import { useSession, useSessionFlags } from '../../lib/session-store';
import { permissionLocks, staffActionLocks } from './permission-locks';
import { StaffUserForm, staffInputOf, staffValuesOf } from './staff-user-form';
import { staffUserKeys, staffUsersApi } from './staff-users-api';

/** hstm/hstm_users/edit/{userId}: details, permissions and status; then back to the staff user's page. */
export function EditStaffUserPage() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: staffUserKeys.one(userId), queryFn: () => staffUsersApi.get(userId) });
  const signedInId = useSession()?.user?.id;
  const { isHstmUser, staffPermissions } = useSessionFlags();
  const editingSelf = isHstmUser && query.data !== undefined && signedInId === query.data.user.id;
  // Opened by its address: a staff user the server would not let them change gets the reason, not a form.
  const editLocked = query.data
    ? staffActionLocks(
        { permissions: staffPermissions, isSelf: editingSelf },
        { permissions: query.data.user.permissions },
      ).edit
    : null;
  return (
    <Page subtitle="Change a staff user's details, permissions and status.">
      {query.isPending && <Loader aria-label="Loading" />}
      {query.isError && (
        <Alert color="red" role="alert">
          {errorsOf(query.error).join(' ')}
        </Alert>
      )}
      {query.data && editLocked !== null && (
        <Stack gap="sm" align="flex-start" maw={520}>
          <Alert color="yellow">{editLocked}</Alert>
          <Button component={Link} to={`/hstm/hstm_users/${userId}/settings`} variant="default">
            Back to {query.data.user.name}
          </Button>
        </Stack>
      )}
      {query.data && editLocked === null && (
        <StaffUserForm
          initial={staffValuesOf(query.data.user)}
          submitLabel="Save"
          permissionLocks={permissionLocks({
            permissions: staffPermissions,
            editingSelf,
          })}
          onCancel={() => void navigate(`/hstm/hstm_users/${userId}/settings`)}
          onSubmit={async (values) => {
            toasts.clear();
            const id = query.data.user.id;
            await staffUsersApi.update(id, { user: staffInputOf(values), user_id: id });
            await queryClient.invalidateQueries({ queryKey: staffUserKeys.all });
            toasts.success(STAFF_SUCCESS.updated, { scope: 'next' });
            await navigate(`/hstm/hstm_users/${id}/settings`);
          }}
        />
      )}
    </Page>
  );
}
