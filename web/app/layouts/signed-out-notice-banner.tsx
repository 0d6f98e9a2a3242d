import { Button, Group, Paper, Text } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Messages } from '../../../shared/domain/messages';
import { navigateTo } from '../../lib/navigation';
import { currentLocationPath, rememberReturnPath } from '../../lib/return-path';
import { clearSession } from '../../lib/session-store';
import { useSignedOutNotice } from '../../lib/signed-out-notice';

/**
 * Says that the session has ended, found by a request the user did not make. It stays (above the
 * page, while it scrolls) until the user acts: the screen and whatever was typed are left alone.
 */
export function SignedOutNoticeBanner() {
  const shown = useSignedOutNotice();
  if (!shown) return null;
  const signIn = (): void => {
    rememberReturnPath(currentLocationPath());
    // The session is forgotten once the sign-in page shows, so that no guard redirects in between.
    void navigateTo('/login').then(() => clearSession());
  };
  return (
    <Paper
      radius={0}
      px="md"
      py={8}
      bg="red.0"
      style={{
        borderBottom: '1px solid var(--mantine-color-red-4)',
        position: 'sticky',
        top: 'var(--app-shell-header-height)',
        zIndex: 3,
      }}
      role="alert"
      data-testid="signed-out-notice"
    >
      <Group justify="center" gap="sm" wrap="wrap">
        <Text size="sm" c="red.9" fw={600}>
          {Messages.notSignedIn}
        </Text>
        <Button size="compact-sm" color="red" leftSection={<IconLogin size={16} aria-hidden />} onClick={signIn}>
          Sign in
        </Button>
      </Group>
    </Paper>
  );
}
