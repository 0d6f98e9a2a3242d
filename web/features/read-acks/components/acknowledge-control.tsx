import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDisplayDate } from '../../../lib/format';
import { markAsRead, readAckKeys, userHasAcknowledged } from '../api/read-acks-api';
import { showErrors } from './show-errors';

/**
 * For a reader with an open Acknowledge task on this P&P: 'Acknowledge', enabled once the reader
 * has opened the current version since the request (the library's reading view records the
 * opening). Nothing is shown to anyone else.
 */
export function AcknowledgeControl({ orgId, pnpId }: { readonly orgId: string; readonly pnpId: number }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: readAckKeys.mine(orgId, pnpId),
    queryFn: () => userHasAcknowledged(orgId, pnpId),
    retry: false,
  });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const pending = query.data;

  if (done) {
    return (
      <Alert color="green" variant="light" role="status" title="Acknowledged">
        {`You acknowledged that you have read this P&P on ${formatDisplayDate(done)}.`}
      </Alert>
    );
  }
  if (!pending?.pending || pending.read_acknowledgement_id === null) return null;
  const id = pending.read_acknowledgement_id;
  const acknowledge = async (): Promise<void> => {
    setBusy(true);
    try {
      const res = await markAsRead(orgId, pnpId, id);
      setDone(res.acknowledged_at);
      await queryClient.invalidateQueries({ queryKey: readAckKeys.all(orgId, pnpId) });
    } catch (error) {
      showErrors(error);
      await query.refetch();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="blue" variant="light" title="Read acknowledgement requested">
      <Stack gap="xs">
        <Text size="sm">
          {`${pending.name ?? 'A read acknowledgement'}: please read this P&P and acknowledge it${
            pending.due_date ? ` by ${formatDisplayDate(pending.due_date)}` : ''
          }.`}
        </Text>
        <Group gap="sm">
          <Button
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={!pending.opened}
            loading={busy}
            onClick={() => void acknowledge()}
          >
            Acknowledge
          </Button>
          {!pending.opened && (
            <Text size="sm" c="dimmed">
              Open the document before you acknowledge it.
            </Text>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
