import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { chunkFailureCause, isChunkLoadFailure, type ChunkFailureCause } from './chunk-failure';

interface Copy {
  readonly title: string;
  readonly text: string;
}

const CHUNK_COPY: Record<ChunkFailureCause | 'checking', Copy> = {
  checking: { title: 'Loading this page failed', text: 'Checking the connection to Tenet…' },
  'new-version': {
    title: 'A new version is available',
    text: 'Tenet was updated while this page was open. Reload to continue with the new version.',
  },
  'connection-lost': {
    title: 'Connection lost',
    text: 'Tenet cannot be reached, so this page could not be loaded. Check your connection, then try again.',
  },
  unknown: {
    title: 'Loading this page failed',
    text: 'The connection was interrupted while this page was loading. Reload to try again.',
  },
};

/** A screen whose code did not load: says why (a new version, or a lost connection) once the server is asked. */
function ChunkFailure() {
  const [cause, setCause] = useState<ChunkFailureCause | 'checking'>('checking');
  const check = useCallback(async (): Promise<ChunkFailureCause> => {
    setCause('checking');
    const found = await chunkFailureCause();
    setCause(found);
    return found;
  }, []);
  useEffect(() => {
    void check();
  }, [check]);
  const copy = CHUNK_COPY[cause];
  // Reloading while the server is away would only swap this page for the browser's own error page.
  const tryAgain = async (): Promise<void> => {
    if ((await check()) !== 'connection-lost') window.location.reload();
  };
  return (
    <Notice
      title={copy.title}
      text={copy.text}
      action={cause === 'connection-lost' ? 'Try again' : 'Reload'}
      busy={cause === 'checking'}
      onAction={() => void (cause === 'connection-lost' ? tryAgain() : window.location.reload())}
    />
  );
}

function Notice(props: {
  readonly title: string;
  readonly text: string;
  readonly action: string;
  readonly busy?: boolean;
  readonly onAction: () => void;
}) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={480}>
        <Stack gap="sm" ta="center" align="center">
          <Title order={1} size="h3">
            {props.title}
          </Title>
          <Text size="sm" role="status">
            {props.text}
          </Text>
          <Button onClick={props.onAction} loading={props.busy === true} mt="xs">
            {props.action}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * The last safety net: a render or loading failure shows a way forward, never a blank page.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  if (isChunkLoadFailure(error)) return <ChunkFailure />;
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <Notice
      title={status === 404 ? 'Page not found' : 'Something went wrong'}
      text="An unexpected error has occurred. Please try again later."
      action="Reload"
      onAction={() => window.location.reload()}
    />
  );
}
