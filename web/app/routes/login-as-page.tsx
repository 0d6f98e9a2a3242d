import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { sessionApi } from '../../features/auth/api/session-api';
import { ensureSessionChecked } from '../../features/auth/session-sync';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ApiError } from '../../lib/api-client';
import { sessionFlags } from '../../lib/session-flags';
import { StaffPermission } from '../../../shared/domain/roles';

/**
 * hstm/login_as/{userId}/{userName}: provider staff with the login-as permission open a session as
 * an org user. The server issues the sign-in URL; the browser follows it.
 */
export function LoginAsPage() {
  const { userId = '', userName = '' } = useParams();
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
        const { url } = await sessionApi.sudoLoginUrl(userId);
        if (!cancelled) window.location.assign(url);
      } catch (error) {
        if (cancelled) return;
        setProblem(
          error instanceof ApiError && error.errors[0]
            ? error.errors[0]
            : 'Signing in as this user is not possible right now.',
        );
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [userId, userName]);

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
