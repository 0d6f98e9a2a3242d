import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Messages } from '../../../../shared/domain/messages';
import { ApiError } from '../../../lib/api-client';

/**
 * What a failed load of the templates says beside its title: nothing the app has already said (a
 * 500's toast), else the server's sentences, else the generic message (the connection dropped).
 */
function unsaidErrorsOf(error: unknown): readonly string[] {
  if (error instanceof ApiError && error.handled) return [];
  return error instanceof ApiError && error.errors.length > 0 ? error.errors : [Messages.unexpectedError];
}

export interface TemplatesLoadErrorProps {
  readonly error: unknown;
  readonly retrying: boolean;
  readonly onRetry: () => void;
}

/** A failed load of the templates, in place of the list, with a way to ask again. */
export function TemplatesLoadError({ error, retrying, onRetry }: TemplatesLoadErrorProps) {
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title="The templates could not be loaded"
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        {unsaidErrorsOf(error).map((message) => (
          <Text key={message} size="sm">
            {message}
          </Text>
        ))}
        <Button variant="default" size="xs" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
