import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LoadFailedAlertProps {
  /** What could not be had: 'The items could not be listed'. */
  readonly title: string;
  /** The sentences to say (the server's, or the generic one); none when a toast already said them. */
  readonly messages: readonly string[];
  /** A request asking again is in flight. */
  readonly retrying: boolean;
  readonly onRetry: () => void;
  readonly color?: 'red' | 'orange';
  /** A further line, such as another way to the same thing ('Use Download to open it.'). */
  readonly children?: ReactNode;
}

/**
 * A load that failed, said in place of what it would have shown, with a way to ask again: without
 * it a screen stays blank or empty once the failure's toast has gone, as if there were nothing.
 */
export function LoadFailedAlert({ title, messages, retrying, onRetry, color = 'red', children }: LoadFailedAlertProps) {
  return (
    <Alert color={color} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        {messages.map((message) => (
          <Text key={message} size="sm">
            {message}
          </Text>
        ))}
        {children}
        <Button variant="default" size="xs" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
