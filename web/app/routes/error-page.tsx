import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconMapSearch, IconServerOff } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePreviousRoute } from '../../lib/route-history';
import { homePath } from '../../lib/session-flags';
import { rememberedOrgId, useSession } from '../../lib/session-store';

interface ErrorCopy {
  readonly title: string;
  readonly text: string;
  readonly icon: ReactNode;
}

function copyFor(code: string): ErrorCopy {
  switch (code) {
    case '404':
      return {
        title: 'Page not found',
        text: 'The page you are looking for does not exist or has moved.',
        icon: <IconMapSearch size={28} aria-hidden />,
      };
    case '401':
    case '403':
      return {
        title: 'Access denied',
        text: 'You are not authorized to view this page.',
        icon: <IconLock size={28} aria-hidden />,
      };
    case '429':
      return {
        title: 'Too many requests',
        text: 'Please wait a moment and try again.',
        icon: <IconAlertTriangle size={28} aria-hidden />,
      };
    case '502':
    case '503':
    case '504':
      return {
        title: 'Service unavailable',
        text: 'Tenet is briefly unavailable. Please try again in a few minutes.',
        icon: <IconServerOff size={28} aria-hidden />,
      };
    default:
      return {
        title: 'Something went wrong',
        text: 'An unexpected error has occurred. Please try again later.',
        icon: <IconAlertTriangle size={28} aria-hidden />,
      };
  }
}

/** error/{error}: a friendly page for an HTTP status (spec §2). */
export function ErrorPage() {
  const { error = '500' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const copy = copyFor(error);
  const previous = usePreviousRoute();
  useEffect(() => {
    document.title = `${copy.title} · Tenet`;
  }, [copy.title]);
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="error-page">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          {copy.icon}
        </ThemeIcon>
        <Text size="sm" c="dimmed" fw={600}>
          Error {error}
        </Text>
        <Title order={1} size="h2">
          {copy.title}
        </Title>
        <Text size="sm">{copy.text}</Text>
        <Group mt="sm" gap="sm">
          {previous && !previous.startsWith('/error/') && (
            <Button variant="default" onClick={() => void navigate(-1)}>
              Go back
            </Button>
          )}
          <Button component={Link} to={session?.valid ? homePath(session, rememberedOrgId()) : '/login'}>
            {session?.valid ? 'Go to home' : 'Go to sign in'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
