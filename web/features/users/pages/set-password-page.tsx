import { USER_SUCCESS } from '../../../../shared/api/users';
import { setPassword } from '../api/users-api';
import { SetPasswordForm } from '../components/set-password-form';

/** /set_password/{token}: the link of a welcome e-mail; a password set here leads to sign-in. */
export function SetPasswordPage() {
  return <SetPasswordForm title="Set your password" save={setPassword} successMessage={USER_SUCCESS.passwordSet} />;
}
