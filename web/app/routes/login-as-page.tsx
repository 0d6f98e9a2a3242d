import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { sessionApi } from '../../features/auth/api/session-api';
import { ensureSessionChecked } from '../../features/auth/session-sync';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ApiError } from '../../lib/api-client';
import { sessionFlags } from '../../lib/session-flags';
import { setSession } from '../../lib/session-store';
import { StaffPermission } from '../../../shared/domain/roles';

const explain = (error: unknown): string =>
  error instanceof ApiError && error.errors[0] ? error.errors[0] : 'Signing in as this user is not possible right now.';

/**
 * hstm/login_as/{userId}/{userName}: provider staff with the login-as permission open a session as
 * an org user. Without a token the page asks the server for a one-time link (which is this page
 * with ?token=); with one it trades the token for the user's session and opens their library.
 */
export function LoginAsPage() {
  const { userId = '', userName = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    document.title = `Signing in as ${userName} · Tenet`;
    let cancelled = false;
    void (async () => {
      const session = await ensureSessionChecked();
      const flags = sessionFlags(session);
      if (!flags.isHstmUser || !flags.staffPermissions.includes(StaffPermission.LoginAs)) {
        if (!cancelled) setProblem('Only provider staff with the login-as permission can sign in as another user.');
        return;
      }
      try {
        if (token) {
          const { redirect } = await sessionApi.sudoLogin({ user_id: Number(userId), token });
          // The new session replaces the staff one in this tab before the library opens.
          setSession(await sessionApi.load());
          if (!cancelled) window.location.assign(redirect);
        } else {
          const { url } = await sessionApi.sudoLoginUrl(userId);
          if (!cancelled) window.location.assign(url);
        }
      } catch (error) {
        if (!cancelled) setProblem(explain(error));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [userId, userName, token]);

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl">
      <Stack gap="sm">
        <Title order={1} size="h3">
          Sign in as {userName}
        </Title>
        {problem ? (
          <>
            <Text size="sm" role="alert">
              {problem}
            </Text>
            <Button component={Link} to="/" variant="light">
              Go to home
            </Button>
          </>
        ) : (
          <LoadingIndicator />
        )}
      </Stack>
    </Paper>
  );
}
