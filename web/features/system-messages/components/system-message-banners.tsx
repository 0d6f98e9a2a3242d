import { Alert, Stack, type MantineSpacing } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { dismissSystemMessage, useDisplayedSystemMessages } from '../system-message-store';

/** Live system messages as info banners (spec §4). */
export function SystemMessageBanners({ mb }: { readonly mb?: MantineSpacing }) {
  const messages = useDisplayedSystemMessages();
  if (messages.length === 0) return null;
  return (
    <Stack gap="xs" mb={mb} data-testid="system-messages">
      {messages.map((message) => (
        <Alert
          key={message.id}
          color="tenet"
          variant="light"
          icon={<IconSpeakerphone size={20} aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss system message"
          onClose={() => dismissSystemMessage(message.id)}
          role="status"
          data-location={message.location}
          styles={{ message: { color: 'var(--mantine-color-gray-9)', whiteSpace: 'pre-line' } }}
        >
          {message.message}
        </Alert>
      ))}
    </Stack>
  );
}
