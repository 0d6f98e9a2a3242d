import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { takeReturnPath } from '../../lib/return-path';
import { homePath } from '../../lib/session-flags';
import { rememberedOrgId, useSession } from '../../lib/session-store';

/** The sign-in screen (spec §2 'login'). */
export function LoginPage() {
  const navigate = useNavigate();
  const session = useSession();
  useEffect(() => {
    document.title = 'Sign in · Tenet';
  }, []);
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2" fw={650}>
            Sign in
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Use your username or email address and your password.
          </Text>
        </div>
        {session?.valid && (
          <Text size="sm">
            You are signed in as {session.user?.name ?? 'a user'}.{' '}
            <Anchor component={Link} to={homePath(session, rememberedOrgId())} fw={600}>
              Continue to Tenet
            </Anchor>
          </Text>
        )}
        <LoginForm
          onSignedIn={(signedIn) =>
            void navigate(takeReturnPath() ?? homePath(signedIn, rememberedOrgId()), { replace: true })
          }
        />
      </Stack>
    </Paper>
  );
}
