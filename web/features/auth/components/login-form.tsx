import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { Session } from '../../../../shared/api/sessions';
import { Messages } from '../../../../shared/domain/messages';
import { recordActivity } from '../../../lib/activity';
import { ApiError } from '../../../lib/api-client';
import { setSession } from '../../../lib/session-store';
import { sessionApi } from '../api/session-api';
import { rememberSignInRoute } from '../sign-out';

export interface LoginFormProps {
  /** Scopes the sign-in to one organisation (tenant login). */
  readonly tenant?: string;
  readonly onSignedIn: (session: Session) => void;
}

/** Spec §8: the sign-in errors the form shows itself (they carry a custom_error, or are rate limits). */
function failureText(error: unknown): string {
  if (error instanceof ApiError && !error.handled) {
    if (error.customError === 'invalid_credentials') return Messages.wrongCredentials;
    if (error.errors.length > 0) return error.errors.join(' ');
    if (error.status === 0) return 'The server cannot be reached. Check your connection and try again.';
  }
  return Messages.requestFailed;
}

/** Username or e-mail and password. */
export function LoginForm({ tenant, onSignedIn }: LoginFormProps) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ login?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const errors = {
      login: login.trim() === '' ? 'Username or email is required' : undefined,
      password: password === '' ? 'Password is required' : undefined,
    };
    setFieldErrors(errors);
    if (errors.login || errors.password) return;
    setBusy(true);
    setFormError(null);
    try {
      const session = await sessionApi.login({
        credentials: { login: login.trim(), password },
        ...(tenant ? { tenant } : {}),
      });
      recordActivity();
      rememberSignInRoute(tenant ?? null);
      setSession(session);
      onSignedIn(session);
    } catch (error) {
      // Errors the global handler showed (422, 500) need no second message here.
      if (!(error instanceof ApiError && error.handled)) setFormError(failureText(error));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
      <Stack gap="md">
        {formError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={20} aria-hidden />}
            role="alert"
            data-testid="login-error"
          >
            {formError}
          </Alert>
        )}
        <TextInput
          label="Username or email"
          name="login"
          autoComplete="username"
          value={login}
          onChange={(event) => setLogin(event.currentTarget.value)}
          error={fieldErrors.login}
          required
          withAsterisk={false}
          size="md"
          data-autofocus
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldErrors.password}
          required
          withAsterisk={false}
          size="md"
        />
        <Button type="submit" size="md" fullWidth loading={busy} mt={4}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
