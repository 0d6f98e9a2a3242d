import { Button, Group, Paper, Text } from '@mantine/core';
import { IconUserExclamation } from '@tabler/icons-react';
import { signOut } from '../../features/auth/sign-out';
import { useSession } from '../../lib/session-store';

/** A login-as (sudo) session is always visible, so nobody forgets whose account they are using. */
export function LoginAsBanner() {
  const session = useSession();
  if (!session?.valid || !session.sudo) return null;
  const who = session.user?.name ?? 'this user';
  const by = session.sudoer?.name ?? 'provider staff';
  return (
    <Paper
      radius={0}
      px="md"
      py={8}
      bg="yellow.1"
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-4)' }}
      data-testid="login-as-banner"
      role="status"
    >
      <Group justify="center" gap="sm" wrap="wrap">
        <IconUserExclamation size={18} aria-hidden />
        <Text size="sm" c="gray.9">
          You are signed in as <strong>{who}</strong> on behalf of <strong>{by}</strong>. Changes are recorded in both
          names.
        </Text>
        <Button size="compact-sm" variant="white" color="dark" onClick={() => void signOut()}>
          End session
        </Button>
      </Group>
    </Paper>
  );
}
