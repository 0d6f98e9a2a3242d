import { Alert, Button, Stack } from '@mantine/core';

/**
 * Said in a form whose save was refused because someone else changed the record meanwhile: what
 * happened, and Reload to start again from the record as it is now (the form keeps what was typed
 * until then).
 */
export function StaleSaveAlert({
  title,
  message,
  onReload,
}: {
  readonly title: string;
  readonly message: string;
  readonly onReload: () => void;
}) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <div>{message}</div>
        <Button variant="default" size="xs" onClick={onReload}>
          Reload
        </Button>
      </Stack>
    </Alert>
  );
}
