import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** hstm/orgs/{orgId} for an id that is no organisation's: said plainly, with the way back to the list. */
export function OrgNotFound({ orgId }: { readonly orgId: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} data-testid="org-not-found">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          Organization not found
        </Title>
        <Text size="sm">
          There is no organization with the id “{orgId}”. It may have been deleted, or the address is wrong.
        </Text>
        <Button component={Link} to="/hstm/orgs" variant="light" mt="xs">
          Back to Organizations
        </Button>
      </Stack>
    </Paper>
  );
}
