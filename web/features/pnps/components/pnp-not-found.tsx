import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { usePreviousRoute } from '../../../lib/route-history';

/**
 * A P&P's screen when the server answers 404: the P&P was deleted (a never-published draft), or is
 * no longer shared with this user; the server does not say which, and names nothing, so neither does
 * this. Reached mostly from a notification or an e-mail sent before the P&P went, so it offers the
 * way back to where the user came from and to the library rather than a dead end.
 */
export function PnpNotFound({ orgId }: { readonly orgId: string }) {
  const navigate = useNavigate();
  const previous = usePreviousRoute();
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} data-testid="pnp-not-found">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">This P&P no longer exists, or you do not have access to it.</Text>
        <Group gap="sm" mt="xs">
          {previous && !previous.startsWith('/error/') && (
            <Button variant="default" onClick={() => void navigate(-1)}>
              Go back
            </Button>
          )}
          <Button component={Link} to={`/orgs/${orgId}/pnps`} variant="light">
            Go to Library
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
