import { Alert, Button, Container, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Password, UserMessages } from '../../../../shared/api/users';
import { toasts } from '../../../lib/alerts';
import { formErrorsOf } from '../../../lib/errors-of';

export interface SetPasswordFormProps {
  readonly title: string;
  /** Sets the password for the link's token (org users and staff users have their own calls). */
  readonly save: (token: string, password: string) => Promise<unknown>;
  readonly successMessage: string;
}

/** A welcome e-mail's set-password link: password and confirmation checked here, then sign-in. */
export function SetPasswordForm({ title, save, successMessage }: SetPasswordFormProps) {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldError, setFieldError] = useState<{ password?: string; confirmation?: string }>({});
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const next: { password?: string; confirmation?: string } = {};
    if (!Password.safeParse(password).success) next.password = UserMessages.passwordInvalid;
    if (confirmation !== password) next.confirmation = UserMessages.passwordMismatch;
    setFieldError(next);
    if (next.password || next.confirmation) return;
    setSaving(true);
    setErrors([]);
    try {
      await save(token, password);
      toasts.success(successMessage, { scope: 'next' });
      await navigate('/login');
    } catch (error) {
      setErrors(formErrorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container size={420} py="xl">
      <Title order={1} size="h2" mb="xs">
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {UserMessages.passwordInvalid}
      </Text>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Set password">
        <Stack gap="sm">
          {errors.length > 0 && (
            <Alert color="red" role="alert">
              {errors.join(' ')}
            </Alert>
          )}
          <PasswordInput
            label="Password"
            required
            autoComplete="new-password"
            value={password}
            error={fieldError.password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm Password"
            required
            autoComplete="new-password"
            value={confirmation}
            error={fieldError.confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
          />
          <Button type="submit" loading={saving}>
            Set Password
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
