import { STAFF_SUCCESS } from '../../../shared/api/hstm-users';
import { SetPasswordForm } from '../users/components/set-password-form';
import { staffUsersApi } from './staff-users-api';

/** /staff_set_password/{token}: the link of a staff user's welcome e-mail; then sign-in. */
export function StaffSetPasswordPage() {
  return (
    <SetPasswordForm
      title="Set your staff password"
      save={(token, password) => staffUsersApi.setPassword(token, password)}
      successMessage={STAFF_SUCCESS.passwordSet}
    />
  );
}
