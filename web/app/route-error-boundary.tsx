import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * The last safety net: a render or loading failure shows a way forward, never a blank page.
 * A failed chunk load (a rebuild happened while the tab was open) is fixed by a reload.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
  const status = isRouteErrorResponse(error) ? error.status : null;
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={480}>
        <Stack gap="sm" ta="center" align="center">
          <Title order={1} size="h3">
            {chunkFailed ? 'A new version is available' : status === 404 ? 'Page not found' : 'Something went wrong'}
          </Title>
          <Text size="sm">
            {chunkFailed
              ? 'Tenet was updated while this page was open. Reload to continue with the new version.'
              : 'An unexpected error has occurred. Please try again later.'}
          </Text>
          <Button onClick={() => window.location.reload()} mt="xs">
            Reload
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
