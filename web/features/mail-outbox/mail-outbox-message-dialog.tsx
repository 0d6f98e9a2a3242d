import { Box, Code, Group, Modal, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '../../components/query-status';
import { formatMessageDateTime } from '../../lib/format';
import { mailOutboxApi, mailOutboxKeys } from './mail-outbox-api';

/**
 * One outbox message: its plain text as text, its HTML in a sandboxed frame (no scripts, no
 * same-origin access, no forms, no navigation of this page), so whatever a message holds stays
 * inside the frame.
 */
export function MailOutboxMessageDialog({ id, onClose }: { readonly id: number | null; readonly onClose: () => void }) {
  const query = useQuery({
    queryKey: mailOutboxKeys.one(id ?? 0),
    queryFn: () => mailOutboxApi.one(id ?? 0),
    enabled: id !== null,
  });
  const message = query.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title={message?.subject ?? 'Message'} size="xl">
      {!message ? (
        <QueryStatus query={query} title="The message could not be loaded" compact />
      ) : (
        <Stack gap="sm">
          <Group gap="lg" wrap="wrap">
            <Text size="sm">
              <Text span c="dimmed">
                To:{' '}
              </Text>
              {message.to}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Status:{' '}
              </Text>
              {message.status}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                Created:{' '}
              </Text>
              {formatMessageDateTime(message.created_at)}
            </Text>
          </Group>
          {message.error && (
            <Text size="sm" c="red.8">
              {message.error}
            </Text>
          )}
          <Tabs defaultValue="text" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="text">Text</Tabs.Tab>
              <Tabs.Tab value="html" disabled={message.body_html === null}>
                HTML
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="text" pt="sm">
              <ScrollArea.Autosize mah={420}>
                <Code block aria-label="Plain-text body" style={{ whiteSpace: 'pre-wrap' }}>
                  {message.body_text}
                </Code>
              </ScrollArea.Autosize>
            </Tabs.Panel>
            <Tabs.Panel value="html" pt="sm">
              {message.body_html !== null && (
                <Box
                  component="iframe"
                  title="HTML body"
                  sandbox=""
                  referrerPolicy="no-referrer"
                  srcDoc={message.body_html}
                  w="100%"
                  h={420}
                  style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6, background: 'white' }}
                />
              )}
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}
